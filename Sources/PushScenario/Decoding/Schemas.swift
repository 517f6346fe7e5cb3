import PushCore
import PushDevice
import PushPayload

/// The shape of `expect` checks (ScenarioFormat.md, expect). The `device` and `app` sections are
/// checked by decoding them into the device's own configuration types.
enum Schemas {
  static let appStates = AppState.allCases.map(\.rawValue)

  // MARK: expect

  static let pushStatuses = PushStatus.allCases.map(\.rawValue)

  static let eventKinds = DeviceEvent.Kind.all.map(\.rawValue)

  static let sources = DiagnosticSource.allCases.map(\.rawValue)

  static let presentation: Shape = .object([
    ("banner", .bool), ("lockScreen", .bool), ("sound", .bool), ("wake", .bool), ("list", .bool),
    ("badge", .bool),
  ])

  static let notification: Shape = .object([
    ("title", .string), ("subtitle", .string), ("body", .string), ("thread", .string),
    ("category", .string),
    ("interruptionLevel", .oneOf(InterruptionLevel.allCases.map(\.rawValue))),
    ("relevanceScore", .number), ("sound", .nullable(.string)), ("badge", .nullable(.int)),
    (
      "attachments",
      .array(.object([("type", .string), ("identifier", .string), ("file", .string)]))
    ),
    ("presentation", presentation),
    ("lockScreenText", .object([("title", .string), ("subtitle", .string), ("body", .string)])),
    ("language", .string), ("identifier", .string), ("targetContentId", .nullable(.string)),
    ("userInfo", .any), ("date", .instant), ("status", .oneOf(pushStatuses)),
    // A communication notification (Rules.md §16).
    (
      "sender",
      .nullable(
        .object([
          ("name", .string), ("handle", .nullable(.string)),
          ("handleType", .oneOf(["unknown", "emailAddress", "phoneNumber"])),
        ]))
    ),
    (
      "avatar",
      .nullable(
        .object([
          ("source", .oneOf(["data", "file", "named", "system"])), ("name", .nullable(.string)),
          ("type", .nullable(.string)), ("bytes", .int),
        ]))
    ),
    ("conversationId", .nullable(.string)), ("groupName", .nullable(.string)),
  ])

  static let push: Shape = .object([
    ("status", .oneOf(pushStatuses)), ("httpStatus", .int), ("reason", .nullable(.string)),
    ("pushType", .string), ("priority", .int), ("bytes", .int), ("identifier", .string),
    ("apnsId", .string), ("collapseId", .nullable(.string)), ("timestamp", .nullable(.int)),
  ])

  static let activityStates = LiveActivity.State.allCases.map(\.rawValue)

  static let activity: Shape = .object([
    ("type", .string), ("state", .oneOf(activityStates)), ("stale", .bool),
    ("attributes", .any), ("contentState", .any), ("staleDate", .nullable(.instant)),
    ("relevanceScore", .number), ("token", .nullable(.string)), ("channel", .nullable(.string)),
    ("updates", .int),
    (
      "alert",
      .nullable(
        .object([
          ("title", .string), ("body", .string),
          ("presentation", .oneOf(["expanded", "banner", "lockScreen"])),
          ("sound", .nullable(.string)), ("soundPlayed", .bool),
        ]))
    ),
    ("dismissalDate", .nullable(.instant)),
  ])

  static let expect: Shape = .object([
    ("activities", .map(activity)),
    ("dynamicIsland", .nullable(.string)),
    ("lockScreenActivities", .array(.string)),
    ("pushToStartToken", .nullable(.string)),
    ("push", .pushMap(push)),
    ("notification", .pushMap(notification)),
    (
      "center",
      .array(
        .object([
          ("thread", .string), ("notifications", .array(.pushID)),
          ("summary", .nullable(.string)),
        ]))
    ),
    ("summary", .array(.pushID)),
    // A whole number: the device always has one, 0 when none shows (a `null` never held).
    ("badge", .int),
    (
      "routes",
      .array(
        .openObject([
          ("route", .nullable(.string)), ("params", .map(.any)), ("push", .pushID),
          ("action", .string),
        ]))
    ),
    ("app", .openObject([("state", .oneOf(appStates)), ("backgroundWakes", .int)])),
    ("events", .array(event)),
    ("diagnostics", .array(diagnostic)),
    ("noEvents", .array(event)),
    ("noDiagnostics", .array(diagnostic)),
  ])

  /// An element of `events` or `noEvents`: any of the event's fields.
  static let event: Shape = .openObject([
    ("kind", .oneOf(eventKinds)), ("push", .pushID), ("source", .oneOf(sources)),
    ("reason", .string), ("code", .string), ("time", .instant),
  ])

  /// An element of `diagnostics` or `noDiagnostics`: any of the finding's fields.
  static let diagnostic: Shape = .openObject([
    ("code", .string), ("push", .pushID), ("source", .oneOf(sources)),
    ("severity", .oneOf(Diagnostic.Severity.allCases.map(\.rawValue))), ("path", .string),
    ("message", .string),
  ])
}
