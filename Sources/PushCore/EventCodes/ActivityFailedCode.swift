/// Why the app's `Activity.request` failed: the `code` of an `activity.failed` event, named
/// after the `ActivityAuthorizationError` case the app sees (Rules.md §13.11). The event also
/// keeps the same name under `error`.
public struct ActivityFailedCode: EventCode {
  /// The error's case name, as printed.
  public let rawValue: String
  /// A code with this name. Prefer the constants: a name that is not in ``all`` is not a code
  /// PushSim logs.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// `activity.failed`.
  public static var kind: EventKind { .activityFailed }

  /// The app may start an activity only from the foreground.
  public static let visibility = Self(rawValue: "visibility")
  /// The user turned Live Activities off for the app.
  public static let denied = Self(rawValue: "denied")
  /// The app already has the most activities it may have at once.
  public static let targetMaximumExceeded = Self(rawValue: "targetMaximumExceeded")
  /// The iOS version or the app's Info.plist does not support what was asked.
  public static let unsupported = Self(rawValue: "unsupported")
  /// The app declares no activity type of that name (model).
  public static let unsupportedTarget = Self(rawValue: "unsupportedTarget")
  /// An activity with that id exists (model: the scenario's ids are unique).
  public static let malformedActivityIdentifier = Self(rawValue: "malformedActivityIdentifier")
  /// Attributes plus content state exceed 4 KB.
  public static let attributesTooLarge = Self(rawValue: "attributesTooLarge")
  /// The attributes do not decode into the activity type (model).
  public static let attributes = Self(rawValue: "attributes")
  /// The content state does not decode into the type's `ContentState` (model).
  public static let contentState = Self(rawValue: "contentState")

  /// Every code, in the order of Codes.md.
  public static let all: [Self] = [
    .visibility, .denied, .targetMaximumExceeded, .unsupported, .unsupportedTarget,
    .malformedActivityIdentifier, .attributesTooLarge, .attributes, .contentState,
  ]
}
