/// How an action behaves (`UNNotificationActionOptions`); raw values are Apple's (Behavior.md §8).
public struct UNNotificationActionOptions: OptionSet, Sendable, Hashable {
  /// The raw bits, as Apple defines them.
  public let rawValue: UInt
  /// Creates options from a raw value.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// Only on an unlocked device.
  public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
  /// Shown as destructive.
  public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
  /// Opens the app in the foreground (otherwise the app runs in the background).
  public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)
}

/// An action button's icon (`UNNotificationActionIcon`, iOS 15): an SF Symbol or an image in
/// the app's asset catalog. PushSim shows neither; it keeps the name.
open class UNNotificationActionIcon: NSObject, NSCopying, @unchecked Sendable {
  /// The SF Symbol name, or `nil`.
  package let systemImageName: String?
  /// The template image name, or `nil`.
  package let templateImageName: String?

  /// An icon from an SF Symbol.
  public init(systemImageName: String) {
    self.systemImageName = systemImageName
    self.templateImageName = nil
    super.init()
  }

  /// An icon from a template image in the app's asset catalog.
  public init(templateImageName: String) {
    self.systemImageName = nil
    self.templateImageName = templateImageName
    super.init()
  }

  /// Icons are immutable: a copy is the same object.
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// Icons are equal when they name the same image.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UNNotificationActionIcon else { return false }
    return systemImageName == other.systemImageName
      && templateImageName == other.templateImageName
  }

  /// A hash of the names.
  open override var hash: Int { (systemImageName ?? templateImageName ?? "").hashValue }
}

/// A button a category shows with its notifications (`UNNotificationAction`).
///
/// Action identifiers must be unique across all categories; the response to picking one carries
/// its ``identifier`` (Behavior.md §8).
open class UNNotificationAction: NSObject, NSCopying, @unchecked Sendable {
  /// The identifier the response carries.
  public let identifier: String
  /// The button's title.
  public let title: String
  /// How the action behaves.
  public let options: UNNotificationActionOptions
  /// The icon (iOS 15).
  public let icon: UNNotificationActionIcon?

  /// Creates an action.
  public init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
    self.identifier = identifier
    self.title = title
    self.options = options
    self.icon = nil
    super.init()
  }

  /// Creates an action with an icon (iOS 15).
  public init(
    identifier: String, title: String, options: UNNotificationActionOptions = [],
    icon: UNNotificationActionIcon?
  ) {
    self.identifier = identifier
    self.title = title
    self.options = options
    self.icon = icon
    super.init()
  }

  /// Actions are immutable: a copy is the same object.
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// Actions are equal when identifier, title, options and icon are.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UNNotificationAction, type(of: other) == type(of: self) else {
      return false
    }
    return identifier == other.identifier && title == other.title && options == other.options
      && icon == other.icon
  }

  /// A hash of the identifier.
  open override var hash: Int { identifier.hashValue }
}

/// An action that asks the user for text (`UNTextInputNotificationAction`); the response is a
/// ``UNTextInputNotificationResponse``.
open class UNTextInputNotificationAction: UNNotificationAction, @unchecked Sendable {
  /// The send button's title.
  public let textInputButtonTitle: String
  /// The text field's placeholder.
  public let textInputPlaceholder: String

  /// Creates a text input action.
  public init(
    identifier: String, title: String, options: UNNotificationActionOptions = [],
    textInputButtonTitle: String, textInputPlaceholder: String
  ) {
    self.textInputButtonTitle = textInputButtonTitle
    self.textInputPlaceholder = textInputPlaceholder
    super.init(identifier: identifier, title: title, options: options)
  }

  /// Creates a text input action with an icon (iOS 15).
  public init(
    identifier: String, title: String, options: UNNotificationActionOptions = [],
    icon: UNNotificationActionIcon?, textInputButtonTitle: String, textInputPlaceholder: String
  ) {
    self.textInputButtonTitle = textInputButtonTitle
    self.textInputPlaceholder = textInputPlaceholder
    super.init(identifier: identifier, title: title, options: options, icon: icon)
  }

  /// Creates a text input action with `UNNotificationAction`'s initializer, which Apple's
  /// subclass inherits: the send button's title and the placeholder are empty (Apple does not
  /// say what they are; Rules.md §9.9).
  public convenience override init(
    identifier: String, title: String, options: UNNotificationActionOptions = []
  ) {
    self.init(
      identifier: identifier, title: title, options: options, textInputButtonTitle: "",
      textInputPlaceholder: "")
  }

  /// Creates a text input action with `UNNotificationAction`'s initializer with an icon (iOS
  /// 15), which Apple's subclass inherits: both texts are empty (Rules.md §9.9).
  public convenience override init(
    identifier: String, title: String, options: UNNotificationActionOptions = [],
    icon: UNNotificationActionIcon?
  ) {
    self.init(
      identifier: identifier, title: title, options: options, icon: icon,
      textInputButtonTitle: "", textInputPlaceholder: "")
  }

  /// Equal when the action and both texts are.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UNTextInputNotificationAction, super.isEqual(object) else {
      return false
    }
    return textInputButtonTitle == other.textInputButtonTitle
      && textInputPlaceholder == other.textInputPlaceholder
  }

  /// A hash of the identifier.
  open override var hash: Int { super.hash }
}
