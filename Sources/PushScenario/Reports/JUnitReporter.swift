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
    var xml =
      #"    <testcase name="\#(Self.escape(result.name))" classname="\#(Self.escape(result.file))">"#
      + "\n"
    if !result.passed {
      let count = result.failures.count
      let summary = "\(count) failure\(count == 1 ? "" : "s")"
      let details = result.failures.map { "step \($0.step): \($0.message)" }.joined(
        separator: "\n")
      xml += #"      <failure message="\#(Self.escape(summary))" type="expectation">"#
      xml += Self.escape(details) + "</failure>\n"
    }
    xml +=
      "      <system-out>" + Self.escape(TextReporter(color: false).transcript(result))
      + "</system-out>\n"
    xml += "    </testcase>\n"
    return xml
  }

  /// The closing tags.
  let footer = "  </testsuite>\n</testsuites>\n"

  /// Text escaped for XML content and attributes; characters XML 1.0 forbids are dropped.
  static func escape(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&apos;"
      case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
      default:
        let value = scalar.value
        let allowed =
          (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value)
          || (0x10000...0x10FFFF).contains(value)
        if allowed { output.unicodeScalars.append(scalar) }
      }
    }
    return output
  }
}
