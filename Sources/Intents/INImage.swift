/// An image for an intent: a person's avatar, a group's image (`INImage`).
///
/// The image keeps its bytes, read when it is made: `init(imageData:)` keeps the data as given,
/// `init(url:)` reads a local file (a remote URL gives `nil`, as on iOS: nothing is fetched),
/// `init(named:)` looks the name up in the main bundle. The device shows these bytes as the
/// notification's avatar (Rules.md §16).
///
/// It is `@unchecked Sendable` because it never changes once made.
open class INImage: NSObject, NSCopying, @unchecked Sendable {
  /// How the image was made, its name, and its bytes (`nil`: a name with no file behind it):
  /// what the device shows as an avatar. Set once, before the image is handed out.
  package private(set) var contents = Contents(source: .data)

  /// How an image was made, its name and its bytes.
  package struct Contents: Sendable, Equatable {
    /// How an image was made.
    package enum Source: String, Sendable {
      /// `init(imageData:)`.
      case data
      /// `init(url:)`.
      case file
      /// `init(named:)`.
      case named
      /// `systemImageNamed(_:)`.
      case system
    }

    /// How the image was made.
    package var source: Source
    /// The file's or image's name (`nil` for data).
    package var name: String?
    /// The bytes (`nil`: a name with no file behind it, or a system image).
    package var data: Data?

    /// Contents with the given values.
    package init(source: Source, name: String? = nil, data: Data? = nil) {
      self.source = source
      self.name = name
      self.data = data
    }
  }

  /// An image without bytes (NSObject's `init()`, which Apple's class keeps).
  public required override init() { super.init() }

  convenience init(contents: Contents) {
    self.init()
    self.contents = contents
  }

  /// An image of the app's bundle (`imageNamed:`); a PNG may be named without its extension.
  /// On Linux the bundle is the main bundle; a name it does not hold keeps the name only.
  public convenience init(named name: String) {
    self.init(
      contents: Contents(source: .named, name: name, data: Self.bundleImage(named: name)))
  }

  /// An image from encoded image data (`imageWithImageData:`), kept as given.
  public convenience init(imageData: Data) {
    self.init(contents: Contents(source: .data, name: nil, data: imageData))
  }

  /// An image from a local file (`imageWithURL:`); `nil` when the URL is not a file URL or the
  /// file cannot be read.
  public convenience init?(url: URL) {
    guard url.isFileURL, let data = FileManager.default.contents(atPath: url.path) else {
      return nil
    }
    self.init(contents: Contents(source: .file, name: url.lastPathComponent, data: data))
  }

  /// An image from a local file, with the size to show it at (`imageWithURL:width:height:`,
  /// iOS 11); the size is not used on Linux.
  public convenience init?(url: URL, width: Double, height: Double) {
    self.init(url: url)
  }

  /// An SF Symbol (`systemImageNamed:`, iOS 14): the name only; the device has no symbols to
  /// draw.
  open class func systemImageNamed(_ systemImageName: String) -> Self {
    let image = self.init()
    image.contents = Contents(source: .system, name: systemImageName, data: nil)
    return image
  }

  /// Images are immutable: a copy is the image itself (`NSCopying`).
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// Images are equal when they were made the same way from the same bytes.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? INImage else { return false }
    return contents == other.contents
  }

  /// A hash of the source and name.
  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(contents.source.rawValue)
    hasher.combine(contents.name)
    return hasher.finalize()
  }

  /// The bytes of `name` (or `name.png`) in the main bundle, if it holds such a file.
  private static func bundleImage(named name: String) -> Data? {
    let candidates = [
      Bundle.main.url(forResource: name, withExtension: nil),
      Bundle.main.url(forResource: name, withExtension: "png"),
    ]
    for case let url? in candidates {
      if let data = FileManager.default.contents(atPath: url.path) { return data }
    }
    return nil
  }
}
