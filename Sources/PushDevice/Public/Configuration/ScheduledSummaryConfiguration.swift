/// The Scheduled Summary: daily delivery times and the apps whose notifications wait for them.
///
/// Models Behavior.md §5.3 and Rules.md §4: `passive` and `active` notifications of these
/// apps are held (no banner, sound, wake or badge) until the next delivery time, then appear
/// together as a digest; `time-sensitive` and `critical` bypass it.
public struct ScheduledSummaryConfiguration: Sendable, Equatable {
  /// Daily delivery times in the device's time zone (`"08:00"`, `"18:00"`).
  public var times: [DailyTime]
  /// Bundle identifiers in the summary.
  public var apps: [String]

  /// Creates a summary schedule.
  public init(times: [DailyTime], apps: [String]) {
    self.times = times
    self.apps = apps
  }
}
