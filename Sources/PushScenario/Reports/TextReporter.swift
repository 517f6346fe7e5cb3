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
    self.write(result, pieceSize: pieceSize) { write(String(decoding: $0, as: UTF8.self)) }
  }

  /// ``write(_:pieceSize:to:)`` handing on each piece's UTF-8 bytes, as written.
  func write(
    _ result: ScenarioResult, pieceSize: Int, toUTF8 write: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    var out = TranscriptWriter(color: color, pieceSize: pieceSize)
    out.painted(result.name, .bold)
    out.plain("  ")
    out.painted("(\(result.file))", .dim)
    guard out.endLine(to: write) else { return false }
    if let description = result.description, !description.isEmpty {
      for line in wrap(description, width: 96) {
        out.plain("  ")
        out.painted(line, .dim)
        guard out.endLine(to: write) else { return false }
      }
    }
    // A played scenario's state is read from its device, never built as one JSON tree.
    let state = TranscriptState(result)
    guard writeEvents(result, state: state, to: &out, write: write),
      writeCenter(state, to: &out, write: write)
    else { return false }
    out.plain("  ")
    if result.passed {
      out.painted("PASS", .green)
      guard out.endLine(to: write) else { return false }
    } else {
      let count = result.failures.count
      out.painted("FAIL", .red)
      out.plain(" (")
      out.integer(count)
      if count == 1 { out.plain(" failure)") } else { out.plain(" failures)") }
      guard out.endLine(to: write) else { return false }
      for failure in result.failures {
        out.plain("    step ")
        out.integer(failure.step)
        out.plain(": ")
        out.escaped(failure.message)
        guard out.endLine(to: write) else { return false }
      }
    }
    return out.handOn(to: write)
  }

  // MARK: Events

  /// A line per event in aligned columns, a step's note where its events begin, and each push's
  /// findings under the line where APNs received it. The columns are measured in a first pass
  /// and the lines written in a second, so no row is kept per event but its text.
  private func writeEvents(
    _ result: ScenarioResult, state: TranscriptState, to out: inout TranscriptWriter,
    write: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    let events = result.events
    var offsets = OffsetCache(start: result.start)
    var texts: [String] = []
    texts.reserveCapacity(events.count)
    var timeWidth = 0
    var pushWidth = 0
    var kindWidth = 0
    var textWidth = 0
    for event in events {
      timeWidth = max(timeWidth, offsets.text(event.time).utf8.count)
      pushWidth = max(pushWidth, TranscriptWriter.width(TerminalText.escaped(event.push ?? "-")))
      kindWidth = max(kindWidth, TranscriptWriter.width(event.kind.rawValue))
      let text = text(of: event, in: state)
      textWidth = max(textWidth, TranscriptWriter.width(text))
      texts.append(text)
    }
    textWidth = min(textWidth, 40)
    // A step's note is shown where its events begin (steps come in the order of their events).
    var notes: [(event: Int, time: String, step: Int, note: String)] = []
    for step in result.steps {
      guard let note = step.note, !note.isEmpty else { continue }
      let time = Self.offset(step.time.timeIntervalSince(result.start))
      notes.append((step.events.lowerBound, time, step.number, note))
    }
    var nextNote = notes.startIndex
    func writeNotes(before index: Int) -> Bool {
      while nextNote < notes.endIndex, notes[nextNote].event <= index {
        let note = notes[nextNote]
        nextNote += 1
        out.plain("  ")
        out.padded(note.time, width: timeWidth)
        out.plain("  ")
        out.painted("# step \(note.step): \(note.note)", .dim)
        guard out.endLine(to: write) else { return false }
      }
      return true
    }
    let findings = result.findingsByPush
    for (index, event) in events.enumerated() {
      guard writeNotes(before: index) else { return false }
      let push = event.push ?? "-"
      let kind = event.kind.rawValue
      out.plain("  ")
      out.padded(offsets.text(event.time), width: timeWidth)
      out.plain("  ")
      out.padded(push, width: pushWidth)
      out.plain("  ")
      out.painted(kindColor(kind)) { $0.padded(kind, width: kindWidth) }
      if textWidth > 0 {
        out.plain("  ")
        out.padded(texts[index], width: textWidth)
      }
      out.plain("  ")
      out.painted(.dim) {
        $0.escaped(event.reason)
        $0.plain("  [")
        $0.escaped(event.source.rawValue)
        $0.plain("]")
      }
      guard out.endLine(trimmingSpaces: true, to: write) else { return false }
      // A push's findings follow the line where APNs received it.
      guard event.kind == .received, let id = event.push else { continue }
      for finding in findings.shownInText(id) {
        out.plain("  ")
        out.spaces(timeWidth)
        out.plain("  ")
        out.padded(push, width: pushWidth)
        out.plain("  ")
        writeFinding(finding, to: &out)
        guard out.endLine(to: write) else { return false }
      }
    }
    return writeNotes(before: events.count)
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

  /// The localized text an event is about, quoted and escaped: the text of the notification
  /// a `delivered` or `held` event delivered (as the final state shows it). (No event kind has
  /// `title` or `body` details: Codes.md's Details column, checked against the typed details.)
  private func text(of event: DeviceEvent, in state: TranscriptState) -> String {
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
  static func isShownInText(severity: String?, code: String?) -> Bool {
    (severity == "error" || severity == "warning")
      && code != DiagnosticCode.pushTypeInferred.rawValue
  }

  /// `warning: aps.alert.titel: 'titel' is not an alert key; … [unknown-key-in-aps, lint]`.
  private func writeFinding(_ finding: JSONValue, to out: inout TranscriptWriter) {
    let severity = finding["severity"]?.stringValue ?? "warning"
    out.painted(severity, severity == "error" ? .red : .yellow)
    out.plain(": ")
    if let path = finding["path"]?.stringValue, !path.isEmpty {
      out.escaped(path)
      out.plain(": ")
    }
    out.escaped(finding["message"]?.stringValue ?? "")
    let code = finding["code"]?.stringValue ?? ""
    let source = finding["source"]?.stringValue ?? ""
    out.plain("  ")
    out.painted("[\(code), \(source)]", .dim)
  }

  // MARK: Notification Center

  /// The final Notification Center: a heading, each group's thread and summary, its
  /// notifications' ids and texts, and the pushes held for the Scheduled Summary.
  private func writeCenter(
    _ state: TranscriptState, to out: inout TranscriptWriter,
    write: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    let groups = state.groups
    var heading = "  Notification Center"
    if let badge = state.badge { heading += " (badge \(badge))" }
    out.painted(heading + (groups.isEmpty ? ": empty" : ":"), .bold)
    guard out.endLine(to: write) else { return false }
    for group in groups {
      let thread = group.thread
      let ids = group.ids
      out.plain("    ")
      if thread.isEmpty { out.plain("(no thread)") } else { out.escaped(thread) }
      out.plain(" (")
      out.integer(ids.count)
      out.plain(")")
      if let summary = group.summary, !summary.isEmpty {
        out.plain("  ")
        out.quoted(summary)
      }
      guard out.endLine(to: write) else { return false }
      let idWidth = ids.map { TranscriptWriter.width(TerminalText.escaped($0)) }.max() ?? 0
      for id in ids {
        let notification = state.notification(id)
        out.plain("      ")
        out.padded(id, width: idWidth)
        if let title = notification?.title, !title.isEmpty {
          out.plain("  ")
          out.quoted(title)
        }
        if let body = notification?.body, !body.isEmpty {
          out.plain("  ")
          out.escaped(body)
        }
        guard out.endLine(trimmingSpaces: true, to: write) else { return false }
      }
    }
    if let ids = state.summary {
      out.plain("    Scheduled Summary: ")
      for (offset, id) in ids.enumerated() {
        if offset > 0 { out.plain(", ") }
        out.escaped(id)
      }
      guard out.endLine(to: write) else { return false }
    }
    return true
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

  // Every value from a scenario or a payload reaches the output escaped (TranscriptWriter).

  private func quote(_ text: String) -> String { "\"\(TerminalText.escaped(text))\"" }

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

  private func kindColor(_ kind: String) -> TranscriptWriter.Style {
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
}

extension String {
  var trailingSpacesRemoved: String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
