import Foundation
import PushCore
import PushDevice
import PushPayload
import Testing

@testable import PushScenario

/// What makes long scenarios cheap must not change what they send or check: an inline payload
/// taken from the file's bytes is the body the tree would give, and a check that builds only the
/// fields it names sees the values the whole notification record holds.
@Suite struct ScaleDecodingTests {
  /// The body a push step sends for the inline payload `payload` (written as in a file).
  static func body(ofInlinePayload payload: String) throws -> [UInt8] {
    let scenario = try decodeScenario(#"{ "steps": [ { "push": { "payload": \#(payload) } } ] }"#)
    guard case .push(let push) = try #require(scenario.steps.first).action else {
      Issue.record("not a push step")
      return []
    }
    return push.body
  }

  @Test(arguments: [
    #"{ "aps": { "alert": { "title": "Ana", "body": "¿Vienes? 🙂" }, "badge": 0 } }"#,
    "{\n\t\"aps\" :\r\n {\"alert\":\"a b\"} ,\"n\": [ 1, -0, 2.50, 1e3, 1E-2 ] }",
    #"{ "aps": {}, "e": [], "o": { }, "a": [ [ ], { "x": null, "y": true, "z": false } ] }"#,
    #"{ "dup": 1, "dup": 2, "aps": { "alert": "last wins" } }"#,
    #"{ "aps": { "alert": "T\u00e9 \"q\" \\ \/ \n \u0001 \ud83d\ude00" } }"#,
    #"{ "s": "a \" b", "aps": { "alert": " spaced  out " } }"#,
    #"{"aps":{"alert":"already compact"}}"#,
    #""a string payload""#,
    #"[ 1, { "aps": { } } ]"#,
    "{}",
  ])
  func inlineBodiesAreTheCompactTextOfTheTree(payload: String) throws {
    let expected = Array(try JSONDocument(parsing: payload).root.jsonText.utf8)
    #expect(try Self.body(ofInlinePayload: payload) == expected)
  }

  @Test func bodiesWithoutEscapesAreTheFileBytesWithoutWhitespace() throws {
    let body = try Self.body(
      ofInlinePayload: #"{ "aps" : { "alert" : "keep  these  spaces" } , "n" : 1.0 }"#)
    #expect(
      String(decoding: body, as: UTF8.self) == #"{"aps":{"alert":"keep  these  spaces"},"n":1.0}"#)
  }

  /// A decoded step's tree is released as decoding goes on; a reference to a later push is
  /// still told apart from an unknown one, default ids counted from the first push.
  @Test(arguments: [
    (
      #"{ "steps": [ { "push": { "payload": {} } }, { "tap": "push-2" }, { "push": { "payload": {} } } ] }"#,
      #"x.json:1:54: error: push "push-2" is not sent yet at this step"#
    ),
    (
      #"{ "steps": [ { "push": { "payload": {} } }, { "expect": { "push": { "m9": {} } } }, { "push": { "id": "m9", "payload": {} } } ] }"#,
      #"x.json:1:69: error: push "m9" is not sent yet at this step"#
    ),
    (
      #"{ "steps": [ { "push": { "payload": {} } }, { "tap": "push-3" }, { "push": { "payload": {} } } ] }"#,
      #"x.json:1:54: error: unknown push id "push-3"; did you mean "push-1"?"#
    ),
  ])
  func laterPushesAreToldApartFromUnknownOnes(text: String, expected: String) {
    #expect(decodingError(text) == expected)
  }

  /// A record with every optional part filled in (status, badge, sound, thread, category).
  static func record() throws -> NotificationRecord {
    var device = Device(
      app: AppConfiguration(
        bundleId: "com.example.chat", categories: [NotificationCategory(id: "message")]))
    device.receive(
      [
        "aps": [
          "alert": ["title": "T", "subtitle": "S", "body": "B"], "thread-id": "t",
          "category": "message", "sound": "default", "badge": 3, "relevance-score": 0.5,
          "interruption-level": "time-sensitive", "target-content-id": "c",
        ],
        "k": [1, "x"],
      ], headers: PushHeaders(pushType: "alert"), id: "m1")
    return try #require(device.notification("m1"))
  }

  @Test func aNamedFieldIsTheSameValueAsInTheWholeRecord() throws {
    let record = try Self.record()
    let whole = try #require(record.json.objectValue)
    #expect(whole.keys.count > 18)
    for key in whole.keys {
      let part = try #require(record.scenarioJSON(fields: [key]).objectValue)
      #expect(part.keys == [key])
      #expect(part[key].map(\.jsonText) == whole[key].map(\.jsonText), "\(key)")
    }
    let all = record.scenarioJSON(fields: whole.keys)
    #expect(all.jsonText == record.json.jsonText)
  }

  @Test(arguments: [true, false])
  func aNamedPushFieldIsTheSameValueAsInTheWholeRecord(accepted: Bool) throws {
    var device = Device(app: AppConfiguration(bundleId: "com.example.chat"))
    let headers =
      accepted
      ? PushHeaders(pushType: "alert", priority: "5", collapseID: "c1")
      : PushHeaders(pushType: "bogus")
    device.receive(["aps": ["alert": "hi"]], headers: headers, id: "m1")
    let record = try #require(device.push("m1"))
    let whole = try #require(record.scenarioJSON(apnsFacts: true).objectValue)
    #expect(whole.keys.count >= 8)
    for key in whole.keys {
      let part = try #require(record.scenarioJSON(fields: [key]).objectValue)
      #expect(part.keys == [key])
      #expect(part[key].map(\.jsonText) == whole[key].map(\.jsonText), "\(key)")
    }
    #expect(record.scenarioJSON(fields: ["nonsense"]).objectValue?.isEmpty == true)
  }

  @Test func fieldsTheRecordLeavesOutStayOut() throws {
    var device = Device(app: AppConfiguration(bundleId: "com.example.chat"))
    device.receive(["aps": ["alert": "no badge"]], id: "m1")
    let record = try #require(device.notification("m1"))
    #expect(record.json["badge"] == nil)
    let part = try #require(
      record.scenarioJSON(fields: ["badge", "nonsense", "title", "sound"]).objectValue)
    #expect(part.keys == ["title", "sound"])
    #expect(part["sound"] == JSONValue(.null))
  }
}

/// A step keeps its position without its file's text: the line index keeps none of it, and
/// answers as counting lines and scalars from the start of the text does, for every byte of
/// every layout.
@Suite struct TextlessLineIndexTests {
  static let texts: [String] = [
    "",
    "{}",
    "a\nb\r\nc\rd\n\n\r\r\n",
    String(repeating: "x", count: 64),
    String(repeating: "y", count: 128) + "\n",
    String(repeating: "¿Cómo estás? 🙂 ", count: 40),
    "{\"a\": \"é\",\r\n \"b\": [\"🙂🙂🙂\"]}\n" + String(repeating: "ñ", count: 63) + "\n",
    // A CR last in each eight-byte word the index reads at once, alone or before an LF.
    String(repeating: "abcdefg\r", count: 20),
    String(repeating: "abcdefg\r\n", count: 20),
    String(repeating: "abcdefgh", count: 8) + "\r",
    mixed(count: 700, seed: 1),
    mixed(count: 1000, seed: 7),
  ]

  /// `count` pieces of ASCII, two-, three- and four-byte scalars and line breaks in an order
  /// drawn from `seed`: every alignment of each against the index's words and blocks.
  static func mixed(count: Int, seed: UInt64) -> String {
    let pieces = ["a", "Z", " ", "é", "ж", "€", "🙂", "\n", "\r", "\r\n", "xyz"]
    var state = seed
    var text = ""
    for _ in 0..<count {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      text += pieces[Int((state >> 33) % UInt64(pieces.count))]
    }
    return text
  }

  /// Line and column of `offset` by walking the text from its start (LF, CR and CRLF end a
  /// line; a column counts the scalars before it on its line).
  static func counted(_ bytes: [UInt8], _ offset: Int) -> SourcePosition {
    let offset = max(0, min(offset, bytes.count))
    var line = 1
    var column = 1
    var index = 0
    while index < offset {
      let byte = bytes[index]
      if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    return SourcePosition(line: line, column: column)
  }

  @Test(arguments: texts)
  func positionsMatchCountingFromTheStart(text: String) {
    let bytes = Array(text.utf8)
    let index = LineIndex(bytes)
    for offset in -1...(bytes.count + 1) {
      #expect(index.position(of: offset) == Self.counted(bytes, offset), "offset \(offset)")
    }
  }

  @Test func stepsPointIntoTheFileWithoutKeepingIt() throws {
    let scenario = try decodeScenario(
      "{ \"steps\": [\n  { \"wait\": \"1s\" },\r\n\t{ \"note\": \"é🙂\", \"wait\": \"2s\" } ] }")
    #expect(scenario.steps.map(\.location.line) == [2, 3])
    #expect(scenario.steps.map(\.location.column) == [3, 2])
    #expect(scenario.device.source.bytes.isEmpty == false)
  }
}
