/// How a notification is presented while the app is in the foreground
/// (`UNNotificationPresentationOptions`); the delegate's `willPresent` answers with these.
///
/// Raw values are Apple's (Behavior.md §7.2). `[]` keeps the notification silent and out of sight.
public struct UNNotificationPresentationOptions: OptionSet, Sendable, Hashable {
  /// The raw bits, as Apple defines them.
  public let rawValue: UInt
  /// Creates options from a raw value.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// Apply the badge.
  public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
  /// Play the sound.
  public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
  /// Show the alert (deprecated in iOS 14: means `.banner` and `.list`).
  @available(*, deprecated, message: "Use .list and .banner")
  public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
  /// Show in Notification Center (iOS 14).
  public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
  /// Show as a banner (iOS 14).
  public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

/// What an app asks the user to allow (`UNAuthorizationOptions`); raw values are Apple's
/// (Behavior.md §7.3).
public struct UNAuthorizationOptions: OptionSet, Sendable, Hashable {
  /// The raw bits, as Apple defines them.
  public let rawValue: UInt
  /// Creates options from a raw value.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// Badges.
  public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
  /// Sounds.
  public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
  /// Alerts.
  public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
  /// CarPlay.
  public static let carPlay = UNAuthorizationOptions(rawValue: 1 << 3)
  /// Critical alerts (needs an entitlement).
  public static let criticalAlert = UNAuthorizationOptions(rawValue: 1 << 4)
  /// A button in Settings that opens the app's own notification settings.
  public static let providesAppNotificationSettings = UNAuthorizationOptions(rawValue: 1 << 5)
  /// Provisional authorization: granted without a prompt, delivered quietly.
  public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)
  /// Siri announcements (deprecated: always included).
  @available(*, deprecated, message: "Announcement authorization is always included")
  public static let announcement = UNAuthorizationOptions(rawValue: 1 << 7)
  /// Time-sensitive notifications (deprecated: use the time-sensitive entitlement).
  @available(*, deprecated, message: "Use time-sensitive entitlement")
  public static let timeSensitive = UNAuthorizationOptions(rawValue: 1 << 8)
}

/// Whether the app may post notifications (`UNAuthorizationStatus`); raw values are Apple's.
public enum UNAuthorizationStatus: Int, Sendable, Hashable {
  /// The user has not been asked.
  case notDetermined = 0
  /// The user said no.
  case denied = 1
  /// The user said yes.
  case authorized = 2
  /// Provisional: delivered quietly until the user decides.
  case provisional = 3
  /// App Clips: authorized for a limited time.
  case ephemeral = 4
}

/// The state of one notification setting (`UNNotificationSetting`).
public enum UNNotificationSetting: Int, Sendable, Hashable {
  /// The setting does not apply to this app.
  case notSupported = 0
  /// The setting is off.
  case disabled = 1
  /// The setting is on.
  case enabled = 2
}

/// How alerts look (`UNAlertStyle`).
public enum UNAlertStyle: Int, Sendable, Hashable {
  /// No alert.
  case none = 0
  /// A banner that goes away by itself.
  case banner = 1
  /// An alert that stays until the user acts.
  case alert = 2
}

/// When previews show (`UNShowPreviewsSetting`).
public enum UNShowPreviewsSetting: Int, Sendable, Hashable {
  /// Always.
  case always = 0
  /// When the device is unlocked.
  case whenAuthenticated = 1
  /// Never.
  case never = 2
}
