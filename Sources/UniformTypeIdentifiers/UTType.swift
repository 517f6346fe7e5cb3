// PushSim's UniformTypeIdentifiers for Linux: `UTType` with Apple's names for the types
// notification attachments use, so an extension's attachment code compiles unchanged. Like
// Apple's framework, the module re-exports Foundation.

@_exported import Foundation

/// A uniform type identifier (`public.jpeg`), with its filename extensions, MIME types and the
/// types it conforms to, from a table of the common types (``UTType/declared``) covering every
/// type a notification attachment can have.
///
/// As on Apple platforms, an extension or MIME type the table does not know gives a dynamic type
/// (`dyn.…`, ``isDynamic``) conforming to the type asked for; ``init(_:)`` with an unknown
/// identifier gives `nil` (Linux has no system type database: only the table's types are
/// declared).
public struct UTType: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The identifier (`public.jpeg`).
  public let identifier: String
  /// Filename extensions, preferred first.
  private let filenameExtensions: [String]
  /// MIME types, preferred first.
  private let mimeTypes: [String]
  /// The types this one directly conforms to.
  private let parents: [String]
  /// Whether the type was made for an unknown tag.
  public let isDynamic: Bool

  private init(
    _ identifier: String, conformsTo parents: [String], extensions: [String] = [],
    mime: [String] = [], dynamic: Bool = false
  ) {
    self.identifier = identifier
    self.parents = parents
    filenameExtensions = extensions
    mimeTypes = mime
    isDynamic = dynamic
  }

  public static func == (lhs: UTType, rhs: UTType) -> Bool { lhs.identifier == rhs.identifier }
  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

  /// The declared type named `identifier` (case-insensitive, as identifiers are); `nil` for an
  /// identifier the table does not declare.
  public init?(_ identifier: String) {
    guard let type = Self.byIdentifier[identifier.lowercased()] else { return nil }
    self = type
  }

  /// The declared type whose filename extensions include `filenameExtension` (without the dot,
  /// case-insensitive) and that conforms to `supertype`; otherwise a dynamic type for it.
  public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
    let tag = filenameExtension.lowercased()
    guard !tag.isEmpty else { return nil }
    if let type = Self.declared.first(where: {
      $0.filenameExtensions.contains(tag) && $0.conforms(to: supertype)
    }) {
      self = type
    } else {
      self = UTType(
        "dyn.filename-extension.\(tag)", conformsTo: [supertype.identifier], extensions: [tag],
        dynamic: true)
    }
  }

  /// The declared type whose MIME types include `mimeType` (parameters such as `; charset=`
  /// ignored, case-insensitive) and that conforms to `supertype`; otherwise a dynamic type.
  public init?(mimeType: String, conformingTo supertype: UTType = .data) {
    let tag =
      mimeType.split(separator: ";", maxSplits: 1).first.map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      } ?? ""
    guard !tag.isEmpty else { return nil }
    if let type = Self.declared.first(where: {
      $0.mimeTypes.contains(tag) && $0.conforms(to: supertype)
    }) {
      self = type
    } else {
      self = UTType(
        "dyn.mime-type.\(tag)", conformsTo: [supertype.identifier], mime: [tag], dynamic: true)
    }
  }

  /// A type the app declares (exported in its Info.plist), conforming to `parentType`.
  public init(exportedAs identifier: String, conformingTo parentType: UTType? = nil) {
    self =
      Self.byIdentifier[identifier.lowercased()]
      ?? UTType(identifier, conformsTo: parentType.map { [$0.identifier] } ?? [])
  }

  /// A type the app imports (declared by another app), conforming to `parentType`.
  public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) {
    self.init(exportedAs: identifier, conformingTo: parentType)
  }

  /// The preferred filename extension (`jpeg` for `public.jpeg`), if the type has one.
  public var preferredFilenameExtension: String? { filenameExtensions.first }

  /// The preferred MIME type (`image/jpeg`), if the type has one.
  public var preferredMIMEType: String? { mimeTypes.first }

  /// Whether the table declares the type.
  public var isDeclared: Bool { !isDynamic }

  /// Whether the identifier is in Apple's `public.` domain.
  public var isPublic: Bool { identifier.hasPrefix("public.") }

  /// The types this one conforms to, directly or not (itself excluded).
  public var supertypes: Set<UTType> {
    var found: Set<UTType> = []
    var queue = parents
    while let next = queue.popLast() {
      guard let type = Self.byIdentifier[next.lowercased()], found.insert(type).inserted else {
        continue
      }
      queue += type.parents
    }
    return found
  }

  /// Whether this type is `type` or conforms to it (`UTType.jpeg.conforms(to: .image)`).
  public func conforms(to type: UTType) -> Bool {
    self == type || parents.contains(type.identifier) || supertypes.contains(type)
  }

  /// Whether `type` conforms to this one and is not it.
  public func isSupertype(of type: UTType) -> Bool { type != self && type.conforms(to: self) }

  /// Whether this type conforms to `type` and is not it.
  public func isSubtype(of type: UTType) -> Bool { type != self && conforms(to: type) }

  /// The identifier.
  public var description: String { identifier }

  /// The identifier.
  public var debugDescription: String { identifier }

  // MARK: The table

  private static func declare(
    _ identifier: String, _ parents: [String], extensions: [String] = [], mime: [String] = []
  ) -> UTType {
    UTType(identifier, conformsTo: parents, extensions: extensions, mime: mime)
  }

  /// Every declared type: the abstract ones, and every image, audio and video type a
  /// notification attachment accepts (Rules.md §9.10), with common document types.
  public static let declared: [UTType] = [
    item, content, data, compositeContent, text, plainText, utf8PlainText, json, xml, html,
    pdf, url, fileURL, archive, zip, image, jpeg, png, gif, heic, heif, tiff, bmp, webP, svg,
    rawImage, audiovisualContent, movie, video, audio, quickTimeMovie, mpeg, mpeg2Video,
    mpeg4Movie, avi, mp3, mpeg4Audio, wav, aiff, midi, folder, directory,
  ]

  private static let byIdentifier: [String: UTType] = Dictionary(
    declared.map { ($0.identifier.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })

  /// `public.item`: the root of physical types.
  public static let item = declare("public.item", [])
  /// `public.content`: the root of content types.
  public static let content = declare("public.content", [])
  /// `public.data`: bytes.
  public static let data = declare("public.data", ["public.item"])
  /// `public.composite-content`.
  public static let compositeContent = declare("public.composite-content", ["public.content"])
  /// `public.text`.
  public static let text = declare("public.text", ["public.data", "public.content"])
  /// `public.plain-text`.
  public static let plainText = declare(
    "public.plain-text", ["public.text"], extensions: ["txt", "text"], mime: ["text/plain"])
  /// `public.utf8-plain-text`.
  public static let utf8PlainText = declare("public.utf8-plain-text", ["public.plain-text"])
  /// `public.json`.
  public static let json = declare(
    "public.json", ["public.text"], extensions: ["json"], mime: ["application/json"])
  /// `public.xml`.
  public static let xml = declare(
    "public.xml", ["public.text"], extensions: ["xml"], mime: ["application/xml", "text/xml"])
  /// `public.html`.
  public static let html = declare(
    "public.html", ["public.text"], extensions: ["html", "htm"], mime: ["text/html"])
  /// `com.adobe.pdf`.
  public static let pdf = declare(
    "com.adobe.pdf", ["public.data", "public.composite-content"], extensions: ["pdf"],
    mime: ["application/pdf"])
  /// `public.url`.
  public static let url = declare("public.url", ["public.data"])
  /// `public.file-url`.
  public static let fileURL = declare("public.file-url", ["public.url"])
  /// `public.archive`.
  public static let archive = declare("public.archive", ["public.data"])
  /// `public.zip-archive`.
  public static let zip = declare(
    "public.zip-archive", ["public.archive"], extensions: ["zip"], mime: ["application/zip"])
  /// `public.image`.
  public static let image = declare("public.image", ["public.data", "public.content"])
  /// `public.jpeg`: a notification attachment type (10 MB).
  public static let jpeg = declare(
    "public.jpeg", ["public.image"], extensions: ["jpeg", "jpg", "jpe"],
    mime: ["image/jpeg", "image/jpg", "image/pjpeg"])
  /// `public.png`: a notification attachment type (10 MB).
  public static let png = declare(
    "public.png", ["public.image"], extensions: ["png"], mime: ["image/png", "image/x-png"])
  /// `com.compuserve.gif`: a notification attachment type (10 MB).
  public static let gif = declare(
    "com.compuserve.gif", ["public.image"], extensions: ["gif"], mime: ["image/gif"])
  /// `public.heif`.
  public static let heif = declare(
    "public.heif", ["public.image"], extensions: ["heif"], mime: ["image/heif"])
  /// `public.heic`.
  public static let heic = declare(
    "public.heic", ["public.heif"], extensions: ["heic"], mime: ["image/heic"])
  /// `public.tiff`.
  public static let tiff = declare(
    "public.tiff", ["public.image"], extensions: ["tiff", "tif"], mime: ["image/tiff"])
  /// `com.microsoft.bmp`.
  public static let bmp = declare(
    "com.microsoft.bmp", ["public.image"], extensions: ["bmp"], mime: ["image/bmp"])
  /// `org.webmproject.webp`.
  public static let webP = declare(
    "org.webmproject.webp", ["public.image"], extensions: ["webp"], mime: ["image/webp"])
  /// `public.svg-image`.
  public static let svg = declare(
    "public.svg-image", ["public.image", "public.xml"], extensions: ["svg"],
    mime: ["image/svg+xml"])
  /// `public.camera-raw-image`.
  public static let rawImage = declare("public.camera-raw-image", ["public.image"])
  /// `public.audiovisual-content`.
  public static let audiovisualContent = declare(
    "public.audiovisual-content", ["public.data", "public.content"])
  /// `public.movie`.
  public static let movie = declare("public.movie", ["public.audiovisual-content"])
  /// `public.video`.
  public static let video = declare("public.video", ["public.movie"])
  /// `public.audio`.
  public static let audio = declare("public.audio", ["public.audiovisual-content"])
  /// `com.apple.quicktime-movie`.
  public static let quickTimeMovie = declare(
    "com.apple.quicktime-movie", ["public.movie"], extensions: ["mov", "qt"],
    mime: ["video/quicktime"])
  /// `public.mpeg`: a notification attachment type (50 MB).
  public static let mpeg = declare(
    "public.mpeg", ["public.movie"], extensions: ["mpg", "mpeg", "mpe", "m1v"],
    mime: ["video/mpeg"])
  /// `public.mpeg-2-video`: a notification attachment type (50 MB).
  public static let mpeg2Video = declare(
    "public.mpeg-2-video", ["public.video"], extensions: ["m2v"], mime: ["video/mpeg2"])
  /// `public.mpeg-4`: a notification attachment type (50 MB).
  public static let mpeg4Movie = declare(
    "public.mpeg-4", ["public.movie"], extensions: ["mp4", "m4v"],
    mime: ["video/mp4", "video/x-m4v"])
  /// `public.avi`: a notification attachment type (50 MB).
  public static let avi = declare(
    "public.avi", ["public.movie"], extensions: ["avi"],
    mime: ["video/avi", "video/x-msvideo", "video/msvideo"])
  /// `public.mp3`: a notification attachment type (5 MB).
  public static let mp3 = declare(
    "public.mp3", ["public.audio"], extensions: ["mp3"],
    mime: ["audio/mpeg", "audio/mp3", "audio/mpeg3", "audio/x-mpeg-3"])
  /// `public.mpeg-4-audio`: a notification attachment type (5 MB).
  public static let mpeg4Audio = declare(
    "public.mpeg-4-audio", ["public.audio"], extensions: ["m4a"],
    mime: ["audio/mp4", "audio/m4a", "audio/x-m4a"])
  /// `com.microsoft.waveform-audio`: a notification attachment type (5 MB).
  public static let wav = declare(
    "com.microsoft.waveform-audio", ["public.audio"], extensions: ["wav", "wave"],
    mime: ["audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave"])
  /// `public.aiff-audio`: a notification attachment type (5 MB).
  public static let aiff = declare(
    "public.aiff-audio", ["public.audio"], extensions: ["aiff", "aif", "aifc"],
    mime: ["audio/aiff", "audio/x-aiff"])
  /// `public.midi-audio`.
  public static let midi = declare(
    "public.midi-audio", ["public.audio"], extensions: ["mid", "midi"], mime: ["audio/midi"])
  /// `public.directory`.
  public static let directory = declare("public.directory", ["public.item"])
  /// `public.folder`.
  public static let folder = declare("public.folder", ["public.directory"])
}
