// The attachment rules (PushMedia) are the device's own too: one copy, which the device applies
// to the attachments an extension delivers. Nothing of them shows in this module's API.
internal import PushMedia

/// The options key of a type hint: a UTI string (`"public.jpeg"`) that overrides the file
/// extension (`UNNotificationAttachmentOptionsTypeHintKey`).
public let UNNotificationAttachmentOptionsTypeHintKey = "UNNotificationAttachmentOptionsTypeHintKey"
/// The options key that hides the thumbnail: a Boolean (`UNNotificationAttachmentOptionsThumbnailHiddenKey`).
public let UNNotificationAttachmentOptionsThumbnailHiddenKey =
  "UNNotificationAttachmentOptionsThumbnailHiddenKey"
/// The options key of the thumbnail's clipping rectangle: a normalized `CGRect` dictionary
/// (`X`, `Y`, `Width`, `Height` in 0…1) (`UNNotificationAttachmentOptionsThumbnailClippingRectKey`).
public let UNNotificationAttachmentOptionsThumbnailClippingRectKey =
  "UNNotificationAttachmentOptionsThumbnailClippingRectKey"
/// The options key of the thumbnail's frame (animated image) or time in seconds (movie)
/// (`UNNotificationAttachmentOptionsThumbnailTimeKey`).
public let UNNotificationAttachmentOptionsThumbnailTimeKey =
  "UNNotificationAttachmentOptionsThumbnailTimeKey"

/// A media file shown with a notification (`UNNotificationAttachment`).
///
/// The initializer checks the file as iOS does (Behavior.md §6.3) and throws a ``UNError``:
/// - not a `file:` URL, no such file, a folder or an unreadable file: `attachmentInvalidURL`;
/// - a type (from ``UNNotificationAttachmentOptionsTypeHintKey``, else the file extension) that
///   is not a supported image, audio or movie type: `attachmentUnrecognizedType`;
/// - an empty file or one over its kind's limit (image 10 MiB, audio 5 MiB, movie 50 MiB):
///   `attachmentInvalidFileSize`;
/// - leading bytes that are not of the type: `attachmentCorrupt` (Rules.md §7).
///
/// An empty identifier is replaced by a unique one, as iOS does. The class is open, so an app's
/// extension may add a convenience initializer that calls this one.
///
/// Deliberate difference: iOS moves the file into its attachment store when the notification is
/// scheduled or delivered; this initializer leaves it where it is, and the hosting device does
/// the move.
open class UNNotificationAttachment: NSObject, NSCopying, @unchecked Sendable {
  /// The identifier (a generated UUID when created with `""`).
  open private(set) var identifier: String
  /// The file's URL.
  open private(set) var url: URL
  /// The file's uniform type identifier (`public.jpeg`).
  open private(set) var type: String
  /// The options the attachment was created with, read into their typed form.
  package let options: Options

  /// The `UNNotificationAttachmentOptions…Key` values an attachment was created with, typed.
  package struct Options: Sendable, Hashable {
    /// ``UNNotificationAttachmentOptionsTypeHintKey``.
    package var typeHint: String?
    /// ``UNNotificationAttachmentOptionsThumbnailHiddenKey``.
    package var thumbnailHidden = false
    /// ``UNNotificationAttachmentOptionsThumbnailClippingRectKey``, normalized (0…1).
    package var thumbnailClippingRect: CGRect?
    /// ``UNNotificationAttachmentOptionsThumbnailTimeKey``.
    package var thumbnailTime: Double?

    /// Options with the given values.
    package init(
      typeHint: String? = nil, thumbnailHidden: Bool = false,
      thumbnailClippingRect: CGRect? = nil, thumbnailTime: Double? = nil
    ) {
      self.typeHint = typeHint
      self.thumbnailHidden = thumbnailHidden
      self.thumbnailClippingRect = thumbnailClippingRect
      self.thumbnailTime = thumbnailTime
    }
  }

  /// Creates an attachment for a local file, checking it as iOS does.
  ///
  /// - Parameters:
  ///   - identifier: The identifier; `""` makes a unique one.
  ///   - url: A `file:` URL of a readable file.
  ///   - options: The `UNNotificationAttachmentOptions…Key` values; wrongly typed values are
  ///     ignored (`source: model`).
  /// - Throws: A ``UNError`` whose code says why the file was refused.
  public init(identifier: String, url: URL, options: [AnyHashable: Any]? = nil) throws {
    let parsed = Self.parse(options ?? [:])
    switch AttachmentFileCheck.type(ofFileAt: url, typeHint: parsed.typeHint) {
    case .success(let type):
      self.identifier = identifier.isEmpty ? UUID().uuidString : identifier
      self.url = url
      self.type = type.rawValue
      self.options = parsed
    case .failure(let rejection):
      throw UNError.make(Self.code(for: rejection.code), rejection.reason)
    }
    super.init()
  }

  /// An attachment the device already checked (what it delivers), not checked again.
  package init(validatedIdentifier identifier: String, url: URL, type: String, options: Options) {
    self.identifier = identifier
    self.url = url
    self.type = type
    self.options = options
    super.init()
  }

  /// Attachments are immutable: a copy is the same object (`NSCopying`).
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// Attachments are equal when identifier, URL and type are.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UNNotificationAttachment else { return false }
    return identifier == other.identifier && url == other.url && type == other.type
  }

  /// A hash of the identifier.
  open override var hash: Int { identifier.hashValue }

  /// `<UNNotificationAttachment: identifier: …, URL: …, type: …>`.
  open override var description: String {
    "<UNNotificationAttachment: identifier: \(identifier), URL: \(url.absoluteString), type: \(type)>"
  }

  static func code(for code: AttachmentFileRejection.Code) -> UNError.Code {
    switch code {
    case .attachmentInvalidURL: .attachmentInvalidURL
    case .attachmentUnrecognizedType: .attachmentUnrecognizedType
    case .attachmentInvalidFileSize: .attachmentInvalidFileSize
    case .attachmentCorrupt: .attachmentCorrupt
    }
  }

  static func parse(_ options: [AnyHashable: Any]) -> Options {
    var parsed = Options()
    parsed.typeHint = options[UNNotificationAttachmentOptionsTypeHintKey] as? String
    parsed.thumbnailHidden =
      (options[UNNotificationAttachmentOptionsThumbnailHiddenKey] as? Bool) ?? false
    parsed.thumbnailTime = number(options[UNNotificationAttachmentOptionsThumbnailTimeKey])
    if let rect = options[UNNotificationAttachmentOptionsThumbnailClippingRectKey]
      as? [AnyHashable: Any],
      let x = number(rect["X"]), let y = number(rect["Y"]),
      let width = number(rect["Width"]), let height = number(rect["Height"])
    {
      parsed.thumbnailClippingRect = CGRect(x: x, y: y, width: width, height: height)
    }
    return parsed
  }

  /// A number given as `NSNumber`, `Double`, `Int` or `CGFloat`.
  private static func number(_ value: Any?) -> Double? {
    switch value {
    case let number as NSNumber: number.doubleValue
    case let double as Double: double
    case let integer as Int: Double(integer)
    case let float as CGFloat: Double(float)
    default: nil
    }
  }

}
