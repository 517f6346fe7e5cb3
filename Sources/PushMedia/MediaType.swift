/// A media type a notification attachment may have (`UNNotificationAttachment` supported types).
///
/// The table of Behavior.md §6.3: images (JPEG, GIF, PNG), audio (AIFF, WAV, MP3, MPEG-4 audio) and
/// movies (MPEG, MPEG-2, MPEG-4, AVI). The raw value is the UTI iOS reports as the attachment's
/// `type`. Types come from a type hint, a file extension or a `Content-Type`, and are confirmed
/// by the file's leading bytes (``sniff(_:)``, Rules.md §7).
public enum MediaType: String, Sendable, Hashable, CaseIterable {
  /// `kUTTypeJPEG`.
  case jpeg = "public.jpeg"
  /// `kUTTypePNG`.
  case png = "public.png"
  /// `kUTTypeGIF`.
  case gif = "com.compuserve.gif"
  /// `kUTTypeAudioInterchangeFileFormat`.
  case aiff = "public.aiff-audio"
  /// `kUTTypeWaveformAudio`.
  case wav = "com.microsoft.waveform-audio"
  /// `kUTTypeMP3`.
  case mp3 = "public.mp3"
  /// `kUTTypeMPEG4Audio` (`.m4a`).
  case mpeg4Audio = "public.mpeg-4-audio"
  /// `kUTTypeMPEG` (MPEG-1 program stream).
  case mpeg = "public.mpeg"
  /// `kUTTypeMPEG2Video`.
  case mpeg2Video = "public.mpeg-2-video"
  /// `kUTTypeMPEG4` (`.mp4`).
  case mpeg4 = "public.mpeg-4"
  /// `kUTTypeAVIMovie`.
  case avi = "public.avi"

  /// The three kinds of Behavior.md §6.3, each with its own size limit.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// JPEG, PNG, GIF: 10 MiB.
    case image
    /// AIFF, WAV, MP3, MPEG-4 audio: 5 MiB.
    case audio
    /// MPEG, MPEG-2, MPEG-4, AVI: 50 MiB.
    case video

    /// The largest file of this kind an attachment may be: image 10 MiB, audio 5 MiB,
    /// video 50 MiB (Behavior.md §6.3; MiB = 2^20 bytes is Rules.md §7).
    public var sizeLimit: Int {
      switch self {
      case .image: 10 << 20
      case .audio: 5 << 20
      case .video: 50 << 20
      }
    }
  }

  /// The largest limit of any kind: what a download may take before its type is known.
  package static let largestSizeLimit = Kind.video.sizeLimit

  /// Image, audio or video.
  public var kind: Kind {
    switch self {
    case .jpeg, .png, .gif: .image
    case .aiff, .wav, .mp3, .mpeg4Audio: .audio
    case .mpeg, .mpeg2Video, .mpeg4, .avi: .video
    }
  }

  /// The size limit for this type's kind.
  public var sizeLimit: Int { kind.sizeLimit }

  /// The file extension PushSim gives a file of this type.
  package var preferredFileExtension: String {
    switch self {
    case .jpeg: "jpg"
    case .png: "png"
    case .gif: "gif"
    case .aiff: "aiff"
    case .wav: "wav"
    case .mp3: "mp3"
    case .mpeg4Audio: "m4a"
    case .mpeg: "mpg"
    case .mpeg2Video: "m2v"
    case .mpeg4: "mp4"
    case .avi: "avi"
    }
  }

  /// The type for a UTI (a type hint), or `nil` for one attachments do not support.
  package init?(uti: String) {
    self.init(rawValue: uti)
  }

  /// The type a file extension names (case-insensitive), or `nil`.
  public init?(fileExtension: String) {
    switch fileExtension.lowercased() {
    case "jpg", "jpeg", "jpe": self = .jpeg
    case "png": self = .png
    case "gif": self = .gif
    case "aif", "aiff", "aifc": self = .aiff
    case "wav", "wave": self = .wav
    case "mp3": self = .mp3
    case "m4a": self = .mpeg4Audio
    case "mpg", "mpeg", "mpe", "m1v": self = .mpeg
    case "m2v": self = .mpeg2Video
    case "mp4", "m4v": self = .mpeg4
    case "avi": self = .avi
    default: return nil
    }
  }

  /// The type a `Content-Type` header names (parameters such as `; charset=` ignored), or `nil`
  /// for a MIME type that is not a supported attachment type.
  public init?(mimeType: String) {
    let essence =
      mimeType.split(separator: ";", maxSplits: 1).first.map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      } ?? ""
    switch essence {
    case "image/jpeg", "image/jpg", "image/pjpeg": self = .jpeg
    case "image/png", "image/x-png": self = .png
    case "image/gif": self = .gif
    case "audio/aiff", "audio/x-aiff": self = .aiff
    case "audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave": self = .wav
    case "audio/mpeg", "audio/mp3", "audio/mpeg3", "audio/x-mpeg-3": self = .mp3
    case "audio/mp4", "audio/m4a", "audio/x-m4a": self = .mpeg4Audio
    case "video/mpeg": self = .mpeg
    case "video/mp4", "video/x-m4v": self = .mpeg4
    case "video/avi", "video/x-msvideo", "video/msvideo": self = .avi
    default: return nil
    }
  }

  /// Whether a `Content-Type` is too generic to name a type (`application/octet-stream`,
  /// `binary/octet-stream`): the bytes then decide (Rules.md §7).
  package static func isGeneric(mimeType: String) -> Bool {
    let essence =
      mimeType.split(separator: ";", maxSplits: 1).first.map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      } ?? ""
    return essence.isEmpty || essence == "application/octet-stream"
      || essence == "binary/octet-stream"
  }

  /// The number of leading bytes ``sniff(_:)`` looks at.
  package static let sniffLength = 16

  /// The type the leading bytes of a file show, or `nil` when they match none.
  ///
  /// Signatures: JPEG `FF D8 FF`; PNG `89 'PNG' 0D 0A 1A 0A`; GIF `GIF87a`/`GIF89a`;
  /// AIFF `FORM….AIFF`/`AIFC`; WAV `RIFF….WAVE`; AVI `RIFF….AVI `; MP3 an `ID3` tag or an
  /// MPEG audio layer III frame sync; MPEG-4 an `ftyp` box (brand `M4A `/`M4B `/`M4P ` is
  /// audio, any other a movie); MPEG a pack or sequence header `00 00 01 BA`/`B3`.
  package static func sniff(_ bytes: some Collection<UInt8>) -> MediaType? {
    let b = Array(bytes.prefix(sniffLength))
    func matches(_ signature: [UInt8], at offset: Int = 0) -> Bool {
      guard b.count >= offset + signature.count else { return false }
      return Array(b[offset..<offset + signature.count]) == signature
    }
    func ascii(_ text: String, at offset: Int = 0) -> Bool { matches(Array(text.utf8), at: offset) }

    if matches([0xFF, 0xD8, 0xFF]) { return .jpeg }
    if matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if ascii("GIF87a") || ascii("GIF89a") { return .gif }
    if ascii("FORM") && (ascii("AIFF", at: 8) || ascii("AIFC", at: 8)) { return .aiff }
    if ascii("RIFF") && ascii("WAVE", at: 8) { return .wav }
    if ascii("RIFF") && ascii("AVI ", at: 8) { return .avi }
    if ascii("ftyp", at: 4) {
      if ascii("M4A ", at: 8) || ascii("M4B ", at: 8) || ascii("M4P ", at: 8) {
        return .mpeg4Audio
      }
      return b.count >= 12 ? .mpeg4 : nil
    }
    if matches([0x00, 0x00, 0x01, 0xBA]) || matches([0x00, 0x00, 0x01, 0xB3]) { return .mpeg }
    if ascii("ID3") { return .mp3 }
    if b.count >= 2, b[0] == 0xFF, b[1] & 0xE0 == 0xE0 {
      let version = (b[1] >> 3) & 0x03  // 01 is reserved
      let layer = (b[1] >> 1) & 0x03  // 01 is layer III
      if version != 0x01 && layer == 0x01 { return .mp3 }
    }
    return nil
  }

  /// Whether a file declared as this type may hold bytes sniffed as `sniffed`.
  ///
  /// The same type always agrees. MPEG-4 audio and movie share the `ftyp` container, and MPEG
  /// and MPEG-2 video the pack header, so each pair agrees with itself (Rules.md §7;
  /// the brand does not decide, since real `.m4a` files often carry `mp42`/`isom`).
  package func agrees(withSniffed sniffed: MediaType) -> Bool {
    if self == sniffed { return true }
    switch (self, sniffed) {
    case (.mpeg4, .mpeg4Audio), (.mpeg4Audio, .mpeg4): return true
    case (.mpeg2Video, .mpeg), (.mpeg, .mpeg2Video): return true
    default: return false
    }
  }
}

extension MediaType: CustomStringConvertible {
  /// A short name for logs: `JPEG`, `PNG`, `MP3`, …
  public var description: String {
    switch self {
    case .jpeg: "JPEG"
    case .png: "PNG"
    case .gif: "GIF"
    case .aiff: "AIFF"
    case .wav: "WAV"
    case .mp3: "MP3"
    case .mpeg4Audio: "MPEG-4 audio"
    case .mpeg: "MPEG"
    case .mpeg2Video: "MPEG-2 video"
    case .mpeg4: "MPEG-4"
    case .avi: "AVI"
    }
  }
}
