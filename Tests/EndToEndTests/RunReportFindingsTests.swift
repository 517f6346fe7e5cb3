import Foundation
import PushSimTestSupport
import Testing

/// A payload typo in a scenario no longer plays silently: the run report shows each push's
/// findings where the push is received, with the key it most likely meant.
@Suite struct RunReportFindingsTests {
  static let scenario = """
    { "name": "Typos",
      "steps": [
        { "push": { "id": "t1", "payload": { "aps": {
            "alert": { "titel": "Hi", "body": "There" }, "thread_id": "chat", "contentAvailable": 1 } } } } ] }
    """

  @Test func textReportShowsThePushFindingsUnderItsReceivedLine() throws {
    let folder = try TemporaryFolder()
    try folder.write("typos.json", Self.scenario)
    let result = try CommandRunner.run(["run", folder.url.path])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    let received = try #require(lines.firstIndex { $0.contains("t1  received") })
    let findings = lines[(received + 1)...].prefix { $0.contains("warning:") }
    #expect(
      findings.contains {
        $0.contains(
          #"aps.alert.titel: 'titel' is not an alert key; it is ignored: did you mean "title"?"#)
      })
    #expect(findings.contains { $0.contains(#"did you mean "thread-id"?"#) })
    #expect(findings.contains { $0.contains(#"did you mean "content-available"?"#) })
    // The inferred push type, true of every scenario push without headers, is left out.
    #expect(!result.standardOutput.contains("push-type-inferred"))
  }

  @Test func jsonReportCarriesTheFindingsOnTheReceivedEvent() throws {
    let folder = try TemporaryFolder()
    try folder.write("typos.json", Self.scenario)
    let result = try CommandRunner.run(["run", "--format", "json", folder.url.path])
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    let scenario = try #require(
      ((object as? [String: Any])?["scenarios"] as? [[String: Any]])?.first)
    let events = try #require(scenario["events"] as? [[String: Any]])
    let received = try #require(events.first { $0["kind"] as? String == "received" })
    let findings = try #require(received["diagnostics"] as? [[String: Any]])
    let paths = findings.compactMap { $0["path"] as? String }
    #expect(paths.contains("aps.alert.titel"))
    #expect(paths.contains("aps.thread_id"))
    #expect(paths.contains("aps.contentAvailable"))
  }
}
