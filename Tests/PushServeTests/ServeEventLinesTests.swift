import Foundation
import PushCore
import PushDevice
import PushPayload
import PushScenario
import Testing

@testable import PushServe

/// The lines `pushsim serve` writes for a push's events, made from the device's events without
/// building their JSON, are the lines that JSON gives (CommandLine.md, `pushsim serve`, output):
/// each event's members in order after `type` and `device`, a `diagnostic` line for each
/// finding about a received push, and in text the transcript's words.
@Suite struct ServeEventLinesTests {
  /// A phone that played pushes with details (presentation, badge), a finding of each severity
  /// and a refusal.
  static func playedDevice() -> Device {
    var device = Device(configuration: DeviceConfiguration(locked: false))
    let alert = PushHeaders(pushType: "alert", priority: "10")
    device.receive(
      json:
        #"{"aps":{"alert":{"title":"Hola \u001b[31m","body":"B"},"badge":3,"sound":"default"}}"#,
      headers: alert, id: "p1")
    device.receive(json: #"{"aps":{"alert":"Hi","badge":"3"},"x":1}"#, id: "p2")
    device.receive(
      json: #"{"aps":{"alert":{"loc-key":"MISSING","loc-args":[1]}}}"#, headers: alert, id: "p3")
    device.receive(json: #"{"aps":"#, headers: alert, id: "p4")
    device.receive(json: #"{"aps":{"content-available":1}}"#, id: "p5")
    return device
  }

  @Test(arguments: [ServeLog.Format.text, .json])
  func theLinesAreTheEventsJSONWritten(_ format: ServeLog.Format) throws {
    let device = Self.playedDevice()
    let unprinted = ServedDevices.unprinted(from: 0)(device)
    #expect(unprinted.events.count == device.events.count)
    #expect(!unprinted.findings.isEmpty)
    var lines = ServeLog.Lines(format: format, activity: nil)
    lines.events(unprinted.events, findings: unprinted.findings, device: "ana")
    let expected = Self.linesFromJSON(DeviceReport.events(device), format: format, device: "ana")
    #expect(lines.text == expected.text)
    #expect(lines.page.map(\.text) == expected.page)
    #expect(lines.text.contains(format == .json ? #""type":"diagnostic""# : "warning: "))
  }

  @Test func onlyTheFindingsOfTheEventsReadAreRead() {
    let device = Self.playedDevice()
    let all = ServedDevices.unprinted(from: 0)(device)
    let last = ServedDevices.unprinted(from: all.end - 2)(device)
    #expect(last.events.count == 2)
    #expect(last.from == all.end - 2 && last.end == all.end)
    let received = Set(last.events.compactMap { $0.kind == .received ? $0.push : nil })
    #expect(last.findings.allSatisfy { received.contains($0.push ?? "") })
  }

  /// The lines as they were made from each event's JSON (`DeviceReport.events`): the oracle.
  static func linesFromJSON(_ events: [JSONValue], format: ServeLog.Format, device: String)
    -> (text: String, page: [String])
  {
    var text = ""
    var page: [String] = []
    func emit(_ fields: [(String, JSONValue)]) {
      text +=
        JSONValue(.object(JSONObject(fields.map { JSONMember(key: $0.0, value: $0.1) })))
        .jsonText + "\n"
    }
    for event in events {
      let time = event["time"]?.stringValue ?? ""
      let push = event["push"]?.stringValue ?? "-"
      let kind = event["kind"]?.stringValue ?? ""
      let source = event["source"]?.stringValue ?? ""
      var line = "\(TerminalText.escaped(time))  \(device)  \(push)  \(kind)"
      if let title = event["title"]?.stringValue ?? event["body"]?.stringValue, !title.isEmpty {
        line += "  \"\(TerminalText.escaped(title))\""
      }
      line += "  \(TerminalText.escaped(event["reason"]?.stringValue ?? ""))"
      page.append(line)
      var notes: [String] = []
      for finding in event["diagnostics"]?.arrayValue ?? [] {
        let severity = finding["severity"]?.stringValue ?? ""
        guard severity == "error" || severity == "warning",
          finding["code"]?.stringValue != DiagnosticCode.pushTypeInferred.rawValue
        else { continue }
        var note = "\(severity): "
        if let path = finding["path"]?.stringValue, !path.isEmpty {
          note += TerminalText.escaped(path) + ": "
        }
        note += TerminalText.escaped(finding["message"]?.stringValue ?? "")
        note += "  [\(finding["code"]?.stringValue ?? "")"
        notes.append(note + ", \(finding["source"]?.stringValue ?? "")]")
        page.append("    " + note + "]")
      }
      switch format {
      case .text:
        text += "  " + line + "  [\(source)]\n"
        for note in notes { text += "      \(note)\n" }
      case .json:
        emit(
          [("type", "event"), ("device", JSONValue(.string(device)))]
            + (event.objectValue?.members ?? []).filter { $0.key != "diagnostics" }.map {
              ($0.key, $0.value)
            })
        for finding in event["diagnostics"]?.arrayValue ?? [] {
          emit(
            [("type", "diagnostic"), ("device", JSONValue(.string(device)))]
              + (event["push"].map { [("push", $0)] } ?? [])
              + (finding.objectValue?.members ?? []).filter { $0.key != "push" }.map {
                ($0.key, $0.value)
              })
        }
      }
    }
    return (text, page)
  }
}
