import Foundation
import PushCore
import PushDevice
import PushPayload

/// The transcript people read (CommandLine.md, `pushsim run`): for each scenario its name, a line
/// per event in aligned columns (`+0:00:05  m1  delivered  "Nuevo mensaje"`), the reason in plain
/// words with its source tag, the final Notification Center drawn as indented groups, then
/// `PASS` or `FAIL` with each failed check; the last line counts them.
public struct TextReporter: Sendable {
  /// Whether to colour the output (terminals only, never with `NO_COLOR`).
  public var color: Bool

  /// Creates a reporter.
  public init(color: Bool = false) { self.color = color }

  /// The whole transcript for `results`, ending with `N passed, N failed`.
  public func report(_ results: [ScenarioResult]) -> String {
    var output = ""
    for result in results {
      output += transcript(result)
      output += "\n"
    }
    let passed = results.filter(\.passed).count
    output += "\(passed) passed, \(results.count - passed) failed\n"
    return output
  }

  /// One scenario's transcript.
  public func transcript(_ result: ScenarioResult) -> String {
    joinedPieces { write(result, pieceSize: .max, to: $0) }
  }

  /// ``transcript(_:)`` handed to `write` in pieces of about `pieceSize` bytes, so a scenario
  /// of 100,000 pushes is never one text in memory.
  ///
  /// - Returns: false as soon as `write` does (the rest is not written).
  func write(_ result: ScenarioResult, pieceSize: Int, to write: (String) -> Bool) -> Bool {
    var output = ""
    var written = true
    func add(_ line: String) {
      guard written else { return }
      output += line
      output += "\n"
      if output.utf8.count >= pieceSize {
        written = write(output)
        output = ""
      }
    }
    add(paint(result.name, .bold) + "  " + paint("(\(result.file))", .dim))
    if let description = result.description, !description.isEmpty {
      for line in wrap(description, width: 96) { add("  " + paint(line, .dim)) }
    }
    // A played scenario's state is read from its device, never built as one JSON tree.
    let state = TranscriptState(result)
    addEventLines(result, state: state, to: add)
    for line in centerLines(state) { add(line) }
    if result.passed {
      add("  " + paint("PASS", .green))
    } else {
      let count = result.failures.count
      add("  " + paint("FAIL", .red) + " (\(count) failure\(count == 1 ? "" : "s"))")
      for failure in result.failures {
        add("    step \(failure.step): " + TerminalText.escaped(failure.message))
      }
    }
    return written && (output.isEmpty || write(output))
  }

  // MARK: Events

  /// A line per event in aligned columns, a step's note where its events begin, and each push's
  /// findings under the line where APNs received it. The columns are measured in a first pass
  /// and the lines written in a second, so no row is kept per event but its text.
  private func addEventLines(
    _ result: ScenarioResult, state: TranscriptState, to add: (String) -> Void
  ) {
    let events = result.events
    var offsets = OffsetCache(start: result.start)
    var texts: [String] = []
    texts.reserveCapacity(events.count)
    var timeWidth = 0
    var pushWidth = 0
    var kindWidth = 0
    var textWidth = 0
    for event in events {
      timeWidth = max(timeWidth, offsets.text(event.time).count)
      pushWidth = max(pushWidth, TerminalText.escaped(event.push ?? "-").count)
      kindWidth = max(kindWidth, event.kind.rawValue.count)
      let text = text(of: event, in: state)
      textWidth = max(textWidth, text.count)
      texts.append(text)
    }
    textWidth = min(textWidth, 40)
    // A step's note is shown where its events begin.
    var notes: [Int: [String]] = [:]
    for step in result.steps {
      guard let note = step.note, !note.isEmpty else { continue }
      let time = Self.offset(step.time.timeIntervalSince(result.start))
      notes[step.events.lowerBound, default: []].append(
        "  " + pad(time, timeWidth) + "  " + paint("# step \(step.number): \(note)", .dim))
    }
    let findings = result.findingsByPush
    for (index, event) in events.enumerated() {
      for note in notes[index] ?? [] { add(note) }
      let push = TerminalText.escaped(event.push ?? "-")
      let kind = event.kind.rawValue
      var line =
        "  " + pad(offsets.text(event.time), timeWidth) + "  " + pad(push, pushWidth) + "  "
      line += paint(pad(kind, kindWidth), kindColor(kind))
      if textWidth > 0 { line += "  " + pad(texts[index], textWidth) }
      let reason = TerminalText.escaped(event.reason) + "  [\(event.source.rawValue)]"
      line += "  " + paint(reason, .dim)
      add(line.trailingSpacesRemoved)
      // A push's findings follow the line where APNs received it.
      guard event.kind == .received, let id = event.push else { continue }
      for finding in findings[id] ?? [] where Self.isShownInText(finding) {
        add("  " + pad("", timeWidth) + "  " + pad(push, pushWidth) + "  " + findingText(finding))
      }
    }
    for note in notes[events.count] ?? [] { add(note) }
  }

  /// ``offset(_:)`` of event times since a start, the text of the last instant kept (events of
  /// one step share it).
  private struct OffsetCache {
    let start: Date
    var last: (time: Date, text: String)?

    init(start: Date) { self.start = start }

    mutating func text(_ time: Date) -> String {
      if let last, last.time == time { return last.text }
      let text = TextReporter.offset(time.timeIntervalSince(start))
      last = (time, text)
      return text
    }
  }

  /// The localized text an event is about: its own `title`/`body` details, else the text of
  /// the notification it delivered (as the final state shows it).
  private func text(of event: DeviceEvent, in state: TranscriptState) -> String {
    if let title = event.details["title"]?.stringValue, !title.isEmpty { return quote(title) }
    if let body = event.details["body"]?.stringValue, !body.isEmpty { return quote(body) }
    guard event.kind == .delivered || event.kind == .held, let push = event.push,
      let notification = state.notification(push)
    else { return "" }
    if let title = notification.title, !title.isEmpty { return quote(title) }
    if let body = notification.body, !body.isEmpty { return quote(body) }
    return ""
  }

  // MARK: Findings

  /// Warnings and errors are shown under their push; advice (`info`) stays in the JSON report,
  /// and so does the inferred push type, which every scenario push without headers would
  /// repeat (a scenario plays such a push as an alert, ScenarioFormat.md).
  static func isShownInText(_ finding: JSONValue) -> Bool {
    let severity = finding["severity"]?.stringValue
    return (severity == "error" || severity == "warning")
      && finding["code"]?.stringValue != DiagnosticCode.pushTypeInferred.rawValue
  }

  /// `warning: aps.alert.titel: 'titel' is not an alert key; … [unknown-key-in-aps, lint]`.
  private func findingText(_ finding: JSONValue) -> String {
    let severity = finding["severity"]?.stringValue ?? "warning"
    var text = paint(severity, severity == "error" ? .red : .yellow) + ": "
    if let path = finding["path"]?.stringValue, !path.isEmpty {
      text += TerminalText.escaped(path) + ": "
    }
    text += TerminalText.escaped(finding["message"]?.stringValue ?? "")
    let code = finding["code"]?.stringValue ?? ""
    let source = finding["source"]?.stringValue ?? ""
    return text + "  " + paint("[\(code), \(source)]", .dim)
  }

  // MARK: Notification Center

  private func centerLines(_ state: TranscriptState) -> [String] {
    var lines: [String] = []
    let groups = state.groups
    var heading = "  Notification Center"
    if let badge = state.badge { heading += " (badge \(badge))" }
    lines.append(paint(heading + (groups.isEmpty ? ": empty" : ":"), .bold))
    for group in groups {
      let thread = group.thread
      let ids = group.ids
      var line = "    " + (thread.isEmpty ? "(no thread)" : TerminalText.escaped(thread))
      line += " (\(ids.count))"
      if let summary = group.summary, !summary.isEmpty {
        line += "  " + quote(summary)
      }
      lines.append(line)
      let idWidth = ids.map { TerminalText.escaped($0).count }.max() ?? 0
      for id in ids {
        let notification = state.notification(id)
        var entry = "      " + pad(id, idWidth)
        let title = notification?.title ?? ""
        let body = notification?.body ?? ""
        if !title.isEmpty { entry += "  " + quote(title) }
        if !body.isEmpty { entry += "  " + TerminalText.escaped(body) }
        lines.append(entry.trailingSpacesRemoved)
      }
    }
    if let ids = state.summary {
      lines.append(
        "    Scheduled Summary: " + ids.map(TerminalText.escaped).joined(separator: ", "))
    }
    return lines
  }

  // MARK: Formatting

  /// `+H:MM:SS`, with milliseconds when there are some.
  static func offset(_ interval: TimeInterval) -> String {
    // Saturated far beyond the longest scenario (ScenarioTime.longestDuration), never trapping.
    let clamped = interval.isFinite ? min(max(interval, -1e13), 1e13) : 0
    let milliseconds = Int((clamped * 1000).rounded())
    let sign = milliseconds < 0 ? "-" : "+"
    let total = abs(milliseconds)
    let seconds = total / 1000
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    var text = "\(sign)\(seconds / 3600):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    if total % 1000 != 0 { text += "." + String(String(total % 1000 + 1000).dropFirst()) }
    return text
  }

  // Every value from a scenario or a payload reaches the output through `quote`, `pad`,
  // `paint` or `TerminalText.escaped`, which write control characters as escapes: a name or a
  // title cannot move the cursor, retitle the terminal or forge a report line.

  private func quote(_ text: String) -> String { "\"\(TerminalText.escaped(text))\"" }

  private func pad(_ text: String, _ width: Int) -> String {
    let text = TerminalText.escaped(text)
    let count = text.count
    return count >= width ? text : text + String(repeating: " ", count: width - count)
  }

  private func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + word.count + 1 > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  enum Style: String {
    case bold = "1"
    case dim = "2"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case blue = "34"
    case plain = ""
  }

  private func kindColor(_ kind: String) -> Style {
    switch kind {
    case "delivered", "presented", "route", "silent": .green
    case "rejected", "expired", "discarded", "throttled", "suppressed", "media.failed",
      "attachment.rejected", "extension.timeout", "route.unmatched":
      .red
    case "held", "stored", "coalesced", "replaced": .yellow
    case "tap", "action", "dismiss", "clear", "unlock": .blue
    default: .plain
    }
  }

  private func paint(_ text: String, _ style: Style) -> String {
    let text = TerminalText.escaped(text)
    guard color, style != .plain else { return text }
    return "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
  }
}

extension String {
  var trailingSpacesRemoved: String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
