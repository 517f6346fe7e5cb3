import PushDevice
import PushPayload

/// What a transcript reads of a scenario's final state: the notifications' texts, Notification
/// Center's groups, the badge and the Scheduled Summary. Read from the device the scenario
/// played on (the state is never built as one JSON tree, whose size grows with the pushes), or
/// from a final state given as JSON, under the names `expect` uses.
struct TranscriptState {
  /// The device the scenario played on, when the result has it, in a box: a `Device` is a
  /// large value, and reading one out of an enum or an optional copies it (a retain per table),
  /// which a transcript would do for every line.
  private let played: Played?
  private final class Played {
    let device: Device
    init(_ device: Device) { self.device = device }
  }
  /// The final state as JSON, when the result has no device.
  private let state: JSONValue

  /// The final state of `result`.
  init(_ result: ScenarioResult) {
    switch result.final {
    case .value(let state):
      self.played = nil
      self.state = state
    case .device(let device):
      self.played = Played(device)
      self.state = JSONValue(.null)
    }
  }

  /// The title and body of the notification `push` became (`notification.<push>`), `nil` when
  /// the state shows none.
  func notification(_ push: String) -> (title: String?, body: String?)? {
    if let played {
      // The state lists the notifications of the device's pushes (`pushIDs`).
      guard let text = played.device.notificationText(push) else { return nil }
      return (text.title, text.body)
    }
    guard let notification = state["notification"]?[push] else { return nil }
    return (notification["title"]?.stringValue, notification["body"]?.stringValue)
  }

  /// `badge`.
  var badge: Int? {
    if let played { return played.device.badge }
    return state["badge"]?.numberValue?.integer
  }

  /// `center`: each group's thread, its notifications' push ids and its summary line.
  var groups: [(thread: String, ids: [String], summary: String?)] {
    if let played { return played.device.center.map { ($0.thread, $0.notifications, $0.summary) } }
    return (state["center"]?.arrayValue ?? []).map { group in
      (
        group["thread"]?.stringValue ?? "",
        group["notifications"]?.arrayValue?.compactMap(\.stringValue) ?? [],
        group["summary"]?.stringValue
      )
    }
  }

  /// `summary`: the pushes held for the Scheduled Summary, `nil` when there are none.
  var summary: [String]? {
    if let played {
      let held = played.device.summary
      return held.isEmpty ? nil : held
    }
    guard let held = state["summary"]?.arrayValue, !held.isEmpty else { return nil }
    return held.compactMap(\.stringValue)
  }
}
