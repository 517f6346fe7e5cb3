import PushDevice
import PushPayload
import UserNotifications

/// A vocabulary the device and Apple's mirror both have, bridged by one table: ``apple``, an
/// exhaustive switch over the device's cases, so a case added on the device's side does not
/// compile until it is mapped. The way back is derived from `allCases`; a test reads every
/// value of Apple's type and checks it maps, or is named as having no counterpart.
protocol AppleBridged: CaseIterable, Hashable {
  /// Apple's type.
  associatedtype Apple: Equatable
  /// This case in Apple's vocabulary: the one table.
  var apple: Apple { get }
}

extension AppleBridged {
  /// The device's case that `apple` names; `nil` for one of Apple's values with no counterpart.
  static func device(_ apple: Apple) -> Self? {
    allCases.first { $0.apple == apple }
  }
}

/// A device option bridged to one of Apple's option sets (``AppleBridged``).
protocol AppleBridgedOption: AppleBridged where Apple: OptionSet, Apple.Element == Apple {
  /// Apple's options with no one-to-one counterpart on the device: dropped on the way in, or
  /// read by the caller (the presentation options' deprecated `.alert`).
  static var appleOnly: Apple { get }
}

extension AppleBridgedOption {
  /// `options` as Apple's option set.
  static func appleOptions(_ options: some Sequence<Self>) -> Apple {
    Apple(options.map(\.apple))
  }

  /// The device's options in `options` (Apple's without a counterpart are dropped).
  static func deviceOptions(_ options: Apple) -> Set<Self> {
    Set(allCases.filter { options.contains($0.apple) })
  }
}

extension NotificationCategory.Option: AppleBridgedOption {
  /// `.allowAnnouncement` (deprecated: always allowed), by its raw value.
  static var appleOnly: UNNotificationCategoryOptions {
    UNNotificationCategoryOptions(rawValue: 1 << 4)
  }

  var apple: UNNotificationCategoryOptions {
    switch self {
    case .customDismissAction: .customDismissAction
    case .hiddenPreviewsShowTitle: .hiddenPreviewsShowTitle
    case .hiddenPreviewsShowSubtitle: .hiddenPreviewsShowSubtitle
    case .allowInCarPlay: .allowInCarPlay
    }
  }
}

extension NotificationAction.Option: AppleBridgedOption {
  static var appleOnly: UNNotificationActionOptions { [] }

  var apple: UNNotificationActionOptions {
    switch self {
    case .foreground: .foreground
    case .destructive: .destructive
    case .authenticationRequired: .authenticationRequired
    }
  }
}

extension PresentationOption: AppleBridgedOption {
  /// Apple's `.alert` (deprecated in iOS 14: banner and list), spelled by its raw value
  /// (UIKit's 1 << 2) to stay clear of its deprecation.
  static let appleAlert = UNNotificationPresentationOptions(rawValue: 1 << 2)

  /// `.alert`, which `HostedDelegate.presentationOptions` reads as banner and list.
  static var appleOnly: UNNotificationPresentationOptions { appleAlert }

  var apple: UNNotificationPresentationOptions {
    switch self {
    case .banner: .banner
    case .list: .list
    case .sound: .sound
    case .badge: .badge
    }
  }
}

extension NotificationAuthorization.Option: AppleBridgedOption {
  /// CarPlay, the app's own settings screen, announcements and time-sensitive alerts (the last
  /// two deprecated, by their raw values) have no counterpart on the device; `provisional` is
  /// asked for separately (a status, not an option).
  static var appleOnly: UNAuthorizationOptions {
    [
      .carPlay, .providesAppNotificationSettings, .provisional,
      UNAuthorizationOptions(rawValue: 1 << 7), UNAuthorizationOptions(rawValue: 1 << 8),
    ]
  }

  var apple: UNAuthorizationOptions {
    switch self {
    case .alert: .alert
    case .sound: .sound
    case .badge: .badge
    case .criticalAlert: .criticalAlert
    }
  }
}

extension InterruptionLevel: AppleBridged {
  var apple: UNNotificationInterruptionLevel {
    switch self {
    case .passive: .passive
    case .active: .active
    case .timeSensitive: .timeSensitive
    case .critical: .critical
    }
  }
}

extension NotificationAuthorization.Status: AppleBridged {
  /// Apple's `ephemeral` (an App Clip's) has no counterpart on the device.
  var apple: UNAuthorizationStatus {
    switch self {
    case .authorized: .authorized
    case .provisional: .provisional
    case .denied: .denied
    case .notDetermined: .notDetermined
    }
  }
}
