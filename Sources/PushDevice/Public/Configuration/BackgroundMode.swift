/// A `UIBackgroundModes` entry (Behavior.md §7.1).
public enum BackgroundMode: String, Sendable, Hashable, Codable, CaseIterable {
  /// Remote notifications: background pushes wake the app (Rules.md §6).
  case remoteNotification = "remote-notification"
}
