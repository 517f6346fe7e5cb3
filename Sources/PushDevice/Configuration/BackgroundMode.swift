/// A `UIBackgroundModes` entry (spec §7.1).
public enum BackgroundMode: String, Sendable, Hashable, Codable, CaseIterable {
  /// Remote notifications: background pushes wake the app (model-decisions.md §6).
  case remoteNotification = "remote-notification"
}
