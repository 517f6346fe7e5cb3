/// Why an ActivityKit push, or the app's own `update` or `end`, changed nothing: the `code`
/// of an `activity.ignored` event (Rules.md §13).
public struct ActivityIgnoredCode: EventCode {
  /// The kebab-case name, as printed.
  public let rawValue: String
  /// A code with this name. Prefer the constants: a name that is not in ``all`` is not a code
  /// PushSim logs.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// `activity.ignored`.
  public static var kind: EventKind { .activityIgnored }

  /// `timestamp` is older than the activity's newest content (Rules.md §13.3).
  public static let olderTimestamp = Self(rawValue: "older-timestamp")
  /// `timestamp` lies more than 8 hours ahead of the device's clock.
  public static let farFutureTimestamp = Self(rawValue: "far-future-timestamp")
  /// The activity has ended: the system ignores pushes for it.
  public static let activityEnded = Self(rawValue: "activity-ended")
  /// `content-state` does not decode into the app's `ContentState`.
  public static let contentStateDecode = Self(rawValue: "content-state-decode")
  /// Attributes plus content state exceed 4 KB.
  public static let dataTooLarge = Self(rawValue: "data-too-large")
  /// The device's iOS has no Live Activities, or cannot start one by push.
  public static let iosVersion = Self(rawValue: "ios-version")
  /// `aps.event` is missing or not `start`, `update` or `end`.
  public static let invalidEvent = Self(rawValue: "invalid-event")
  /// The push names an activity that was never started.
  public static let unknownActivity = Self(rawValue: "unknown-activity")
  /// An `update` or `end` sent to the push-to-start token, which reaches no activity.
  public static let pushToStartToken = Self(rawValue: "push-to-start-token")
  /// A broadcast on a channel no activity on the device is subscribed to.
  public static let noSubscriber = Self(rawValue: "no-subscriber")
  /// A `start` push sent to a token other than the push-to-start token.
  public static let startNeedsPushToStartToken = Self(rawValue: "start-needs-push-to-start-token")
  /// A push-to-start without `alert`.
  public static let startWithoutAlert = Self(rawValue: "start-without-alert")
  /// `attributes-type` names no `ActivityAttributes` type of the app.
  public static let unknownAttributesType = Self(rawValue: "unknown-attributes-type")
  /// A push-to-start's `attributes` do not decode into the named type.
  public static let attributesDecode = Self(rawValue: "attributes-decode")
  /// `input-push-channel` on a device before iOS 18.
  public static let inputPushChannelBeforeIOS18 = Self(rawValue: "input-push-channel-before-ios-18")
  /// The app already has the most activities it may run.
  public static let targetMaximumExceeded = Self(rawValue: "target-maximum-exceeded")
  /// Live Activities are off for the app (Info.plist or the user's switch).
  public static let liveActivitiesOff = Self(rawValue: "live-activities-off")
  /// A push to a scheduled activity that has not started yet (model).
  public static let activityPending = Self(rawValue: "activity-pending")

  /// Every code, in the order of Codes.md.
  public static let all: [Self] = [
    .olderTimestamp, .farFutureTimestamp, .activityEnded, .contentStateDecode, .dataTooLarge,
    .iosVersion, .invalidEvent, .unknownActivity, .pushToStartToken, .noSubscriber,
    .startNeedsPushToStartToken, .startWithoutAlert, .unknownAttributesType, .attributesDecode,
    .inputPushChannelBeforeIOS18, .targetMaximumExceeded, .liveActivitiesOff, .activityPending,
  ]
}
