extension DiagnosticCode {
  // MARK: Live Activity pushes (Rules.md §13)

  /// 400 `DeviceTokenNotForTopic`: a `liveactivity` push sent to the app's UserNotifications token
  /// (no `to`), or another push type sent to an ActivityKit token or channel.
  public static let deviceTokenNotForTopic = DiagnosticCode(rawValue: "device-token-not-for-topic")
  /// 400 `BadDeviceToken`: the `to` token was never issued on this device, or the activity was
  /// started without `pushType: .token`.
  public static let badDeviceToken = DiagnosticCode(rawValue: "bad-device-token")
  /// 410 `Unregistered`: the push went to the app's device token after the app called
  /// `unregisterForRemoteNotifications()` (Rules.md §15).
  public static let unregistered = DiagnosticCode(rawValue: "unregistered")
  /// `aps.event` is missing or not `start`, `update` or `end`; the push changes nothing.
  public static let liveActivityEventInvalid = DiagnosticCode(rawValue: "la-event-invalid")
  /// `content-state` does not decode into the app's `ContentState` with `JSONDecoder`'s defaults
  /// (missing non-optional key, wrong type, a string for a `Date`); the path names the key.
  public static let liveActivityContentStateDecode = DiagnosticCode(
    rawValue: "la-content-state-decode")
  /// A `Date` field holds a UNIX time: with the default strategy a `Date` is seconds since
  /// 2001-01-01, so it shows 31 years late.
  public static let liveActivityDateReference2001 = DiagnosticCode(
    rawValue: "la-date-reference-2001")
  /// `timestamp` equals the activity's current content; applied (Apple only ignores older ones),
  /// but send a newer one.
  public static let liveActivityTimestampNotNewer = DiagnosticCode(
    rawValue: "la-timestamp-not-newer")
  /// `timestamp` looks like milliseconds; ActivityKit reads seconds, so the push lies far in the
  /// future and is dropped.
  public static let liveActivityTimestampMilliseconds = DiagnosticCode(
    rawValue: "la-timestamp-milliseconds")
  /// A `liveactivity` push without `timestamp`: Apple's Live Activity payloads carry one so the
  /// system keeps the newest content.
  public static let liveActivityTimestampMissing = DiagnosticCode(rawValue: "la-timestamp-missing")
  /// An `update` or `start` without `content-state`: the activity has nothing new to show.
  public static let liveActivityContentStateMissing = DiagnosticCode(
    rawValue: "la-content-state-missing")
  /// `stale-date` or `dismissal-date` above 100,000,000,000: milliseconds sent where ActivityKit
  /// reads seconds, so the date lies thousands of years ahead.
  public static let liveActivityDateMilliseconds = DiagnosticCode(rawValue: "la-date-milliseconds")
  /// `dismissal-date` on an `update`: it applies to `end` only and is ignored.
  public static let liveActivityDismissalDateIgnored = DiagnosticCode(
    rawValue: "la-dismissal-date-ignored")
  /// The activity's attributes plus content state exceed 4 KB; the push is dropped on the device.
  public static let liveActivityDataTooLarge = DiagnosticCode(rawValue: "la-data-too-large")
  /// A push-to-start without `alert`: Apple requires one; nothing starts.
  public static let liveActivityStartWithoutAlert = DiagnosticCode(
    rawValue: "la-start-without-alert")
  /// `attributes-type` names no `ActivityAttributes` type the app declares (`app.activities`);
  /// nothing starts.
  public static let liveActivityUnknownAttributesType = DiagnosticCode(
    rawValue: "la-unknown-attributes-type")
  /// A push-to-start's `attributes` do not decode into the named type; nothing starts.
  public static let liveActivityAttributesDecode = DiagnosticCode(rawValue: "la-attributes-decode")
}
