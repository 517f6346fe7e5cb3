import Foundation
import PushCore
import Testing

@testable import PushPayload

/// A body read in place (`validate --jsonl`) is judged exactly as a body read as a tree: the
/// same verdict, findings, syntax error, tree and payload, for every fixture payload, bodies
/// that exercise each rule, and thousands of one-byte changes and truncations of them.
@Suite struct InPlaceValidationTests {
  /// Bodies that reach every reading rule and every way out of reading in place.
  static let bodies: [String] = [
    #"{"aps":{"alert":{"title":"Нови производ","body":"¡Hola! ¿Cómo estás? #8687"},"badge":"1","mutable-content":true,"chat-id":"chat_5464"},"sender-id":"user_894436"}"#,
    #"{"aps":{"alert":{"title-loc-key":"T","title-loc-args":["Ana", 2, null, {"a": [1]}],"loc-key":"B","loc-args":[true]},"sound":{"critical":1,"name":"s.caf","volume":1.5},"thread-id":"t"}}"#,
    #"{"aps":{"alert":"plain","badge":-3,"sound":7,"content-available":0,"interruption-level":"loud","relevance-score":2.5,"filter-criteria":"work"}}"#,
    #"{"aps":{"badge":1.5e0,"content-available":2,"mutable-content":"1","target-content-id":9,"url-args":["a",1]}}"#,
    #"{"aps":{"event":"update","timestamp":1700000000,"content-state":{"n":[1,{"x":"y"}]},"stale-date":1.5,"dismissal-date":"x","relevance-score":50,"alert":{"title":{"loc-key":"K","loc-args":["a"]},"body":{"loc-args":[]},"sound":"a.caf"}}}"#,
    #"{"aps":{"event":"start","attributes-type":"T","attributes":{"a":1},"input-push-token":1,"input-push-channel":"c","content-state":{}}}"#,
    #"{"aps":{"content-available":1}}"#,
    #"{"aps":{"content-available":1,"badge":0},"k":{"deep":[[[{"z":"\u00e9"}]]]}}"#,
    #"{"aps":{"alert":{"summary-arg":"s","summary-arg-count":"2","action-loc-key":null,"action":"Go","launch-image":"L","subtitle":"S","subtitle-loc-key":"SK","subtitle-loc-args":["x"]}}}"#,
    #"{"aps":{"alert":{"title":"a \"quoted\" \\ \/ \n \u0001 \ud83d\ude00"}},"e\u0073c":"key with an escape"}"#,
    #"{"aps":{"alert":"x"},"aps":{"badge":2}}"#,
    #"{"aps":{"alert":{"title":"1","title":"2"}}}"#,
    #"{"badge":1,"sound":"default","alert":"top-level","timestamp":1,"aps":{}}"#,
    #"{"no-aps":true}"#,
    #"{"aps":[]}"#,
    #"{"aps":"string"}"#,
    #"[1,2]"#, #""text""#, "12", "null", "true", "", "   ", "\n",
    #"{"aps":{"alert":"x","badge":1e400}}"#,
    #"{"aps":{"alert":"x"} trailing"#,
    "\u{FEFF}{\"aps\":{}}",
    #"{"n":[-0, 0, -1, 123456789012345, 1234567890123456789, 99999999999999999999, 1.0, 1e2, -2.5E-3]}"#,
    #"{"aps":{"alert":{"body":"%@ %d %1$@ %%"},"category":"c","sound":"default"}}"#,
    #"{"aps":{"alerts":{"title":"typo"},"bagde":1,"sound ":"x","Alert":"y"}}"#,
  ]

  /// Every fixture payload of this suite's folder.
  static func fixtureBodies() throws -> [[UInt8]] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/payloads")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      .filter { $0.hasSuffix(".json") }
      .map { [UInt8](try Data(contentsOf: folder.appendingPathComponent($0))) }
  }

  /// What differs between the two readings of `body`, or `nil`. `storage` is reused from one
  /// body to the next, as `validate --jsonl` reuses it (grown by a large body, then reading a
  /// small one).
  static func difference(
    _ body: [UInt8], headers: PushHeaders = PushHeaders(),
    storage: JSONTapeStorage = JSONTapeStorage(capacity: 1)
  ) -> String? {
    let tree = PayloadValidation(body: body, headers: headers)
    // A slice in the middle of a larger buffer, as `validate --jsonl` reads its lines.
    let buffer = Array("x\n".utf8) + body + Array("\ny".utf8)
    let inPlace = PayloadValidation(
      readingInPlace: buffer[2..<(2 + body.count)], headers: headers, tapeStorage: storage)
    if tree.verdict != inPlace.verdict { return "verdict" }
    if tree.diagnostics != inPlace.diagnostics {
      return "diagnostics \(tree.diagnostics) vs \(inPlace.diagnostics)"
    }
    if tree.syntaxError != inPlace.syntaxError { return "syntax error" }
    if tree.document?.root.jsonText != inPlace.document?.root.jsonText { return "tree" }
    if tree.document?.root.byteRange != inPlace.document?.root.byteRange { return "ranges" }
    if tree.payload?.aps != inPlace.payload?.aps { return "aps" }
    if tree.payload?.diagnostics != inPlace.payload?.diagnostics { return "reading findings" }
    if tree.payload?.json.jsonText != inPlace.payload?.json.jsonText { return "payload json" }
    if tree.jsonText(line: 1) != inPlace.jsonText(line: 1) { return "JSON result" }
    return nil
  }

  @Test(arguments: bodies)
  func aBodyReadInPlaceIsJudgedAsATree(body: String) {
    #expect(Self.difference(Array(body.utf8)) == nil, "\(body)")
    // With a push type, a priority and a topic, the header rules see the same body.
    let headers = PushHeaders(pushType: "background", priority: "10", topic: "com.example")
    #expect(Self.difference(Array(body.utf8), headers: headers) == nil, "\(body)")
  }

  @Test func everyFixturePayloadIsJudgedAsATree() throws {
    let fixtures = try Self.fixtureBodies()
    #expect(fixtures.count > 20)
    let storage = JSONTapeStorage(capacity: 1)
    for body in fixtures {
      #expect(
        Self.difference(body, storage: storage) == nil, "\(String(decoding: body, as: UTF8.self))")
    }
  }

  /// Truncations and one-byte changes: syntax errors, repeated or escaped keys, types that
  /// change, each judged the same either way.
  @Test func changedBodiesAreJudgedAsATree() {
    let replacements: [UInt8] = [
      UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: "\""),
      UInt8(ascii: ":"), UInt8(ascii: "1"), UInt8(ascii: "\\"), UInt8(ascii: "a"), 0x00, 0xFF,
    ]
    var checked = 0
    var differences: [String] = []
    let storage = JSONTapeStorage()
    for body in Self.bodies.prefix(10) {
      let base = Array(body.utf8)
      var variants: [[UInt8]] = (0..<base.count).map { Array(base[..<$0]) }
      for offset in base.indices {
        for byte in replacements where base[offset] != byte {
          var changed = base
          changed[offset] = byte
          variants.append(changed)
        }
      }
      for variant in variants {
        checked += 1
        if let difference = Self.difference(variant, storage: storage) {
          differences.append("\(String(decoding: variant, as: UTF8.self)): \(difference)")
        }
      }
    }
    #expect(differences.isEmpty, "\(differences.prefix(5))")
    #expect(checked > 10_000)
  }

  /// A tape lists every value in document order (an object's keys before their values) and is
  /// read in place only when every object's keys are distinct and written without escapes.
  @Test func aTapeIsReadInPlaceOnlyWithPlainKeys() throws {
    let tape = try #require(try JSONTape(reading: Array(#"{"a":[1,"x"],"b":{}}"#.utf8)[...]))
    #expect(
      tape.entries.map(\.kind) == [.object, .string, .array, .number, .string, .string, .object])
    #expect(tape.entries[0].count == 2)
    #expect(tape.entries[2].next == 5)
    #expect(tape.hasPlainKeys)
    let many =
      "{"
      + (0...JSONTape.largestComparedObject).map { "\"k\($0)\":0" }
      .joined(separator: ",") + "}"
    for body in [#"{"a":1,"b":{"c":1,"c":2}}"#, #"{"\u0061":1}"#, many] {
      #expect(try JSONTape(reading: Array(body.utf8)[...])?.hasPlainKeys == false, "\(body)")
    }
    #expect(throws: JSONSyntaxError.self) { try JSONTape(reading: Array(#"{"a":}"#.utf8)[...]) }
  }

  /// Each key case is found from its own spelling, from a string or from bytes, and the cases
  /// are the keys Apple defines (`APS.knownKeys`, `Alert.knownKeys`): the spellings are written
  /// once, as the raw values.
  @Test func everyKeyCaseIsFoundFromItsSpelling() {
    for key in PayloadReader.APSKey.allCases {
      #expect(PayloadReader.apsKey(key.rawValue) == key)
      let bytes = Array(key.rawValue.utf8)
      #expect(
        bytes.withUnsafeBufferPointer { PayloadReader.apsKey(JSONTapeValue.Key(bytes: $0)) } == key)
      #expect(PayloadReader.apsKey(key.rawValue.uppercased()) == nil)
      #expect(PayloadReader.apsKey(String(key.rawValue.dropLast())) == nil)
    }
    for key in PayloadReader.AlertKey.allCases {
      #expect(PayloadReader.alertKey(key.rawValue) == key)
      #expect(PayloadReader.alertKey(key.rawValue + "s") == nil)
    }
    #expect(Set(PayloadReader.APSKey.allCases.map(\.rawValue)) == APS.knownKeys)
    #expect(Set(PayloadReader.AlertKey.allCases.map(\.rawValue)) == Alert.knownKeys)
  }

  /// A body read in place has its tree built only when asked for, once, shared by copies.
  @Test func theTreeIsBuiltOnceWhenAskedFor() throws {
    let body = Array(#"{"aps":{"alert":"hi","badge":3},"k":[1,2]}"#.utf8)
    let validation = PayloadValidation(readingInPlace: body[...])
    let copy = validation
    let document = try #require(validation.document)
    #expect(document.root["k"]?.arrayValue?.count == 2)
    #expect(copy.payload?.aps.badge == 3)
    #expect(copy.payload?.customKeys == ["k"])
    let badge = Diagnostic(
      .warning, code: .wrongType, path: "aps.badge", message: "", source: .model)
    #expect(validation.position(of: badge)?.column == 30)
  }
}
