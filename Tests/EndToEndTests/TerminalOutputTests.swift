import Foundation
import PushSimTestSupport
import Testing

/// Control characters from payloads and scenario names never reach the terminal raw: an escape
/// sequence cannot retitle it, and a newline cannot forge a `PASS` or a totals line.
@Suite struct TerminalOutputTests {
  /// An OSC sequence that sets the terminal's title, then a bell.
  static let retitle = #"\u001b]0;pwned\u0007"#

  @Test func scenarioNameAndPayloadTextCannotForgeTheReport() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "forged.json",
      """
      { "name": "Forged\\n  PASS\\n\\n1 passed, 0 failed\\n\(Self.retitle)",
        "steps": [
          { "push": { "id": "p\\u001b[2J", "payload": { "aps": {
            "alert": { "title": "Hi \(Self.retitle)", "body": "line\\rover\\u009b31m" },
            "thread-id": "t\\u202e1" } } } },
          { "expect": { "badge": 3 } } ] }
      """)
    let result = try CommandRunner.run(["run", folder.url.path])
    #expect(result.status == 1)
    #expect(!result.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(!result.standardOutput.contains("\r"))
    #expect(
      !result.standardOutput.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E })
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(!lines.contains("  PASS"))
    #expect(!lines.contains("1 passed, 0 failed"))
    #expect(lines.contains("0 passed, 1 failed"))
    #expect(
      result.standardOutput.contains(#"Forged\n  PASS\n\n1 passed, 0 failed\n\u001b]0;pwned\u0007"#)
    )
    #expect(result.standardOutput.contains(#""Hi \u001b]0;pwned\u0007""#))
  }

  @Test func renderEscapesControlCharactersInPayloadText() throws {
    let folder = try TemporaryFolder()
    let payload = try folder.write(
      "p.json",
      #"{"aps": {"alert": {"title": "Hi \u001b]0;pwned\u0007", "body": "a\nPASS"}}}"#)
    let result = try CommandRunner.run(["render", payload])
    #expect(result.status == 0)
    #expect(!result.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(result.standardOutput.contains(#"Hi \u001b]0;pwned\u0007"#))
    #expect(result.standardOutput.contains(#"a\nPASS"#))
  }

  /// Invisible format characters (directional marks, zero width space, isolates) are escaped
  /// too, in the report and in error lines; emoji keep their joiners.
  @Test func invisibleFormatCharactersAreEscaped() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "s.json",
      #"""
      { "name": "a\u200fb\u200ec\u200bd\u2066e\u2069",
        "steps": [ { "push": { "payload": { "aps": { "alert": "x\u200by \ud83d\udc69\u200d\ud83d\udcbb" } } } } ] }
      """#)
    let result = try CommandRunner.run(["run", folder.url.path])
    #expect(result.status == 0)
    let invisible: Set<UInt32> = [0x200F, 0x200E, 0x200B, 0x2066, 0x2069]
    #expect(!result.standardOutput.unicodeScalars.contains { invisible.contains($0.value) })
    #expect(result.standardOutput.contains(#"a\u200fb\u200ec\u200bd\u2066e\u2069"#))
    #expect(result.standardOutput.contains("x\\u200by 👩\u{200D}💻"))
    let bad = try folder.write("bad.json", #"{ "steps": [ { "tap\u200f": 1 } ] }"#)
    let run = try CommandRunner.run(["run", bad])
    #expect(run.status == 2)
    #expect(run.standardError.contains(#"unknown step "tap\u200f""#))
  }

  @Test func validateAndErrorLinesEscapePayloadAndScenarioText() throws {
    let folder = try TemporaryFolder()
    let payload = try folder.write(
      "p.json", #"{"aps": {"alert": "a", "x\u009b2J": 1, "badge": "\u001b[31m"}}"#)
    let validate = try CommandRunner.run(["validate", "--push-type", "alert", payload])
    #expect(
      !validate.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })
    #expect(validate.standardOutput.contains(#"\u001b[31m"#))
    let scenario = try folder.write("s.json", #"{ "steps": [ { "tapp\u001b]0;x\u0007": 1 } ] }"#)
    let run = try CommandRunner.run(["run", scenario])
    #expect(run.status == 2)
    #expect(!run.standardError.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(run.standardError.contains(#"unknown step "tapp\u001b]0;x\u0007""#))
  }
}
