import Foundation
import PushPayload
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

  /// A part rendered as bytes reads as the same text, and a part whose text is set anew
  /// writes the new text.
  @Test func renderedPartsReadAsTheirText() async throws {
    let results = try await Self.results()
    var part = JSONReporter.Stream(JSONReporter()).render(results[0])
    let whole = joinedPieces { JSONReporter().write(results[0], level: 2, to: $0) }
    #expect(part.text == whole)
    let transcript = TextReporter.Stream(TextReporter()).render(results[1])
    #expect(transcript.text == TextReporter().transcript(results[1]) + "\n")
    part.text = "replaced"
    var stream = TextReporter.Stream(TextReporter())
    #expect(stream.append(part) == "replaced")
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

/// A long scenario's JSON part is written piece by piece, in suite order, from its device.
@Suite struct DeferredReportPartTests {
  @Test func deferredPartsAreWrittenInPiecesEqualToTheWholeReport() async throws {
    let results = try await ReportStreamTests.results()
    var stream = JSONReporter.Stream(JSONReporter())
    stream.deferredEvents = 0
    stream.pieceSize = 64
    var pieces: [String] = []
    #expect(stream.start() == "{\n  \"scenarios\": [")
    pieces.append("{\n  \"scenarios\": [")
    for result in results {
      let part = stream.render(result)
      #expect(part.isDeferred)
      #expect(part.text.isEmpty)
      #expect(part.passed == result.passed)
      let written = stream.append(part) { piece in
        pieces.append(piece)
        return true
      }
      #expect(written)
    }
    pieces.append(stream.finish())
    #expect(pieces.joined() == JSONReporter().report(results))
    // Pieces of about 64 bytes: the part was never one text.
    #expect(pieces.count > 20)
    #expect(pieces.allSatisfy { $0.utf8.count < 64 + 4096 })
  }

  /// `pushsim run` takes the pieces as UTF-8 bytes: the same report, for every stream, with
  /// long parts deferred and short ones not.
  @Test(arguments: [0, 20_000])
  func utf8PiecesAreTheSameReport(deferredEvents: Int) async throws {
    let results = try await ReportStreamTests.results()
    var json = JSONReporter.Stream(JSONReporter())
    json.deferredEvents = deferredEvents
    json.pieceSize = 64
    var text = TextReporter.Stream(TextReporter())
    text.deferredEvents = deferredEvents
    var junit = JUnitReporter.Stream(JUnitReporter())
    junit.deferredEvents = deferredEvents
    var streams: [any ReportStream] = [json, text, junit]
    let expected = [
      JSONReporter().report(results), TextReporter().report(results),
      JUnitReporter().report(results),
    ]
    for index in streams.indices {
      var bytes: [UInt8] = Array(streams[index].start().utf8)
      for result in results {
        let part = streams[index].render(result)
        let written = streams[index].appendUTF8(part) { piece in
          bytes.append(contentsOf: piece)
          return true
        }
        #expect(written)
      }
      _ = streams[index].finish { piece in
        bytes.append(contentsOf: piece.utf8)
        return true
      }
      #expect(String(decoding: bytes, as: UTF8.self) == expected[index])
    }
  }

  @Test func aFailedWriteStopsTheDeferredPart() async throws {
    let results = try await ReportStreamTests.results()
    var stream = JSONReporter.Stream(JSONReporter())
    stream.deferredEvents = 0
    stream.pieceSize = 64
    _ = stream.start()
    var writes = 0
    let written = stream.append(stream.render(results[0])) { _ in
      writes += 1
      return writes < 3
    }
    #expect(!written)
    #expect(writes == 3)
  }

  @Test func aPlayedScenarioBuildsItsFinalStateFromItsDevice() async throws {
    let results = try await ReportStreamTests.results()
    let state = results[1].state
    #expect(state["push"]?["m1"]?["status"]?.stringValue == "delivered")
    #expect(state["badge"]?.numberValue?.integer == 0)
    var replaced = results[1]
    replaced.state = JSONValue(.object(JSONObject()))
    #expect(replaced.state["push"] == nil)
  }
}

/// A long scenario's JUnit `<testcase>` is kept in pieces and written piece by piece, equal to
/// the whole report; its text is escaped a run of bytes at a time.
@Suite struct JUnitPiecesTests {
  @Test func deferredTestcasesAreKeptAndWrittenInPiecesEqualToTheWholeReport() async throws {
    let results = try await ReportStreamTests.results()
    let reporter = JUnitReporter(suiteName: "pushsim run")
    var stream = JUnitReporter.Stream(reporter)
    stream.deferredEvents = 0
    stream.pieceSize = 64
    #expect(stream.start().isEmpty)
    for result in results {
      let part = stream.render(result)
      #expect(part.isDeferred)
      #expect(stream.append(part).isEmpty)
    }
    // Pieces of about 64 bytes: no testcase was ever one text.
    #expect(stream.testcases.count > 10)
    #expect(stream.testcases.allSatisfy { $0.utf8.count < 64 + 4096 })
    let kept = stream.testcases.count
    var pieces: [String] = []
    let written = stream.finish { piece in
      pieces.append(piece)
      return true
    }
    #expect(written)
    #expect(pieces.joined() == reporter.report(results))
    #expect(pieces.count == kept + 2)  // the header, every piece kept, the footer
    #expect(stream.testcases.isEmpty)
  }

  @Test func aFailedWriteStopsTheDocument() async throws {
    let results = try await ReportStreamTests.results()
    var stream = JUnitReporter.Stream(JUnitReporter())
    stream.deferredEvents = 0
    stream.pieceSize = 64
    for result in results { _ = stream.append(stream.render(result)) }
    var writes = 0
    let written = stream.finish { _ in
      writes += 1
      return writes < 3
    }
    #expect(!written)
    #expect(writes == 3)
  }

  /// The escape, scalar by scalar, as XML 1.0 defines it: the oracle for the byte-level one.
  static func scalarEscape(_ text: String) -> String {
    var output = ""
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
        if (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value)
          || (0x10000...0x10FFFF).contains(value)
        {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output
  }

  @Test func escapingMatchesXMLCharacterRules() {
    let samples = [
      "", "plain", #"<a href="x">&'</a>"#, "tab\tline\nreturn\r\u{0}\u{1}\u{1F}\u{7F}",
      "\u{FFFD}\u{FFFE}\u{FFFF}\u{EFFF}\u{E000}\u{D7FF}", "¿Cómo estás? 😀 Погледајте",
      "end&", "\u{FFFF}", "x\u{FFFE}", "\u{FEFF}bom",
    ]
    for sample in samples {
      #expect(
        JUnitReporter.escape(sample) == Self.scalarEscape(sample), "\(sample.debugDescription)")
    }
    // Every scalar of the first two planes' edges and of ASCII, one by one and together.
    var all = ""
    for value in Array(0...0x7F) + Array(0xD7F0...0xD7FF) + Array(0xFFF0...0x1_0010) {
      guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
      all.unicodeScalars.append(scalar)
      #expect(JUnitReporter.escape(String(scalar)) == Self.scalarEscape(String(scalar)))
    }
    #expect(JUnitReporter.escape(all) == Self.scalarEscape(all))
  }
}
