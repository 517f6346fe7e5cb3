/// The JUnit XML report (CommandLine.md, `pushsim run --format junit`): one `<testcase>` per
/// scenario, a `<failure>` listing its failed checks, and the transcript in `<system-out>`, for CI
/// systems that read JUnit files.
public struct JUnitReporter: Sendable {
  /// The `<testsuite>` name: `pushsim run`, or one per shard (`pushsim run (shard 2/4)`) so
  /// the files of a CI matrix merge without two suites of the same name.
  public var suiteName: String

  /// Creates a reporter.
  public init(suiteName: String = "pushsim run") { self.suiteName = suiteName }

  /// The XML document.
  public func report(_ results: [ScenarioResult]) -> String {
    let failed = results.filter { !$0.passed }.count
    var xml = header(tests: results.count, failures: failed)
    for result in results { xml += testcase(result) }
    return xml + footer
  }

  /// The XML declaration and the opening `<testsuites>` and `<testsuite>` tags, which count
  /// the tests and failures.
  func header(tests: Int, failures: Int) -> String {
    var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    xml += #"<testsuites name="pushsim" tests="\#(tests)" failures="\#(failures)">"# + "\n"
    xml +=
      #"  <testsuite name="\#(Self.escape(suiteName))" tests="\#(tests)" failures="\#(failures)" errors="0" skipped="0">"#
      + "\n"
    return xml
  }

  /// One scenario's `<testcase>`.
  func testcase(_ result: ScenarioResult) -> String {
    joinedPieces { write(result, pieceSize: .max, to: $0) }
  }

  /// ``testcase(_:)`` handed to `write` in pieces of about `pieceSize` bytes: the transcript
  /// is escaped a piece at a time as it is written, so a scenario of 100,000 pushes is never
  /// one text in memory (nor its escaped copy).
  ///
  /// - Returns: false as soon as `write` does (the rest is not written).
  func write(_ result: ScenarioResult, pieceSize: Int, to write: (String) -> Bool) -> Bool {
    var head =
      #"    <testcase name="\#(Self.escape(result.name))" classname="\#(Self.escape(result.file))">"#
      + "\n"
    if !result.passed {
      let count = result.failures.count
      let summary = "\(count) failure\(count == 1 ? "" : "s")"
      let details = result.failures.map { "step \($0.step): \($0.message)" }.joined(
        separator: "\n")
      head += #"      <failure message="\#(Self.escape(summary))" type="expectation">"#
      head += Self.escape(details) + "</failure>\n"
    }
    head += "      <system-out>"
    var escaped: [UInt8] = []
    var written = true
    func handOn(force: Bool) {
      guard written, force || escaped.count >= pieceSize else { return }
      written = write(String(decoding: escaped, as: UTF8.self))
      escaped.removeAll(keepingCapacity: true)
    }
    escaped.append(contentsOf: head.utf8)
    let transcribed = TextReporter(color: false).write(result, pieceSize: pieceSize) { piece in
      Self.escape(piece, into: &escaped)
      handOn(force: false)
      return written
    }
    guard transcribed, written else { return false }
    escaped.append(contentsOf: "</system-out>\n    </testcase>\n".utf8)
    handOn(force: true)
    return written
  }

  /// The closing tags.
  let footer = "  </testsuite>\n</testsuites>\n"

  /// Text escaped for XML content and attributes; characters XML 1.0 forbids are dropped.
  static func escape(_ text: String) -> String {
    var output: [UInt8] = []
    escape(text, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// ``escape(_:)``'s bytes appended to `output`, a run of plain bytes at a time: `&`, `<`,
  /// `>`, `"` and `'` become entities; control characters other than tab, line feed and
  /// carriage return, and U+FFFE and U+FFFF (the characters of valid UTF-8 outside XML 1.0's
  /// `Char`), are dropped.
  static func escape(_ text: String, into output: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes in
      var runStart = 0
      var index = 0
      func flush(skipping count: Int, adding entity: StaticString?) {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        if let entity {
          output.append(
            contentsOf: UnsafeBufferPointer(
              start: entity.utf8Start, count: entity.utf8CodeUnitCount))
        }
        index += count
        runStart = index
      }
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "&"): flush(skipping: 1, adding: "&amp;")
        case UInt8(ascii: "<"): flush(skipping: 1, adding: "&lt;")
        case UInt8(ascii: ">"): flush(skipping: 1, adding: "&gt;")
        case UInt8(ascii: "\""): flush(skipping: 1, adding: "&quot;")
        case UInt8(ascii: "'"): flush(skipping: 1, adding: "&apos;")
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
        case 0..<0x20: flush(skipping: 1, adding: nil)
        case 0xEF
        where index + 2 < bytes.count && bytes[index + 1] == 0xBF
          && bytes[index + 2] >= 0xBE:
          flush(skipping: 3, adding: nil)  // U+FFFE, U+FFFF
        default: index += 1
        }
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }
  }
}
