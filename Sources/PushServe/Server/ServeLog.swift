import Foundation
import PushCore
import PushDevice
import PushPayload
import PushScenario

/// Where `pushsim serve` writes what happens, a line at a time, as text or JSON lines
/// (CommandLine.md, `pushsim serve`): each request and its answer, then the events it caused
/// on its device, in the words of `pushsim run`'s transcript.
///
/// Nothing of a request's `authorization` header ever reaches a line: lines are made from the
/// server's own facts (method, path, device, status, reason, message) and the device's events.
public struct ServeLog: Sendable {
  /// Text lines or JSON lines.
  public enum Format: String, Sendable {
    /// One line per request or event, in aligned words, for people.
    case text
    /// One JSON object per line: `{"type": "request" | "event" | "model" | "server", …}`.
    case json
  }

  /// The format.
  public var format: Format
  /// Receives each line, newline included, in order (called from one place at a time).
  public var write: @Sendable (String) -> Void
  /// Told of every request's answer (`--until`, `--until-idle`).
  public var activity: ServeActivity?
  /// What the live page shows: the last entries (`--log-window`), and the phones that changed.
  public var feed: ServeFeed? = ServeFeed()

  /// Waits until every line given so far has reached ``write``.
  public let flush: @Sendable () -> Void

  /// Creates a log writing lines of `format` to `write`, one call at a time and in order
  /// (``LineSink``): lines never interleave, and a request never waits for another's write.
  public init(format: Format = .text, write: @escaping @Sendable (String) -> Void) {
    self.format = format
    let sink = LineSink(write)
    self.write = { sink.write($0) }
    self.flush = { sink.flush() }
  }

  /// A line about the server itself (listening, devices and their tokens).
  func server(_ message: String, _ fields: [(String, JSONValue)] = []) {
    publish { $0.server(message, fields) }
  }

  /// A `[model]` line: where PushSim departs from APNs, or models what Apple leaves open.
  func model(_ message: String) {
    publish { $0.model(message) }
  }

  /// A request and the answer it got.
  func request(
    _ request: ServeRequest, at time: Date, device: String?, response: ServeResponse,
    reason: String?, message: String?
  ) {
    publish {
      $0.request(
        request, at: time, device: device, response: response, reason: reason, message: message)
    }
  }

  /// Writes the lines `build` adds (``publish(_:)-(Lines)``).
  func publish(_ build: (inout Lines) -> Void) {
    var lines = self.lines()
    build(&lines)
    publish(lines)
  }

  /// No lines yet, in this log's format.
  func lines() -> Lines {
    Lines(format: format, activity: activity)
  }

  /// Writes `lines` in one call and gives the live page their entries in one hold of its lock:
  /// a request's lines never interleave with another's, and cost one write.
  func publish(_ lines: Lines) {
    if !lines.text.isEmpty { write(lines.text) }
    if !lines.page.isEmpty || lines.change != nil {
      feed?.publish(lines.page, change: lines.change)
    }
  }

  /// The lines of one request (or step), made before they are written (``publish(_:)-(Lines)``).
  struct Lines {
    let format: Format
    /// Told of the request's answer (``ServeLog/activity``).
    let activity: ServeActivity?
    /// The output, lines of ``format``.
    var text = ""
    /// The live page's entries.
    var page: [ServeFeed.Line] = []
    /// The phone whose drawing the page updates, and the events it shows.
    var change: (device: String, events: Range<Int>)?

    /// A line about the server itself (listening, devices and their tokens).
    mutating func server(_ message: String, _ fields: [(String, JSONValue)] = []) {
      switch format {
      case .text: text += TerminalText.escaped(message) + "\n"
      case .json:
        emit([("type", "server"), ("message", JSONValue(.string(message)))] + fields)
      }
    }

    /// A `[model]` line: where PushSim departs from APNs, or models what Apple leaves open.
    mutating func model(_ message: String) {
      page.append(ServeFeed.Line(source: "model", device: nil, text: message, failed: false))
      switch format {
      case .text: text += "[model] " + TerminalText.escaped(message) + "\n"
      case .json:
        emit([
          ("type", "model"), ("source", JSONValue(.string("model"))),
          ("message", JSONValue(.string(message))),
        ])
      }
    }

    /// A request and the answer it got.
    mutating func request(
      _ request: ServeRequest, at time: Date, device: String?, response: ServeResponse,
      reason: String?, message: String?
    ) {
      let apnsID = response.value("apns-id")
      let isAPI = request.path.hasPrefix("/pushsim/")
      // A push: to a device token or a broadcast channel (not a channel management request).
      let isPush = request.path.hasPrefix("/3/device") || request.path.hasPrefix("/4/broadcasts")
      activity?.answered(push: isPush, status: response.status)
      // An answer to APNs's endpoints is APNs's verdict; the API's is PushSim's own.
      let source = isAPI ? "api" : "apns"
      var line = "\(ScenarioTime.format(time))  \(request.wire.rawValue)  "
      line += TerminalText.escaped("\(request.method) \(request.path)")
      line += "  \(TerminalText.escaped(device ?? "-"))  \(response.status)"
      if let reason { line += " \(reason)" }
      if let apnsID { line += "  apns-id \(TerminalText.escaped(apnsID))" }
      if let message, !message.isEmpty { line += "  " + TerminalText.escaped(message) }
      page.append(
        ServeFeed.Line(
          source: source, device: device, text: line, failed: response.status != 200))
      switch format {
      case .text:
        text += line + "  [\(source)]\n"
      case .json:
        var fields: [(String, JSONValue)] = [
          ("type", "request"), ("source", JSONValue(.string(source))),
          ("time", JSONValue(.string(ScenarioTime.format(time)))),
          ("protocol", JSONValue(.string(request.wire.rawValue))),
          ("method", JSONValue(.string(request.method))),
          ("path", JSONValue(.string(request.path))),
          ("device", device.map { JSONValue(.string($0)) } ?? JSONValue(.null)),
          ("status", JSONValue(.number(JSONNumber(response.status)))),
        ]
        if let reason { fields.append(("reason", JSONValue(.string(reason)))) }
        if let apnsID { fields.append(("apnsId", JSONValue(.string(apnsID)))) }
        if let message, !message.isEmpty { fields.append(("message", JSONValue(.string(message)))) }
        emit(fields)
      }
    }

    /// The events a request (or an API step) caused on `device`, and below each `received`
    /// event the findings about its push among `findings`: written from the device's events,
    /// each line what the event's JSON (``DeviceReport/events(_:from:)``) would give, without
    /// building it (a served push logs three events or more).
    mutating func events(
      _ events: some Sequence<DeviceEvent>, findings: [PushDiagnostic], device: String
    ) {
      for event in events {
        let time = VirtualTimeFormat.text(event.time)
        let title = event.details["title"]?.stringValue ?? event.details["body"]?.stringValue
        var line = "\(TerminalText.escaped(time))  \(TerminalText.escaped(device))  "
        line += "\(TerminalText.escaped(event.push ?? "-"))  \(event.kind.rawValue)"
        if let title, !title.isEmpty { line += "  \"\(TerminalText.escaped(title))\"" }
        line += "  \(TerminalText.escaped(event.reason))"
        let source = event.source.rawValue
        page.append(ServeFeed.Line(source: source, device: device, text: line, failed: false))
        let found = Self.findings(of: event, among: findings)
        // The warnings and errors the text shows under the event, the page too.
        var notes: [(source: String, text: String, failed: Bool)] = []
        for finding in found {
          let severity = finding.diagnostic.severity.rawValue
          guard severity == "error" || severity == "warning",
            finding.code != DiagnosticCode.pushTypeInferred
          else { continue }
          var note = "\(severity): "
          if let path = finding.diagnostic.path, !path.isEmpty {
            note += TerminalText.escaped(path) + ": "
          }
          note += TerminalText.escaped(finding.diagnostic.message)
          note += "  [\(finding.code.rawValue)"
          let findingSource = finding.diagnostic.source.rawValue
          notes.append((findingSource, note, severity == "error"))
          page.append(
            ServeFeed.Line(
              source: findingSource, device: device, text: "    " + note + "]",
              failed: severity == "error"))
        }
        switch format {
        case .text:
          text += "  " + line + "  [\(source)]\n"
          for note in notes { text += "      \(note.text), \(note.source)]\n" }
        case .json:
          writeJSON(event, time: time, device: device)
          // The push's findings, a line each, after the event they came with.
          for finding in found { writeJSON(finding, of: event, device: device) }
        }
      }
    }

    /// The findings shown with `event`: those about its push, when it is the push's `received`.
    private static func findings(of event: DeviceEvent, among findings: [PushDiagnostic])
      -> [PushDiagnostic]
    {
      guard event.kind == .received, let push = event.push, !findings.isEmpty else { return [] }
      return findings.filter { $0.push == push }
    }

    /// `{"type":"event","device":…,` then the event's JSON members: `time`, `kind`, `push`,
    /// `source`, `reason`, then its details by key (those not already written).
    private mutating func writeJSON(_ event: DeviceEvent, time: String, device: String) {
      var writer = JSONWriter()
      writer.member("{\"type\":\"event\",\"device\":", device)
      writer.member(",\"time\":", time)
      writer.member(",\"kind\":", event.kind.rawValue)
      writer.member(",\"push\":", event.push)
      writer.member(",\"source\":", event.source.rawValue)
      writer.member(",\"reason\":", event.reason)
      for (key, value) in event.details.sorted(by: { $0.key < $1.key }) {
        switch key {
        case "time", "kind", "source", "reason", "diagnostics": continue
        case "push" where event.push != nil: continue
        default:
          writer.raw(byte: UInt8(ascii: ","))
          writer.string(key)
          writer.raw(byte: UInt8(ascii: ":"))
          writer.value(value)
        }
      }
      writer.raw("}\n")
      text += writer.text
    }

    /// `{"type":"diagnostic","device":…,"push":…,` then the finding's other JSON members.
    private mutating func writeJSON(
      _ finding: PushDiagnostic, of event: DeviceEvent, device: String
    ) {
      var writer = JSONWriter()
      writer.member("{\"type\":\"diagnostic\",\"device\":", device)
      writer.member(",\"push\":", event.push)
      writer.member(",\"code\":", finding.code.rawValue)
      writer.member(",\"severity\":", finding.diagnostic.severity.rawValue)
      writer.member(",\"path\":", finding.diagnostic.path)
      writer.member(",\"message\":", finding.diagnostic.message)
      writer.member(",\"source\":", finding.diagnostic.source.rawValue)
      writer.raw("}\n")
      text += writer.text
    }

    /// Writes one JSON line of `fields`, in order (what `JSONValue`'s compact text of an object of
    /// these members is, written without building the object).
    mutating func emit(_ fields: [(String, JSONValue)]) {
      var writer = JSONWriter()
      writer.raw(byte: UInt8(ascii: "{"))
      for (offset, field) in fields.enumerated() {
        if offset > 0 { writer.raw(byte: UInt8(ascii: ",")) }
        writer.string(field.0)
        writer.raw(byte: UInt8(ascii: ":"))
        writer.value(field.1)
      }
      writer.raw("}\n")
      text += writer.text
    }
  }
}

/// Hands a log's lines to its output one call at a time, in the order given, without making a
/// thread wait for another's write: lines given while another thread writes are written by
/// that thread, after its own, so under load many requests' lines go out in one write. A
/// thread that gives lines while more than ``limit`` bytes wait, waits (an output that stops
/// reading holds the server back, it never fills memory).
final class LineSink: @unchecked Sendable {
  // @unchecked: `pending` and `writing` are only touched with `condition` locked.
  /// The most bytes left waiting for the writing thread.
  static let limit = 1 << 20
  private let output: @Sendable (String) -> Void
  private let condition = NSCondition()
  private var pending = ""
  private var writing = false

  init(_ output: @escaping @Sendable (String) -> Void) {
    self.output = output
  }

  /// Writes `text` now, or has the thread writing write it next.
  func write(_ text: String) {
    condition.lock()
    while writing && pending.utf8.count >= Self.limit { condition.wait() }
    pending += text
    guard !writing else {
      condition.unlock()
      return
    }
    writing = true
    while !pending.isEmpty {
      let batch = pending
      pending = ""
      condition.broadcast()
      condition.unlock()
      output(batch)
      condition.lock()
    }
    writing = false
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until every line given so far was written.
  func flush() {
    condition.lock()
    while writing || !pending.isEmpty { condition.wait() }
    condition.unlock()
  }
}

extension JSONWriter {
  /// `prefix` (such as `,"key":`) then `value` as a JSON string; nothing when `value` is `nil`.
  fileprivate mutating func member(_ prefix: StaticString, _ value: String?) {
    guard let value else { return }
    raw(prefix)
    string(value)
  }
}
