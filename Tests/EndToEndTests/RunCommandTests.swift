import Foundation
import PushSimTestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `pushsim run` on fixture scenarios: standard output and exit status compared with golden
/// files for the text, JSON and JUnit reports (CommandLine.md).
@Suite struct RunCommandTests {
  static let fixtures = "Tests/EndToEndTests/Fixtures/run"
  static let snapshots = Repository.folder().appendingPathComponent("Snapshots/run")

  @Test func textReportShowsEventsCenterAndFailures() throws {
    let result = try CommandRunner.run(["run", Self.fixtures])
    #expect(result.status == 1)
    #expect(result.standardError.isEmpty)
    #expect(result.standardOutput.hasSuffix("\n1 passed, 1 failed\n"))
    #expect(!result.standardOutput.contains("\u{1B}["))
    Golden.assertMatches(
      result.standardOutput, golden: Self.snapshots.appendingPathComponent("report.txt"))
  }

  @Test func jsonReportIsOneDocumentWithFailuresEventsAndFinalState() throws {
    let result = try CommandRunner.run(["run", "--format", "json", Self.fixtures])
    #expect(result.status == 1)
    Golden.assertMatches(
      result.standardOutput, golden: Self.snapshots.appendingPathComponent("report.json"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect(object["passed"] as? Int == 1)
    #expect(object["failed"] as? Int == 1)
    let scenarios = try #require(object["scenarios"] as? [[String: Any]])
    #expect(scenarios.count == 2)
    let failing = try #require(scenarios.last)
    let failures = try #require(failing["failures"] as? [[String: Any]])
    #expect(failures.count == 5)
    #expect(failures.first?["step"] as? Int == 3)
    #expect(failures.first?["path"] as? String == "push.bad.status")
    #expect(failures.first?["expected"] as? String == "delivered")
    #expect(failures.first?["actual"] as? String == "rejected")
    let final = try #require(scenarios.first?["final"] as? [String: Any])
    for key in ["center", "summary", "badge", "routes", "notifications", "pushes", "app"] {
      #expect(final[key] != nil, "final.\(key)")
    }
  }

  @Test func junitReportParsesAsXML() throws {
    let result = try CommandRunner.run(["run", "--format", "junit", Self.fixtures])
    #expect(result.status == 1)
    Golden.assertMatches(
      result.standardOutput, golden: Self.snapshots.appendingPathComponent("report.xml"))
    let document = try XMLDocument(data: Data(result.standardOutput.utf8))
    let cases = try document.nodes(forXPath: "//testcase")
    #expect(cases.count == 2)
    let failures = try document.nodes(forXPath: "//testcase/failure")
    #expect(failures.count == 1)
    #expect(failures.first?.stringValue?.contains("step 5: cannot tap") == true)
    let suites = try #require(document.rootElement())
    #expect(suites.attribute(forName: "failures")?.stringValue == "1")
  }

  @Test func filterPlaysOnlyMatchingScenarios() throws {
    let result = try CommandRunner.run(["run", "--filter", "two messages", Self.fixtures])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasSuffix("\n1 passed, 0 failed\n"))
    #expect(!result.standardOutput.contains("Failing:"))
    let none = try CommandRunner.run(["run", "--filter", "nothing like this", Self.fixtures])
    #expect(none.status == 2)
    #expect(none.standardError.hasPrefix("error: no scenario whose name contains"))
  }

  @Test func outputWritesTheReportToAFile() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-report-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try CommandRunner.run([
      "run", "--format", "json", "--output", file.path, Self.fixtures + "/chat.json",
    ])
    #expect(result.status == 0)
    #expect(result.standardOutput.isEmpty)
    let written = try String(contentsOf: file, encoding: .utf8)
    #expect(written.contains(#""passed": 1"#))
  }

  /// The file is written where the path leads, not replaced: a symbolic link stays a link (as
  /// a device such as `/dev/null` stays a device).
  @Test func outputWritesThroughALinkInsteadOfReplacingIt() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("target.json")
    try Data("old text, longer than nothing\n".utf8).write(to: target)
    let link = folder.appendingPathComponent("report.json")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
    let result = try CommandRunner.run([
      "run", "--format", "json", "--output", link.path, Self.fixtures + "/chat.json",
    ])
    #expect(result.status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
    let written = try String(contentsOf: target, encoding: .utf8)
    #expect(written.hasPrefix("{"))
    #expect(written.contains(#""passed": 1"#))
    #expect(!written.contains("old text"))
  }

  @Test func colourOnlyOnATerminal() throws {
    // Standard output is a pipe here, so even without NO_COLOR there is no colour.
    let result = try CommandRunner.run(
      ["run", Self.fixtures + "/chat.json"], environment: ["TERM": "xterm-256color"])
    #expect(result.status == 0)
    #expect(!result.standardOutput.contains("\u{1B}["))
  }

  @Test func anAPNSFileIsAScenarioOfOnePush() throws {
    let result = try CommandRunner.run(["run", "Scenarios/apns/news.apns"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("push-1  delivered  \"Breaking news\""))
  }
}
