public import Foundation
public import PushPayload

/// One Live Activity on the device: its type, static attributes, current content and life
/// cycle (Behavior.md §12.1; Rules.md §13).
public struct LiveActivity: Sendable {
  /// `ActivityState`.
  public enum State: String, Sendable, Hashable, CaseIterable {
    /// Scheduled to start at a later date (iOS 26); not shown yet (Rules.md §13.17).
    case pending
    /// Visible and accepting updates.
    case active
    /// Its `staleDate` passed; still visible and updatable.
    case stale
    /// Ended: off the Dynamic Island, still on the Lock Screen until dismissed; no updates.
    case ended
    /// Ended and gone from the Lock Screen.
    case dismissed
  }

  /// How pushes reach it (`PushType`): its own update token, a broadcast channel, or none.
  public enum Channel: Sendable, Hashable {
    /// Started with `pushType: nil`: only the app updates it.
    case none
    /// `.token`: updated through the per-activity token.
    case token(String)
    /// `.channel(id)`: subscribed to a broadcast channel (iOS 18).
    case channel(String)
  }

  /// The scenario's name for it (the `startActivity` id, or the push-to-start push's id).
  public let id: String
  /// The `ActivityAttributes` type name.
  public let type: String
  /// The decoded static attributes.
  public let attributes: JSONObject
  /// The decoded content state (dates as ISO 8601 instants).
  public internal(set) var contentState: JSONObject
  /// When it becomes stale, if set.
  public internal(set) var staleDate: Date?
  /// Its relevance score (default 0).
  public internal(set) var relevanceScore: Double
  /// Its state.
  public internal(set) var state: State
  /// When it started.
  public let started: Date
  /// The newest content's timestamp: older pushes are ignored.
  public internal(set) var lastTimestamp: Date
  /// When it ended, if it did.
  public internal(set) var ended: Date?
  /// When it leaves (or left) the Lock Screen, once ended.
  public internal(set) var dismissal: Date?
  /// Its push channel.
  public let channel: Channel
  /// Content updates applied (pushes and in-app), not counting the start.
  public internal(set) var updates: Int
  /// The last alert an update carried: localized title and body, and where it showed.
  public internal(set) var lastAlert: JSONObject?
  /// Start order on the device.
  let sequence: Int

  /// The update token, when it has one.
  public var token: String? {
    if case .token(let token) = channel { return token }
    return nil
  }

  /// Whether it still takes updates (`active` or `stale`).
  public var isLive: Bool { state == .active || state == .stale }

  /// The state as `expect.activities.<id>` reads it.
  package var json: JSONValue {
    var object = JSONObject()
    func add(_ key: String, _ value: JSONValue) {
      object.append(JSONMember(key: key, value: value))
    }
    add("type", JSONValue(.string(type)))
    add("state", JSONValue(.string(state.rawValue)))
    add("stale", JSONValue(.bool(state == .stale)))
    add("attributes", JSONValue(.object(attributes)))
    add("contentState", JSONValue(.object(contentState)))
    add(
      "staleDate",
      staleDate.map { JSONValue(.string(VirtualTimeFormat.text($0))) } ?? JSONValue(.null))
    add("relevanceScore", JSONValue(.number(JSONNumber(relevanceScore))))
    add("token", token.map { JSONValue(.string($0)) } ?? JSONValue(.null))
    if case .channel(let id) = channel {
      add("channel", JSONValue(.string(id)))
    } else {
      add("channel", JSONValue(.null))
    }
    add("updates", JSONValue(.number(JSONNumber(updates))))
    add("alert", lastAlert.map { JSONValue(.object($0)) } ?? JSONValue(.null))
    add(
      "dismissalDate",
      dismissal.map { JSONValue(.string(VirtualTimeFormat.text($0))) } ?? JSONValue(.null))
    return JSONValue(.object(object))
  }
}

/// What the app passes to `Activity.request(attributes:content:pushType:)` (scenario step
/// `startActivity`).
package struct ActivityRequest: Sendable {
  /// The scenario's name for the activity.
  package var id: String
  /// The `ActivityAttributes` type name.
  package var type: String
  /// The static attributes, as the app's encoder would write them.
  package var attributes: JSONValue
  /// The initial content state.
  package var contentState: JSONValue
  /// `pushType`: `nil` (no pushes), `.token`, or `.channel(id)`.
  package var channel: RequestedChannel
  /// `ActivityContent.staleDate`.
  package var staleDate: Date?
  /// `ActivityContent.relevanceScore` (default 0).
  package var relevanceScore: Double
  /// The `start` date of iOS 26's
  /// `request(attributes:content:pushType:style:alertConfiguration:start:)`: a later date
  /// schedules the activity, `pending` until then; `nil` starts it now.
  package var start: Date?

  /// The `pushType` argument.
  package enum RequestedChannel: Sendable, Hashable {
    case none
    case token
    case channel(String)
  }

  /// Creates a request.
  package init(
    id: String, type: String, attributes: JSONValue = JSONValue(.object(JSONObject())),
    contentState: JSONValue = JSONValue(.object(JSONObject())), channel: RequestedChannel = .token,
    staleDate: Date? = nil, relevanceScore: Double = 0, start: Date? = nil
  ) {
    self.start = start
    self.id = id
    self.type = type
    self.attributes = attributes
    self.contentState = contentState
    self.channel = channel
    self.staleDate = staleDate
    self.relevanceScore = relevanceScore
  }
}

/// Where a provider sends a push: the `:path` token of `/3/device/<token>` (scenario push field
/// `to`). Absent means the app's UserNotifications device token.
public enum PushAddress: Sendable, Hashable {
  /// The current update token of the activity with this scenario id (`activity:<id>`).
  case activity(String)
  /// The app's push-to-start token (`pushToStart`).
  case pushToStart
  /// A broadcast on this channel (`channel:<id>`, iOS 18).
  case channel(String)
  /// The app's token for a push type with tokens of its own: `voip` (PushKit), `widgets` or
  /// `controls` (WidgetKit), spelled as the type (Rules.md §14).
  case pushType(PushType)
  /// The app's UserNotifications device token, as issued when the app registered for remote
  /// notifications (`device`, or the token written out; Rules.md §15).
  case device
  /// A token written out (an old one, a made-up one).
  case token(String)

  /// Reads the scenario spelling; `nil` for an empty string.
  package init?(_ text: String) {
    if text.hasPrefix("activity:") {
      let id = String(text.dropFirst("activity:".count))
      guard !id.isEmpty else { return nil }
      self = .activity(id)
    } else if text.hasPrefix("channel:") {
      let id = String(text.dropFirst("channel:".count))
      guard !id.isEmpty else { return nil }
      self = .channel(id)
    } else if text == "pushToStart" {
      self = .pushToStart
    } else if text == "device" {
      self = .device
    } else if let type = PushType(rawValue: text), PushAddress.ownTokenTypes.contains(type) {
      self = .pushType(type)
    } else if !text.isEmpty {
      self = .token(text)
    } else {
      return nil
    }
  }

  /// The push types with a token of their own on the device (``pushType(_:)``).
  package static let ownTokenTypes: Set<PushType> = [.voip, .widgets, .controls]
}
