/// The app's notification settings as the user set them (`UNNotificationSettings`).
///
/// Read-only, as on iOS; the center makes them. The hosting device fills them from its own
/// settings; the standalone center derives them from the options the user granted.
open class UNNotificationSettings: NSObject, @unchecked Sendable {
  /// Whether the app may post notifications.
  public let authorizationStatus: UNAuthorizationStatus
  /// Sounds.
  public let soundSetting: UNNotificationSetting
  /// Badges.
  public let badgeSetting: UNNotificationSetting
  /// Alerts.
  public let alertSetting: UNNotificationSetting
  /// Notification Center.
  public let notificationCenterSetting: UNNotificationSetting
  /// Lock Screen.
  public let lockScreenSetting: UNNotificationSetting
  /// CarPlay.
  public let carPlaySetting: UNNotificationSetting
  /// The alert style.
  public let alertStyle: UNAlertStyle
  /// When previews show.
  public let showPreviewsSetting: UNShowPreviewsSetting
  /// Critical alerts.
  public let criticalAlertSetting: UNNotificationSetting
  /// Whether the app asked for a button to its own notification settings.
  public let providesAppNotificationSettings: Bool
  /// Siri announcements.
  public let announcementSetting: UNNotificationSetting
  /// Time-sensitive notifications (iOS 15).
  public let timeSensitiveSetting: UNNotificationSetting
  /// Scheduled Summary (iOS 15).
  public let scheduledDeliverySetting: UNNotificationSetting
  /// Direct messages (iOS 15).
  public let directMessagesSetting: UNNotificationSetting

  /// Creates settings; every setting not given is `.notSupported`.
  package init(
    authorizationStatus: UNAuthorizationStatus,
    soundSetting: UNNotificationSetting = .notSupported,
    badgeSetting: UNNotificationSetting = .notSupported,
    alertSetting: UNNotificationSetting = .notSupported,
    notificationCenterSetting: UNNotificationSetting = .notSupported,
    lockScreenSetting: UNNotificationSetting = .notSupported,
    carPlaySetting: UNNotificationSetting = .notSupported,
    alertStyle: UNAlertStyle = .none,
    showPreviewsSetting: UNShowPreviewsSetting = .always,
    criticalAlertSetting: UNNotificationSetting = .notSupported,
    providesAppNotificationSettings: Bool = false,
    announcementSetting: UNNotificationSetting = .notSupported,
    timeSensitiveSetting: UNNotificationSetting = .notSupported,
    scheduledDeliverySetting: UNNotificationSetting = .notSupported,
    directMessagesSetting: UNNotificationSetting = .notSupported
  ) {
    self.authorizationStatus = authorizationStatus
    self.soundSetting = soundSetting
    self.badgeSetting = badgeSetting
    self.alertSetting = alertSetting
    self.notificationCenterSetting = notificationCenterSetting
    self.lockScreenSetting = lockScreenSetting
    self.carPlaySetting = carPlaySetting
    self.alertStyle = alertStyle
    self.showPreviewsSetting = showPreviewsSetting
    self.criticalAlertSetting = criticalAlertSetting
    self.providesAppNotificationSettings = providesAppNotificationSettings
    self.announcementSetting = announcementSetting
    self.timeSensitiveSetting = timeSensitiveSetting
    self.scheduledDeliverySetting = scheduledDeliverySetting
    self.directMessagesSetting = directMessagesSetting
    super.init()
  }

  /// The settings an authorization implies (`source: model`, Apple documents no table):
  /// - not determined: every setting `.notSupported`;
  /// - denied: every setting `.disabled`;
  /// - provisional: Notification Center `.enabled`, everything else `.disabled` (quiet delivery,
  ///   Behavior.md §7.3);
  /// - authorized or ephemeral: alert, sound, badge, CarPlay and critical alert `.enabled` when
  ///   granted, else `.disabled`; Lock Screen and Notification Center follow alerts; banners
  ///   when alerts are granted.
  package convenience init(status: UNAuthorizationStatus, granted: UNAuthorizationOptions) {
    func setting(_ option: UNAuthorizationOptions) -> UNNotificationSetting {
      granted.contains(option) ? .enabled : .disabled
    }
    switch status {
    case .notDetermined:
      self.init(authorizationStatus: status)
    case .denied:
      self.init(
        authorizationStatus: status, soundSetting: .disabled, badgeSetting: .disabled,
        alertSetting: .disabled, notificationCenterSetting: .disabled,
        lockScreenSetting: .disabled, carPlaySetting: .disabled, criticalAlertSetting: .disabled,
        providesAppNotificationSettings: granted.contains(.providesAppNotificationSettings))
    case .provisional:
      self.init(
        authorizationStatus: status, soundSetting: .disabled, badgeSetting: .disabled,
        alertSetting: .disabled, notificationCenterSetting: .enabled,
        lockScreenSetting: .disabled, carPlaySetting: .disabled, criticalAlertSetting: .disabled,
        providesAppNotificationSettings: granted.contains(.providesAppNotificationSettings))
    case .authorized, .ephemeral:
      self.init(
        authorizationStatus: status, soundSetting: setting(.sound), badgeSetting: setting(.badge),
        alertSetting: setting(.alert), notificationCenterSetting: setting(.alert),
        lockScreenSetting: setting(.alert), carPlaySetting: setting(.carPlay),
        alertStyle: granted.contains(.alert) ? .banner : .none,
        criticalAlertSetting: setting(.criticalAlert),
        providesAppNotificationSettings: granted.contains(.providesAppNotificationSettings))
    }
  }
}
