import Foundation
import PushPayload
import PushSimTestSupport
import Testing

@testable import PushScenario

/// The JSON report is written field by field from the device (no JSON tree per event or
/// record): byte for byte the document built as a tree, for every bundled scenario (details,
/// findings, attachments, taps, Live Activities, collapsed and held pushes).
@Suite struct StreamedReportBytesTests {
  static func bundledResults() async throws -> [ScenarioResult] {
    let suite = try ScenarioSuite(paths: ["Scenarios"], in: Repository.root)
    let scenarios = try await suite.load(jobs: 2)
    return await SuiteRunner(jobs: 2).run(scenarios)
  }

  @Test func streamedPartsEqualTheTreeDocument() async throws {
    let results = try await Self.bundledResults()
    #expect(results.count >= 70)
    let expected = JSONReporter().report(results)
    for deferredEvents in [20_000, 0] {
      var stream = JSONReporter.Stream(JSONReporter())
      stream.deferredEvents = deferredEvents
      stream.pieceSize = 512
      let streamed = stream.report(results)
      #expect(streamed.utf8.count == expected.utf8.count)
      #expect(Array(streamed.utf8) == Array(expected.utf8))
    }
  }

  @Test func eachPartEqualsItsScenarioInTheDocument() async throws {
    // Scenario by scenario, so a difference names its scenario.
    for result in try await Self.bundledResults() {
      var stream = JSONReporter.Stream(JSONReporter())
      stream.deferredEvents = 0
      let streamed = stream.report([result])
      #expect(
        Array(streamed.utf8) == Array(JSONReporter().report([result]).utf8), "\(result.file)")
    }
  }
}

/// The transcript reads a played scenario's final state from its device (no JSON tree of the
/// state): the same text as from that state as JSON, for every bundled scenario.
@Suite struct TranscriptFromDeviceTests {
  @Test func transcriptsFromTheDeviceEqualTranscriptsFromTheState() async throws {
    let results = try await StreamedReportBytesTests.bundledResults()
    for color in [false, true] {
      let reporter = TextReporter(color: color)
      for result in results {
        var fromState = result
        fromState.state = result.state
        let expected = reporter.transcript(fromState)
        #expect(reporter.transcript(result) == expected, "\(result.file)")
        #expect(expected.contains("PASS"))
      }
    }
  }
}
