import Foundation
public import PushDevice
public import PushPayload

/// One step of a scenario: a push, a wait, a settings change, a user action or checks
/// (ScenarioFormat.md, steps).
public struct Step: Sendable {
  /// 1-based position in `steps`, as failures name it.
  public var number: Int
  /// The optional `note`, shown in transcripts.
  public var note: String?
  /// Where the step is written (a byte offset in its file until a message or a report reads
  /// it: decoding does not pay for positions nobody prints).
  public var location: SourceLocation {
    get {
      switch place {
      case .resolved(let location): location
      case .anchor(let anchor): anchor.location
      }
    }
    set { place = .resolved(newValue) }
  }
  private var place: Place

  /// A resolved position, or a byte offset resolved when read.
  private enum Place: Sendable {
    case resolved(SourceLocation)
    case anchor(SourceAnchor)
  }
  /// What the step does.
  public var action: Action

  /// What a step does.
  public enum Action: Sendable {
    /// APNs receives a push.
    case push(PushStep)
    /// The clock moves on.
    case wait(Duration)
    /// Settings change mid-scenario.
    case set(SettingsChange)
    /// The user taps a notification or picks one of its actions.
    case tap(TapStep)
    /// The user explicitly dismisses a notification.
    case dismiss(String)
    /// The user clears the Notification Center.
    case clear
    /// The person removes a Live Activity from the Lock Screen.
    case dismissActivity(String)
    /// The person deletes the app from the device (Rules.md §15.1).
    case removeApp
    /// The person installs the app again: a fresh install (Rules.md §15.1).
    case installApp
    /// Checks.
    case expect(Expectation)
    /// The app starts a Live Activity (`Activity.request`).
    ///
    /// Boxed: a request is about 200 bytes, and inline it would set the size of every step
    /// (264 bytes instead of 136: a 100,000-push scenario's steps took 53 MB instead of 27 MB).
    indirect case startActivity(StartActivityStep)
  }

  /// Creates a step.
  public init(number: Int, note: String? = nil, location: SourceLocation, action: Action) {
    self.number = number
    self.note = note
    self.place = .resolved(location)
    self.action = action
  }

  /// Creates a step written at a byte offset of its file (resolved to `line:column` when read).
  package init(number: Int, note: String? = nil, at anchor: SourceAnchor, action: Action) {
    self.number = number
    self.note = note
    self.place = .anchor(anchor)
    self.action = action
  }

  /// The step's key as written in the file (`push`, `wait`, …).
  public var keyword: String {
    switch action {
    case .push: "push"
    case .wait: "wait"
    case .set: "set"
    case .tap: "tap"
    case .dismiss: "dismiss"
    case .clear: "clear"
    case .dismissActivity: "dismissActivity"
    case .expect: "expect"
    case .startActivity: "startActivity"
    case .removeApp: "removeApp"
    case .installApp: "installApp"
    }
  }

  /// Every step keyword, in the order the format lists them.
  public static let keywords = [
    "push", "wait", "set", "tap", "dismiss", "clear", "expect", "startActivity",
    "dismissActivity", "removeApp", "installApp",
  ]
}

/// A push APNs receives: exact bytes and request headers (ScenarioFormat.md, `push`).
public struct PushStep: Sendable {
  /// The name later steps use (`push-N` by default).
  public var id: String
  /// The request body, byte for byte.
  public var body: [UInt8]
  /// Request headers by lower-case name (`apns-push-type`, …), as written.
  public var headers: [String: String]
  /// Where the body came from.
  public var origin: Origin
  /// The token it is sent to (`to`); `nil` is the app's UserNotifications token.
  public var address: PushAddress?

  /// Where a push body came from.
  public enum Origin: Sendable, Hashable {
    /// An inline `payload` object, encoded compactly as a server's JSON encoder would send it.
    case inline
    /// A `payloadFile`: its bytes as they are on disk (the path as written).
    case file(String)
    /// A `raw` string, sent byte for byte.
    case raw
  }

  /// Creates a push step.
  public init(id: String, body: [UInt8], headers: [String: String] = [:], origin: Origin = .inline)
  {
    self.id = id
    self.body = body
    self.headers = headers
    self.origin = origin
  }

  /// The headers a push step may set (ScenarioFormat.md).
  public static let headerNames = [
    "apns-push-type", "apns-priority", "apns-collapse-id", "apns-expiration", "apns-topic",
    "apns-id",
  ]
}

/// A `set` step: partial `device` and `app` sections merged into the current ones.
public struct SettingsChange: Sendable {
  /// Device fields to change.
  public var device: JSONObject?
  /// App fields to change (relative paths resolved against the scenario file).
  public var app: JSONObject?

  /// Creates a change.
  public init(device: JSONObject? = nil, app: JSONObject? = nil) {
    self.device = device
    self.app = app
  }
}

/// A tap on a notification: the default action, or one of its category's actions.
public struct TapStep: Sendable, Hashable {
  /// The push id of the notification.
  public var id: String
  /// The action id; `nil` is the default action (a plain tap).
  public var action: String?
  /// The text typed into a text-input action.
  public var text: String?

  /// Creates a tap.
  public init(id: String, action: String? = nil, text: String? = nil) {
    self.id = id
    self.action = action
    self.text = text
  }
}

/// The checks of an `expect` step: the JSON as written, each value with its position.
///
/// Objects match partially; `center`, `summary` and `routes` match exactly in length and order
/// (elements partially); `events` and `diagnostics` match as an ordered subsequence; numbers
/// compare within 1e-9 (ScenarioFormat.md, expect). See ``ExpectationMatcher``.
public struct Expectation: Sendable {
  /// The `expect` object.
  public var checks: JSONObject

  /// Creates an expectation.
  public init(checks: JSONObject) { self.checks = checks }
}
