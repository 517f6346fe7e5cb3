import Foundation
import Testing

@testable import PushScenario

/// Reports written scenario by scenario (as `pushsim run` writes them) are byte for byte the
/// reports written at the end.
@Suite struct ReportStreamTests {
  static func results() async throws -> [ScenarioResult] {
    let passing = try decodeScenario(
      """
      { "name": "passes", "steps": [
          { "push": { "id": "m1", "payload": { "aps": { "alert": "Hola <&> \\"ok\\"" } } } },
          { "expect": { "push": { "m1": { "status": "delivered" } } } } ] }
      """)
    let failing = try decodeScenario(
      """
      { "name": "fails", "steps": [
          { "push": { "id": "m1", "payload": { "aps": { "alert": "x" } } } },
          { "expect": { "badge": 3, "push": { "m1": { "status": "silent" } } } } ] }
      """)
    let runner = SuiteRunner(jobs: 2)
    return await runner.run([passing, failing, passing])
  }

  @Test(arguments: [0, 1, 3])
  func streamedReportsEqualWholeReports(count: Int) async throws {
    let results = Array(try await Self.results().prefix(count))
    #expect(results.map(\.passed) == Array([true, false, true].prefix(count)))
    var text = TextReporter.Stream(TextReporter())
    #expect(text.report(results) == TextReporter().report(results))
    var json = JSONReporter.Stream(JSONReporter())
    #expect(json.report(results) == JSONReporter().report(results))
    let junit = JUnitReporter(suiteName: "pushsim run (shard 1/2)")
    var junitStream = JUnitReporter.Stream(junit)
    #expect(junitStream.report(results) == junit.report(results))
  }

  @Test func jsonAndTextPartsNeedNoLaterResult() async throws {
    let results = try await Self.results()
    var stream = JSONReporter.Stream(JSONReporter())
    let start = stream.start()
    let first = stream.part(results[0])
    // The first scenario's part is complete JSON text for its element, written before the
    // second scenario is known.
    #expect((start + first).hasPrefix("{\n  \"scenarios\": [\n    {"))
    #expect(first.hasSuffix("\n    }"))
    #expect(first.contains("\"name\": \"passes\""))
  }
}
