/// The APNs environment a server plays (`--environment`): a device token belongs to one, and
/// a token of the other is `BadDeviceToken` (Behavior.md §2.4; Rules.md §18).
public enum APNsEnvironment: String, Sendable, CaseIterable {
  /// `api.sandbox.push.apple.com`: apps signed for development. Answers carry `apns-unique-id`.
  case development
  /// `api.push.apple.com`: apps from the App Store, TestFlight and ad hoc builds.
  case production
}
