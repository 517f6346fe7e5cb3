import Foundation
public import PushPayload

/// Every step the device took, in order: what reports and `expect.events` read.
///
/// Architecture ("Data"): reports are views of this log and the final state. Each event has a
/// virtual time, a kind, the push it concerns and a `source` (Rules.md, introduction).
///
/// - Complexity: appending is O(1); `events(for:)` is O(k) for the k events of that push.
public struct EventLog: Sendable, RandomAccessCollection {
  /// All events, oldest first.
  public private(set) var events: [DeviceEvent] = []
  /// Indices of each push's events.
  private var indicesByPush: [String: [Int]] = [:]

  /// Creates an empty log.
  public init() {}

  /// The first event's index (0).
  public var startIndex: Int { events.startIndex }
  /// One past the last event's index.
  public var endIndex: Int { events.endIndex }
  /// The event at `position`.
  public subscript(position: Int) -> DeviceEvent { events[position] }

  /// Appends an event.
  public mutating func append(_ event: DeviceEvent) {
    if let push = event.push { indicesByPush[push, default: []].append(events.count) }
    events.append(event)
  }

  /// The events about one push, oldest first.
  public func events(for push: String) -> [DeviceEvent] {
    (indicesByPush[push] ?? []).map { events[$0] }
  }

  /// The events of one kind, oldest first.
  public func events(ofKind kind: DeviceEvent.Kind) -> [DeviceEvent] {
    events.filter { $0.kind == kind }
  }

  /// The log as JSON: an array of events with the scenario field names.
  public var json: JSONValue { JSONValue(.array(events.map(\.json))) }

  /// The log as compact JSON text.
  public var jsonText: String { json.jsonText }
}

extension DeviceEvent {
  /// This event as JSON: `time`, `kind`, `push` (when set), `source`, `reason`, then the
  /// details' fields (ScenarioFormat.md, `expect.events`).
  public var json: JSONValue {
    var object = JSONObject()
    object.append(JSONMember(key: "time", value: .init(.string(VirtualTimeFormat.text(time)))))
    object.append(JSONMember(key: "kind", value: .init(.string(kind.rawValue))))
    if let push { object.append(JSONMember(key: "push", value: .init(.string(push)))) }
    object.append(JSONMember(key: "source", value: .init(.string(source.rawValue))))
    object.append(JSONMember(key: "reason", value: .init(.string(reason))))
    for key in details.keys.sorted() {
      if let value = details[key], object[key] == nil {
        object.append(JSONMember(key: key, value: value))
      }
    }
    return JSONValue(.object(object))
  }
}
