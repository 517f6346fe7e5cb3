/// The user's per-app notification settings (Settings › Notifications › app).
///
/// Default: automatic grouping, previews always, time-sensitive allowed (ScenarioFormat.md).
public struct AppNotificationSettings: Sendable, Equatable {
  /// Notification Grouping (Behavior.md §4, Rules.md §4).
  public var grouping: Grouping
  /// Show Previews (Rules.md §5 step 8).
  public var showPreviews: ShowPreviews
  /// Time Sensitive Notifications: off makes `time-sensitive` behave as `active` (Behavior.md
  /// §5.1).
  public var timeSensitive: Bool

  /// Creates settings.
  public init(
    grouping: Grouping = .automatic, showPreviews: ShowPreviews = .always,
    timeSensitive: Bool = true
  ) {
    self.grouping = grouping
    self.showPreviews = showPreviews
    self.timeSensitive = timeSensitive
  }

  /// How the app's notifications stack (Behavior.md §4). Grouping is a view: changing it regroups
  /// what the center holds (Rules.md §4).
  public enum Grouping: String, Sendable, Hashable, Codable, CaseIterable {
    /// By `thread-id`; notifications without one form the app's own group (thread `""`).
    case automatic
    /// One group for the whole app (its thread is `""`).
    case byApp
    /// No grouping: each notification is its own group.
    case off
  }

  /// When the lock screen shows notification text (Rules.md §5 step 8).
  public enum ShowPreviews: String, Sendable, Hashable, Codable, CaseIterable {
    /// Always show text.
    case always
    /// Hide text while the device is locked.
    case whenUnlocked
    /// Never show text on the lock screen.
    case never
  }
}
