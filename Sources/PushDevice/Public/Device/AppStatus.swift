/// The app as the device sees it: what `expect.app` compares (ScenarioFormat.md).
///
/// Counts the calls the app received: background wakes (Behavior.md §7.1), remote-notification
/// deliveries in any state, and notification responses (Behavior.md §8).
public struct AppStatus: Sendable, Equatable {
  /// Foreground, background, not running or force-quit.
  public internal(set) var state: AppState
  /// Times a push woke the app in the background (`didReceiveRemoteNotification` while not in
  /// the foreground; Rules.md §6).
  public internal(set) var backgroundWakes: Int = 0
  /// Times the app got `didReceiveRemoteNotification`, foreground included.
  public internal(set) var remoteNotifications: Int = 0
  /// Times the app got `userNotificationCenter(_:didReceive:…)` (taps, actions, dismissals
  /// with `customDismissAction`; Rules.md §8).
  public internal(set) var responses: Int = 0

  init(state: AppState) {
    self.state = state
  }
}
