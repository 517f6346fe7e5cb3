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

  /// `expect.notification.<id>`: the fields of ``NotificationRecord/fields`` a check can name.
  static let notification: Shape = .object(
    RecordField.types(of: NotificationRecord.fields).map { ($0, Shape($1)) })

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

extension Shape {
  /// The shape of a record field's type.
  init(_ type: RecordFieldType) {
    switch type {
    case .string: self = .string
    case .bool: self = .bool
    case .int: self = .int
    case .number: self = .number
    case .instant: self = .instant
    case .oneOf(let allowed): self = .oneOf(allowed)
    case .array(let element): self = .array(Shape(element))
    case .object(let fields): self = .object(fields.map { ($0, Shape($1)) })
    case .nullable(let type): self = .nullable(Shape(type))
    case .any: self = .any
    }
  }
}
