import Foundation
import PushCore
import PushDevice
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

/// Each push's findings, found among all the device's diagnostics in the order it raised them.
@Suite struct PushFindingsTests {
  @Test func eachPushsFindingsKeepTheirOrderAmongOthers() {
    let order: [(String?, String)] = [
      ("a", "a1"), ("b", "b1"), ("a", "a2"), (nil, "device"), ("b", "b2"), ("a", "a3"),
    ]
    let diagnostics = order.map { push, message in
      PushDiagnostic(
        push: push,
        diagnostic: Diagnostic(
          .warning, code: .pushTypeInferred, path: nil, message: message, source: .lint))
    }
    let findings = PushFindings(diagnostics: diagnostics)
    #expect(findings["a"]?.compactMap { $0["message"]?.stringValue } == ["a1", "a2", "a3"])
    #expect(findings["b"]?.compactMap { $0["message"]?.stringValue } == ["b1", "b2"])
    #expect(findings["c"] == nil)
    let state = JSONValue(
      .object(
        JSONObject([
          JSONMember(key: "diagnostics", value: JSONValue(.array(diagnostics.map(\.json))))
        ])))
    #expect(PushFindings(state: state)["a"] == findings["a"])
  }
}

/// A long scenario's transcript is written piece by piece, in suite order, from its device.
@Suite struct DeferredTranscriptTests {
  @Test func deferredTranscriptsAreWrittenInPiecesEqualToTheWholeReport() async throws {
    let results = try await ReportStreamTests.results()
    for color in [false, true] {
      let reporter = TextReporter(color: color)
      var stream = TextReporter.Stream(reporter)
      stream.deferredEvents = 0
      stream.pieceSize = 64
      var pieces = [stream.start()]
      for result in results {
        let part = stream.render(result)
        #expect(part.isDeferred)
        #expect(part.text.isEmpty)
        let written = stream.append(part) { piece in
          pieces.append(piece)
          return true
        }
        #expect(written)
      }
      pieces.append(stream.finish())
      #expect(pieces.joined() == reporter.report(results))
      #expect(pieces.joined().hasSuffix("2 passed, 1 failed\n"))
      // Pieces of about 64 bytes: the transcript was never one text.
      #expect(pieces.count > 10)
      #expect(pieces.allSatisfy { $0.utf8.count < 64 + 1024 })
    }
  }

  @Test func aFailedWriteStopsTheDeferredTranscript() async throws {
    let results = try await ReportStreamTests.results()
    var stream = TextReporter.Stream(TextReporter())
    stream.deferredEvents = 0
    stream.pieceSize = 16
    var writes = 0
    let written = stream.append(stream.render(results[0])) { _ in
      writes += 1
      return writes < 2
    }
    #expect(!written)
    #expect(writes == 2)
  }
}
