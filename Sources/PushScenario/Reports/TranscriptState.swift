import PushDevice
import PushPayload

/// What a transcript reads of a scenario's final state: the notifications' texts, Notification
/// Center's groups, the badge and the Scheduled Summary. Read from the device the scenario
/// played on (the state is never built as one JSON tree, whose size grows with the pushes), or
/// from a final state given as JSON, under the names `expect` uses.
struct TranscriptState {
  private enum Source {
    case json(JSONValue)
    case device(Device)
  }

  private let source: Source

  /// The final state of `result`.
  init(_ result: ScenarioResult) {
    switch result.final {
    case .value(let state): source = .json(state)
    case .device(let device): source = .device(device)
    }
  }

  /// The title and body of the notification `push` became (`notification.<push>`), `nil` when
  /// the state shows none.
  func notification(_ push: String) -> (title: String?, body: String?)? {
    switch source {
    case .json(let state):
      guard let notification = state["notification"]?[push] else { return nil }
      return (notification["title"]?.stringValue, notification["body"]?.stringValue)
    case .device(let device):
      // The state lists the notifications of the device's pushes (`pushIDs`).
      guard device.push(push) != nil, let record = device.notification(push) else { return nil }
      return (record.title, record.body)
    }
  }

  /// `badge`.
  var badge: Int? {
    switch source {
    case .json(let state): state["badge"]?.numberValue?.integer
    case .device(let device): device.badge
    }
  }

  /// `center`: each group's thread, its notifications' push ids and its summary line.
  var groups: [(thread: String, ids: [String], summary: String?)] {
    switch source {
    case .json(let state):
      (state["center"]?.arrayValue ?? []).map { group in
        (
          group["thread"]?.stringValue ?? "",
          group["notifications"]?.arrayValue?.compactMap(\.stringValue) ?? [],
          group["summary"]?.stringValue
        )
      }
    case .device(let device):
      device.center.map { ($0.thread, $0.notifications, $0.summary) }
    }
  }

  /// `summary`: the pushes held for the Scheduled Summary, `nil` when there are none.
  var summary: [String]? {
    switch source {
    case .json(let state):
      guard let held = state["summary"]?.arrayValue, !held.isEmpty else { return nil }
      return held.compactMap(\.stringValue)
    case .device(let device):
      let held = device.summary
      return held.isEmpty ? nil : held
    }
  }
}
