/// How a category's notifications behave (`UNNotificationCategoryOptions`); raw values are
/// Apple's (Behavior.md §8).
public struct UNNotificationCategoryOptions: OptionSet, Sendable, Hashable {
  /// The raw bits, as Apple defines them.
  public let rawValue: UInt
  /// Creates options from a raw value.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// Send the delegate a ``UNNotificationDismissActionIdentifier`` response on an explicit
  /// dismiss.
  public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
  /// Allow the notifications in CarPlay.
  public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
  /// Show the title when previews are hidden.
  public static let hiddenPreviewsShowTitle = UNNotificationCategoryOptions(rawValue: 1 << 2)
  /// Show the subtitle when previews are hidden.
  public static let hiddenPreviewsShowSubtitle = UNNotificationCategoryOptions(rawValue: 1 << 3)
  /// Allow Siri to announce (deprecated: always allowed).
  @available(*, deprecated, message: "Announcement is always allowed")
  public static let allowAnnouncement = UNNotificationCategoryOptions(rawValue: 1 << 4)
}

/// A kind of notification the app registers, with its action buttons
/// (`UNNotificationCategory`); a notification whose `categoryIdentifier` names it shows them.
open class UNNotificationCategory: NSObject, NSCopying, @unchecked Sendable {
  /// The identifier payloads name in `aps.category`.
  public let identifier: String
  /// The action buttons, in order.
  public let actions: [UNNotificationAction]
  /// SiriKit intent identifiers.
  public let intentIdentifiers: [String]
  /// The body placeholder shown when previews are hidden (`""` means iOS's default).
  public let hiddenPreviewsBodyPlaceholder: String
  /// The summary line's format for a group (`"%u more messages"`; `""` means iOS's default).
  public let categorySummaryFormat: String
  /// How the category's notifications behave.
  public let options: UNNotificationCategoryOptions

  /// Creates a category.
  public convenience init(
    identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
    options: UNNotificationCategoryOptions = []
  ) {
    self.init(
      identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
      hiddenPreviewsBodyPlaceholder: nil, categorySummaryFormat: nil, options: options)
  }

  /// Creates a category with a placeholder for hidden previews (iOS 11).
  public convenience init(
    identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
    hiddenPreviewsBodyPlaceholder: String, options: UNNotificationCategoryOptions = []
  ) {
    self.init(
      identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
      hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder, categorySummaryFormat: nil,
      options: options)
  }

  /// Creates a category with a placeholder and a summary format (iOS 12).
  public init(
    identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
    hiddenPreviewsBodyPlaceholder: String?, categorySummaryFormat: String?,
    options: UNNotificationCategoryOptions = []
  ) {
    self.identifier = identifier
    self.actions = actions
    self.intentIdentifiers = intentIdentifiers
    self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder ?? ""
    self.categorySummaryFormat = categorySummaryFormat ?? ""
    self.options = options
    super.init()
  }

  /// Categories are immutable: a copy is the same object.
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// Categories are equal when every property is, so a `Set` holds one of each.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UNNotificationCategory else { return false }
    return identifier == other.identifier && actions == other.actions
      && intentIdentifiers == other.intentIdentifiers
      && hiddenPreviewsBodyPlaceholder == other.hiddenPreviewsBodyPlaceholder
      && categorySummaryFormat == other.categorySummaryFormat && options == other.options
  }

  /// A hash of the identifier.
  open override var hash: Int { identifier.hashValue }
}
