public import Foundation

/// A media file attached to a notification (`UNNotificationAttachment`).
///
/// The device validates attachments after the service extension finishes (Behavior.md §6.3): a
/// readable local file whose type (from `options.typeHint`, else the file extension) agrees
/// with its leading bytes and whose size is within the limit for its kind.
public struct NotificationAttachment: Sendable, Hashable {
  /// The identifier (`""` asks the system for a unique one).
  public var identifier: String
  /// A local `file:` URL.
  public var url: URL
  /// The uniform type identifier (`public.jpeg`), filled in by validation.
  public var type: String
  /// Creation options.
  public var options: Options

  /// `UNNotificationAttachmentOptions…Key` values.
  public struct Options: Sendable, Hashable {
    /// `UNNotificationAttachmentOptionsTypeHintKey`: a UTI that overrides the file extension.
    public var typeHint: String?
    /// `UNNotificationAttachmentOptionsThumbnailHiddenKey`.
    public var thumbnailHidden: Bool
    /// `UNNotificationAttachmentOptionsThumbnailClippingRectKey`: a normalized rectangle (0…1).
    public var thumbnailClippingRect: ClippingRect?
    /// `UNNotificationAttachmentOptionsThumbnailTimeKey`: frame number or seconds.
    public var thumbnailTime: Double?

    /// Creates options; defaults show the thumbnail unclipped.
    public init(
      typeHint: String? = nil, thumbnailHidden: Bool = false,
      thumbnailClippingRect: ClippingRect? = nil, thumbnailTime: Double? = nil
    ) {
      self.typeHint = typeHint
      self.thumbnailHidden = thumbnailHidden
      self.thumbnailClippingRect = thumbnailClippingRect
      self.thumbnailTime = thumbnailTime
    }
  }

  /// A normalized rectangle (`CGRect.dictionaryRepresentation` with values in 0…1).
  public struct ClippingRect: Sendable, Hashable {
    /// The left edge, from 0 (the image's left) to 1.
    public var x: Double
    /// The top edge, from 0 (the image's top) to 1.
    public var y: Double
    /// The width, as a fraction of the image's.
    public var width: Double
    /// The height, as a fraction of the image's.
    public var height: Double
    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }
  }

  /// Creates an attachment; `type` is settled by validation.
  public init(identifier: String, url: URL, type: String = "", options: Options = Options()) {
    self.identifier = identifier
    self.url = url
    self.type = type
    self.options = options
  }
}
