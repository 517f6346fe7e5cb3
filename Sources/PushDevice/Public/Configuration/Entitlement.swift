/// An app capability that changes presentation (Behavior.md §5.1, Rules.md §5 step 4) or lets
/// the app register for remote notifications (`aps-environment`, Rules.md §15), or shows
/// communication notifications (`communication`, Rules.md §16).
///
/// Raw values are the scenario spellings.
public enum Entitlement: String, Sendable, Hashable, Codable, CaseIterable {
  /// `com.apple.developer.usernotifications.time-sensitive`: lets `time-sensitive` break
  /// through Focus and the Scheduled Summary.
  case timeSensitive = "time-sensitive"
  /// `com.apple.developer.usernotifications.critical-alerts`: with the `criticalAlert`
  /// authorization, lets `critical` play a sound even muted or in Focus.
  case criticalAlerts = "critical-alerts"
  /// `com.apple.developer.usernotifications.filtering` (iOS 13.3): the app's service extension
  /// may hide an `alert` push by handing over empty content (Rules.md §7).
  case filtering
  /// `aps-environment` (Push Notifications capability): without it the app's
  /// `registerForRemoteNotifications()` fails. Apple's value (`development` or `production`)
  /// is not modelled: the device has one environment.
  case apsEnvironment = "aps-environment"
  /// `com.apple.developer.usernotifications.communication` (iOS 15, Communication
  /// Notifications capability): content the app's code updated from an `INSendMessageIntent` or
  /// `INStartCallIntent` shows as a communication notification, with the sender's name and
  /// avatar (Rules.md §16). Without it iOS shows the content as a plain notification.
  case communication
}
