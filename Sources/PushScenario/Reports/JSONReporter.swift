import Foundation
import PushDevice
public import PushPayload

/// The JSON report (CommandLine.md, `pushsim run --format json`): one document,
/// `{"scenarios": [{"name", "file", "passed", "failures", "events", "final"}], "passed", "failed"}`,
/// plus each scenario's `description` and `steps` (when each step ran and which events it caused).
/// `final` uses the field names `expect` uses (`center`, `summary`, `badge`, `routes`,
/// `notifications`, `pushes`, `app`).
public struct JSONReporter: Sendable {
  /// Creates a reporter.
  public init() {}

  /// The report as indented JSON text, ending with a newline.
  public func report(_ results: [ScenarioResult]) -> String {
    JSONText.pretty(document(results)) + "\n"
  }

  /// The report as a JSON value.
  public func document(_ results: [ScenarioResult]) -> JSONValue {
    var root = JSONObject()
    root.append(JSONMember(key: "scenarios", value: JSONValue(.array(results.map(scenario)))))
    let passed = results.filter(\.passed).count
    root.append(JSONMember(key: "passed", value: JSONValue(.number(JSONNumber(passed)))))
    root.append(
      JSONMember(key: "failed", value: JSONValue(.number(JSONNumber(results.count - passed)))))
    return JSONValue(.object(root))
  }

  /// One scenario's object in `scenarios`.
  func scenario(_ result: ScenarioResult) -> JSONValue {
    var object = JSONObject()
    object.append(JSONMember(key: "name", value: JSONValue(.string(result.name))))
    if let description = result.description {
      object.append(JSONMember(key: "description", value: JSONValue(.string(description))))
    }
    object.append(JSONMember(key: "file", value: JSONValue(.string(result.file))))
    object.append(JSONMember(key: "passed", value: JSONValue(.bool(result.passed))))
    object.append(
      JSONMember(key: "failures", value: JSONValue(.array(result.failures.map(\.json)))))
    object.append(
      JSONMember(key: "events", value: JSONValue(.array(Self.events(result)))))
    object.append(
      JSONMember(key: "steps", value: JSONValue(.array(result.steps.map(Self.stepJSON)))))
    object.append(JSONMember(key: "final", value: Self.final(result.state)))
    return JSONValue(.object(object))
  }

  /// The events, each push's `received` event carrying that push's findings under
  /// `diagnostics` (every severity; the same objects as `final.diagnostics`), so a payload
  /// typo shows where the push is played.
  static func events(_ result: ScenarioResult) -> [JSONValue] {
    let findings = result.findingsByPush
    return result.events.map { eventJSON($0, findings: findings) }
  }

  /// One event of `events`, with its push's findings when it is a `received` event.
  static func eventJSON(_ event: DeviceEvent, findings: PushFindings) -> JSONValue {
    var json = event.json
    guard event.kind == .received, let id = event.push, let found = findings[id],
      case .object(var object) = json.kind
    else { return json }
    object.append(JSONMember(key: "diagnostics", value: JSONValue(.array(found))))
    json.kind = .object(object)
    return json
  }

  /// One scenario's object in `scenarios`, as ``scenario(_:)`` indented `level` deep, handed to
  /// `write` a piece at a time: events, steps, notifications, pushes and diagnostics are
  /// turned into JSON one by one (the final state from the device the scenario played on),
  /// so a scenario of 100,000 pushes is never one tree or one text in memory.
  ///
  /// - Returns: false as soon as `write` does (the rest is not written).
  func write(
    _ result: ScenarioResult, level: Int, pieceSize: Int = 1 << 20, to write: (String) -> Bool
  ) -> Bool {
    var out = PrettyJSONStream(level: level, pieceSize: pieceSize)
    func handOn() -> Bool { !out.isFull || write(out.take()) }
    out.openObject()
    out.member("name", JSONValue(.string(result.name)))
    if let description = result.description {
      out.member("description", JSONValue(.string(description)))
    }
    out.member("file", JSONValue(.string(result.file)))
    out.member("passed", JSONValue(.bool(result.passed)))
    out.key("failures")
    out.openArray()
    for failure in result.failures {
      out.element()
      out.value(failure.json)
      guard handOn() else { return false }
    }
    out.close()
    out.key("events")
    out.openArray()
    let findings = result.findingsByPush
    for event in result.events {
      out.element()
      out.value(Self.eventJSON(event, findings: findings))
      guard handOn() else { return false }
    }
    out.close()
    out.key("steps")
    out.openArray()
    for step in result.steps {
      out.element()
      out.value(Self.stepJSON(step))
      guard handOn() else { return false }
    }
    out.close()
    out.key("final")
    switch result.final {
    case .value(let state): out.value(Self.final(state))
    case .device(let device):
      guard Self.writeFinal(device, to: &out, write: write) else { return false }
    }
    out.close()
    return write(out.take())
  }

  /// ``final(_:)`` of the device's state, written entry by entry.
  private static func writeFinal(
    _ device: Device, to out: inout PrettyJSONStream, write: (String) -> Bool
  ) -> Bool {
    func handOn() -> Bool { !out.isFull || write(out.take()) }
    out.openObject()
    for key in ["center", "summary", "badge", "routes"] {
      out.member(key, device.smallStateSection(key) ?? JSONValue(.null))
    }
    out.key("notifications")
    out.openObject()
    for id in device.pushIDs {
      guard let record = device.notification(id) else { continue }
      out.member(id, record.json)
      guard handOn() else { return false }
    }
    out.close()
    out.key("pushes")
    out.openObject()
    for id in device.pushIDs {
      guard let record = device.push(id) else { continue }
      out.member(id, record.scenarioJSON(apnsFacts: false))
      guard handOn() else { return false }
    }
    out.close()
    out.member("app", device.smallStateSection("app") ?? JSONValue(.null))
    out.key("diagnostics")
    out.openArray()
    for diagnostic in device.diagnostics {
      out.element()
      out.value(diagnostic.json)
      guard handOn() else { return false }
    }
    out.close()
    out.close()
    return true
  }

  /// A played step: `{"step", "keyword", "note", "time", "events": [first, end)}`, the range
  /// indexing this scenario's `events`.
  static func stepJSON(_ step: ScenarioResult.StepRecord) -> JSONValue {
    var object = JSONObject()
    object.append(JSONMember(key: "step", value: JSONValue(.number(JSONNumber(step.number)))))
    object.append(JSONMember(key: "keyword", value: JSONValue(.string(step.keyword))))
    if let note = step.note {
      object.append(JSONMember(key: "note", value: JSONValue(.string(note))))
    }
    object.append(
      JSONMember(key: "time", value: JSONValue(.string(ScenarioTime.format(step.time)))))
    object.append(
      JSONMember(
        key: "events",
        value: JSONValue(
          .array([
            JSONValue(.number(JSONNumber(step.events.lowerBound))),
            JSONValue(.number(JSONNumber(step.events.upperBound))),
          ]))))
    return JSONValue(.object(object))
  }

  /// The final state under the report's names (`pushes`, `notifications`).
  static func final(_ state: JSONValue) -> JSONValue {
    var object = JSONObject()
    let names: [(String, String)] = [
      ("center", "center"), ("summary", "summary"), ("badge", "badge"), ("routes", "routes"),
      ("notifications", "notification"), ("pushes", "push"), ("app", "app"),
      ("diagnostics", "diagnostics"),
    ]
    for (name, key) in names {
      object.append(JSONMember(key: name, value: state[key] ?? JSONValue(.null)))
    }
    return JSONValue(.object(object))
  }
}

extension Failure {
  /// `{"step", "path", "expected", "actual", "message"}`.
  public var json: JSONValue {
    var object = JSONObject()
    object.append(JSONMember(key: "step", value: JSONValue(.number(JSONNumber(step)))))
    object.append(JSONMember(key: "path", value: JSONValue(.string(path))))
    object.append(JSONMember(key: "expected", value: expected ?? JSONValue(.null)))
    object.append(JSONMember(key: "actual", value: actual ?? JSONValue(.null)))
    object.append(JSONMember(key: "message", value: JSONValue(.string(message))))
    return JSONValue(.object(object))
  }
}
