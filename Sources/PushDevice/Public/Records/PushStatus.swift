/// Where a push ended up: the status `expect.push.<id>.status` compares (ScenarioFormat.md).
///
/// Every push, however broken, ends in one of these (Rules.md §1, §4–§6, §8).
public enum PushStatus: String, Sendable, Hashable, Codable, CaseIterable {
  /// In Notification Center (or presented in the foreground without a list entry).
  case delivered
  /// APNs refused the request (Rules.md §1).
  case rejected
  /// Not shown: authorization, or foreground with no presentation options (Rules.md §5).
  case suppressed
  /// A later push with the same collapse id took its place (Rules.md §4).
  case replaced
  /// Waiting for the next Scheduled Summary delivery (Rules.md §4).
  case held
  /// Kept by APNs while the device is offline (Rules.md §6).
  case stored
  /// A newer push for the same app replaced it in APNs's store (Rules.md §6).
  case coalesced
  /// Not delivered in time: `apns-expiration` 0 while offline, or its storage expired.
  case expired
  /// A background push handed to the app (Rules.md §6).
  case silent
  /// A background push over the rolling-hour budget (Rules.md §6).
  case throttled
  /// A background push the app could not get: force-quit, or no `remote-notification` mode.
  case discarded
  /// Removed by an explicit dismiss or by clearing the center (Rules.md §8).
  case dismissed
  /// The user tapped it or picked one of its actions (Rules.md §8).
  case opened
  /// The app removed it from Notification Center (`removeDeliveredNotifications`).
  case removed
}
