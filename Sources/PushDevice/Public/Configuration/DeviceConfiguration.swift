public import Foundation

/// The phone: languages, lock, mute, network, Focus, Scheduled Summary and the silent budget.
///
/// Mirrors the scenario file's `device` section field by field, with the same defaults
/// (ScenarioFormat.md, "device"); scenario files decode into this type. Plain value: build one
/// in code, change it with ``Device/setDevice(_:)`` mid-run.
public struct DeviceConfiguration: Sendable, Equatable {
  /// Preferred languages, most preferred first (Rules.md §3). Default `["en"]`.
  public var languages: [String]
  /// The virtual clock at the first step. Default `2026-01-01T09:00:00Z`.
  public var now: Date
  /// The time zone for daily times such as Scheduled Summary deliveries. Default UTC.
  public var timeZone: TimeZone
  /// Whether the lock screen shows (Behavior.md §5.1: active notifications wake a locked screen).
  /// An app brought to the foreground unlocks the device. Default `true`.
  public var locked: Bool
  /// The ring/silent switch (Rules.md §5 step 6). Default `false`.
  public var muted: Bool
  /// Whether APNs can reach the device (Rules.md §6, Behavior.md §2.5). Default `true`.
  public var online: Bool
  /// The active Focus, if any (Behavior.md §5.3, Rules.md §5 step 5). Default none.
  public var focus: FocusConfiguration?
  /// The Scheduled Summary, if on (Behavior.md §5.3, Rules.md §4). Default off.
  public var scheduledSummary: ScheduledSummaryConfiguration?
  /// Background pushes allowed per rolling hour (Rules.md §6, Behavior.md §7.1). Default 3.
  public var silentPushBudgetPerHour: Int
  /// What the user taps when the app asks for permission (`requestAuthorization` while the
  /// status is `notDetermined`): `true` Allow (default), `false` Don't Allow.
  public var userAllowsNotifications: Bool
  /// The iOS version (Rules.md §13): what each release added. Default ``IOSVersion/newest``.
  public var iosVersion = IOSVersion.newest
  /// Live Activity budgets and limits (Rules.md §13).
  public var liveActivities = LiveActivityDeviceSettings()

  /// `2026-01-01T09:00:00Z`, the scenario format's default start time.
  public static let defaultStart = Date(timeIntervalSince1970: 1_767_258_000)

  /// Creates a device; every argument defaults to the scenario format's default.
  public init(
    languages: [String] = ["en"],
    now: Date = DeviceConfiguration.defaultStart,
    timeZone: TimeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current,
    locked: Bool = true,
    muted: Bool = false,
    online: Bool = true,
    focus: FocusConfiguration? = nil,
    scheduledSummary: ScheduledSummaryConfiguration? = nil,
    silentPushBudgetPerHour: Int = 3,
    userAllowsNotifications: Bool = true
  ) {
    self.languages = languages
    self.now = now
    self.timeZone = timeZone
    self.locked = locked
    self.muted = muted
    self.online = online
    self.focus = focus
    self.scheduledSummary = scheduledSummary
    self.silentPushBudgetPerHour = silentPushBudgetPerHour
    self.userAllowsNotifications = userAllowsNotifications
  }
}
