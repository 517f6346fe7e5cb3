import Foundation
import PushDevice
public import PushPayload

/// The JSON report (CommandLine.md, `pushsim run --format json`): one document,
/// `{"scenarios": [{"name", "file", "passed", "failures", "events", "final"}], "passed", "failed"}`,
/// plus each scenario's `description` and `steps` (when each step ran and which events it caused).
/// `final` holds every section `expect` checks, under the names `expect` uses (`center`,
/// `summary`, `badge`, `routes`, `app`, `activities`, `dynamicIsland`, `lockScreenActivities`,
/// `pushToStartToken`, `diagnostics`), but `notifications` and `pushes` for `notification` and
/// `push`; `events` is the scenario's own list beside it.
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
  /// `write` a piece at a time. Events, steps, notifications, pushes and diagnostics are
  /// written field by field into one reused byte buffer (no JSON tree per event or record; the
  /// final state from the device the scenario played on), so a scenario of 100,000 pushes is
  /// never one tree or one text in memory, and the report holds nothing that grows with it.
  ///
  /// - Returns: false as soon as `write` does (the rest is not written).
  func write(
    _ result: ScenarioResult, level: Int, pieceSize: Int = 1 << 20, to write: (String) -> Bool
  ) -> Bool {
    self.write(result, level: level, pieceSize: pieceSize) { piece in
      write(String(decoding: piece, as: UTF8.self))
    }
  }

  /// ``write(_:level:pieceSize:to:)`` handing on each piece's UTF-8 bytes, as written (no
  /// string is made of them).
  func write(
    _ result: ScenarioResult, level: Int, pieceSize: Int = 1 << 20,
    toUTF8 write: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    var out = PrettyJSONStream(level: level, pieceSize: pieceSize)
    out.openObject()
    out.field("name", string: result.name)
    if let description = result.description {
      out.field("description", string: description)
    }
    out.field("file", string: result.file)
    out.field("passed", bool: result.passed)
    out.field("failures")
    out.openArray()
    for failure in result.failures {
      out.element()
      out.value(failure.json)
      guard out.handOnIfFull(to: write) else { return false }
    }
    out.close()
    out.field("events")
    out.openArray()
    let findings = result.findingsByPush
    for event in result.events {
      out.element()
      Self.write(event, findings: findings, to: &out)
      guard out.handOnIfFull(to: write) else { return false }
    }
    out.close()
    out.field("steps")
    out.openArray()
    var lastTime: (date: Date, quoted: [UInt8])?
    for step in result.steps {
      out.element()
      // Steps often share an instant (no wait between them): its text is made once.
      let time: [UInt8]
      if let lastTime, lastTime.date == step.time {
        time = lastTime.quoted
      } else {
        var writer = JSONWriter()
        writer.string(ScenarioTime.format(step.time))
        time = writer.bytes
        lastTime = (step.time, time)
      }
      Self.write(step, quotedTime: time, to: &out)
      guard out.handOnIfFull(to: write) else { return false }
    }
    out.close()
    out.field("final")
    switch result.final {
    case .value(let state): out.value(Self.final(state))
    case .device(let device):
      guard Self.writeFinal(device, to: &out, write: write) else { return false }
    }
    out.close()
    return out.handOn(to: write)
  }

  /// One event of `events`, as ``eventJSON(_:findings:)`` writes it: `time`, `kind`, `push`,
  /// `source`, `reason`, the details' fields by key (those not already written), then a
  /// `received` event's findings under `diagnostics`.
  static func write(
    _ event: DeviceEvent, findings: PushFindings, to out: inout PrettyJSONStream
  ) {
    out.openObject()
    out.field("time", time: event.time)
    out.field("kind", string: event.kind.rawValue)
    if let push = event.push { out.field("push", string: push) }
    out.field("source", string: event.source.rawValue)
    out.field("reason", string: event.reason)
    if !event.details.isEmpty {
      // Sorted as pairs: no key is looked up again.
      for (key, value) in event.details.sorted(by: { $0.key < $1.key }) {
        switch key {
        case "time", "kind", "source", "reason": continue
        case "push" where event.push != nil: continue
        default: out.member(key, value)
        }
      }
    }
    if event.kind == .received, let id = event.push {
      findings.write(id, to: &out)
    }
    out.close()
  }

  /// A played step, as ``stepJSON(_:)`` writes it, its time already quoted.
  static func write(
    _ step: ScenarioResult.StepRecord, quotedTime: [UInt8], to out: inout PrettyJSONStream
  ) {
    out.openObject()
    out.field("step", integer: step.number)
    out.field("keyword", string: step.keyword)
    if let note = step.note { out.field("note", string: note) }
    out.field("time")
    out.raw(quotedTime)
    out.field("events")
    out.openArray()
    out.element(integer: step.events.lowerBound)
    out.element(integer: step.events.upperBound)
    out.close()
    out.close()
  }

  /// ``final(_:)`` of the device's state, written entry by entry.
  private static func writeFinal(
    _ device: Device, to out: inout PrettyJSONStream,
    write: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    out.openObject()
    // `center`: `{"thread", "notifications", "summary"}` per group, ids written one by one.
    out.field("center")
    out.openArray()
    for group in device.center {
      out.element()
      out.openObject()
      out.field("thread", string: group.thread)
      out.field("notifications")
      out.openArray()
      for entry in group.entries {
        out.element()
        out.string(entry.push)
      }
      out.close()
      out.field("summary", optional: group.summary)
      out.close()
      guard out.handOnIfFull(to: write) else { return false }
    }
    out.close()
    for key in ["summary", "badge", "routes"] {
      out.member(key, device.smallStateSection(key) ?? JSONValue(.null))
    }
    // Ids and records side by side, in arrival order: no id is looked up to find its record.
    let ids = device.pushIDs
    let pushes = device.pushes
    out.field("notifications")
    out.openObject()
    for (position, id) in ids.enumerated() {
      guard let record = device.notification(ofPushAt: position) else { continue }
      out.key(id)
      record.write(to: &out)
      guard out.handOnIfFull(to: write) else { return false }
    }
    out.close()
    out.field("pushes")
    out.openObject()
    for (id, record) in zip(ids, pushes) {
      out.key(id)
      record.writeReportJSON(to: &out)
      guard out.handOnIfFull(to: write) else { return false }
    }
    out.close()
    out.field("app", value: device.smallStateSection("app") ?? JSONValue(.null))
    // A scenario holds a handful of activities: built as a tree, as a check builds them.
    let live = device.scenarioState(
      for: JSONObject(
        Device.liveActivitySections.map { JSONMember(key: $0, value: JSONValue(.null)) }))
    for key in Device.liveActivitySections {
      out.member(key, live[key] ?? JSONValue(.null))
    }
    out.field("diagnostics")
    out.openArray()
    for diagnostic in device.diagnostics {
      out.element()
      diagnostic.write(to: &out)
      guard out.handOnIfFull(to: write) else { return false }
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
    let names: [(String, String)] =
      [
        ("center", "center"), ("summary", "summary"), ("badge", "badge"), ("routes", "routes"),
        ("notifications", "notification"), ("pushes", "push"), ("app", "app"),
      ]
      + Device.liveActivitySections.map { ($0, $0) } + [("diagnostics", "diagnostics")]
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
