import Foundation
import PushCore
import PushPayload
import Testing

@Suite struct JSONDocumentTests {
  @Test func readsEveryKindOfValueWithByteRanges() throws {
    let text = #"{"a": [1, -2.5e3, "x\u00e9\n", true, false, null], "b": {}}"#
    let document = try JSONDocument(parsing: text)
    let array = try #require(document.root["a"]?.arrayValue)
    #expect(array.count == 6)
    #expect(array[0].numberValue?.integer == 1)
    #expect(array[1].numberValue?.double == -2500)
    #expect(array[1].numberValue?.integer == nil)
    #expect(array[1].numberValue?.text == "-2.5e3")
    #expect(array[2].stringValue == "xé\n")
    #expect(array[3].boolValue == true)
    #expect(array[4].boolValue == false)
    #expect(array[5].isNull)
    #expect(document.root["b"]?.objectValue?.isEmpty == true)
    // Byte ranges cover exactly the source text of each value.
    let bytes = Array(text.utf8)
    func source(_ value: JSONValue) -> String {
      String(decoding: bytes[value.byteRange], as: UTF8.self)
    }
    #expect(source(array[1]) == "-2.5e3")
    #expect(source(array[2]) == #""x\u00e9\n""#)
    #expect(source(document.root) == text)
    #expect(document.root.objectValue?.member("b")?.keyRange == 51..<54)
  }

  @Test func positionsAreOneBasedLinesAndScalarColumns() throws {
    let text = "{\n  \"título\": \"é\",\n  \"n\": 1\n}"
    let document = try JSONDocument(parsing: text)
    let n = try #require(document.root["n"])
    #expect(document.position(of: n) == SourcePosition(line: 3, column: 8))
    let title = try #require(document.root["título"])
    // Columns count Unicode scalars, not bytes: `"título": ` is 10 scalars after 2 spaces.
    #expect(document.position(of: title) == SourcePosition(line: 2, column: 13))
    #expect(document.position(ofByte: 0) == SourcePosition(line: 1, column: 1))
    #expect(document.position(ofByte: 10_000) == SourcePosition(line: 4, column: 2))
  }

  @Test(arguments: [
    ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}'"),
    ("{\n  \"a\": 1,\n  \"b\" 2\n}", 3, 7, "expected ':' after the key"),
    ("[1, 2,]", 1, 6, "trailing comma before ']' (not allowed in JSON)"),
    ("{\"a\": 1,}", 1, 8, "trailing comma before '}' (not allowed in JSON)"),
    ("{\"aps\": {\"alert\": \"hi\"", 1, 23, "unexpected end of input, expected ',' or '}'"),
    ("", 1, 1, "unexpected end of input, expected a JSON value"),
    ("{} x", 1, 4, "unexpected content after the JSON value"),
    ("[01]", 1, 2, "invalid number: leading zero"),
    ("[1.]", 1, 4, "invalid number: expected a digit after '.'"),
    ("[tru]", 1, 5, "expected 'true'"),
    ("{'a': 1}", 1, 2, "expected a string key in double quotes"),
    ("[\"a\u{1}\"]", 1, 4, "control character in a string must be escaped"),
    (#"["\x"]"#, 1, 3, #"invalid escape sequence; expected one of \" \\ \/ \b \f \n \r \t \uXXXX"#),
    (#"["\ud800"]"#, 1, 3, #"unpaired UTF-16 surrogate in \u escape"#),
    (#"["\udc00"]"#, 1, 3, #"unpaired UTF-16 surrogate in \u escape"#),
    ("[1e400]", 1, 2, "number is too large to represent"),
    ("\u{FEFF}{}", 1, 1, "byte order mark (U+FEFF) before the JSON text (RFC 8259 §8.1)"),
  ])
  func syntaxErrorsSayWhereAndWhat(text: String, line: Int, column: Int, message: String) {
    #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: text) }
    do {
      _ = try JSONDocument(parsing: text)
    } catch {
      #expect(error.message == message)
      #expect(error.position == SourcePosition(line: line, column: column))
      #expect(error.description == "line \(line), column \(column): \(message)")
    }
  }

  @Test func invalidUTF8IsAnErrorAtTheBadByte() {
    for bad: [UInt8] in [[0xC3, 0x28], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF5, 0x80], [0xFF]] {
      let bytes = Array("[\"ok".utf8) + bad + Array("\"]".utf8)
      #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: bytes) }
      do {
        _ = try JSONDocument(parsing: bytes)
      } catch {
        #expect(error.message == "invalid UTF-8 byte sequence")
        #expect(error.byteOffset == 4)
      }
    }
    // Outside a string too.
    #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: [0x5B, 0xFF, 0x5D]) }
  }

  @Test func depthIsBounded() throws {
    let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(throws: Never.self) { try JSONDocument(parsing: ok) }
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    do {
      _ = try JSONDocument(parsing: deep)
      Issue.record("10,000 nested arrays were accepted")
    } catch {
      #expect(error.message == "nesting deeper than 512 arrays and objects")
      #expect(error.byteOffset == 512)
    }
    let objects =
      String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600)
    #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: objects) }
    #expect(throws: Never.self) { try JSONDocument(parsing: "[[[]]]", maximumDepth: 3) }
    #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: "[[[[]]]]", maximumDepth: 3) }
  }

  @Test func duplicateKeysAreRecordedWithPathsAndTheLastWins() throws {
    let text = """
      {"aps": {"badge": 1, "alert": {"title": "a", "title": "b"}, "badge": 2},
       "list": [{"k": 1, "k": 2}]}
      """
    let document = try JSONDocument(parsing: text)
    #expect(document.root["aps"]?["badge"]?.numberValue?.integer == 2)
    #expect(document.root["aps"]?["alert"]?["title"]?.stringValue == "b")
    let found = document.duplicateKeys.map { "\($0.path)" }
    #expect(found == ["aps.alert.title", "aps.badge", "list[0].k"])
    let badge = try #require(document.duplicateKeys.first { $0.key == "badge" })
    #expect(document.position(ofByte: badge.firstKeyRange.lowerBound) == .init(line: 1, column: 10))
    #expect(document.position(ofByte: badge.keyRange.lowerBound) == .init(line: 1, column: 61))
  }

  @Test func duplicateKeysInLargeObjectsUseTheHashedPath() throws {
    let members = (0..<40).map { "\"k\($0)\": \($0)" } + ["\"k7\": 99"]
    let document = try JSONDocument(parsing: "{" + members.joined(separator: ",") + "}")
    #expect(document.root["k7"]?.numberValue?.integer == 99)
    #expect(document.root["k39"]?.numberValue?.integer == 39)
    #expect(document.duplicateKeys.map(\.key) == ["k7"])
    #expect(document.root.objectValue?.count == 40)
  }

  @Test func pathsPrintAndParseBack() throws {
    let path = JSONPath([.key("aps"), .key("alert"), .key("title-loc-args"), .index(1)])
    #expect(path.description == "aps.alert.title-loc-args[1]")
    #expect(JSONPath(parsing: path.description) == path)
    let odd = JSONPath([.key("Simulator Target Bundle"), .key("a\"b"), .index(0)])
    #expect(odd.description == #"["Simulator Target Bundle"]["a\"b"][0]"#)
    #expect(JSONPath(parsing: odd.description) == odd)
    #expect(JSONPath(parsing: "a[") == nil)
  }

  /// Paths of plain keys are written in one pass; longer or other paths as before.
  @Test func plainPathsAndTheirEdgesPrintAsDotted() {
    #expect(JSONPath([.key("aps"), .key("alert"), .key("title")]).description == "aps.alert.title")
    #expect(JSONPath([.key("a_b-9")]).description == "a_b-9")
    let long = (0..<13).map { JSONPath.Component.key("key\($0)") }
    #expect(JSONPath(long).description == (0..<13).map { "key\($0)" }.joined(separator: "."))
    #expect(JSONPath([.key("aps"), .key("")]).description == #"aps[""]"#)
    #expect(JSONPath([.key("aps"), .key("é")]).description == #"aps["é"]"#)
    #expect(JSONPath([.index(2), .key("a")]).description == "[2].a")
    #expect(JSONPath().description == "")
  }

  @Test func integersKeepFullPrecisionAndBigOnesFallBackToDouble() throws {
    let document = try JSONDocument(
      parsing: "[9223372036854775807, -9223372036854775808, 123456789012345678901234567890, -0]")
    let values = try #require(document.root.arrayValue)
    #expect(values[0].numberValue?.integer == Int.max)
    #expect(values[1].numberValue?.integer == Int.min)
    #expect(values[2].numberValue?.integer == nil)
    #expect(values[2].numberValue?.double == 1.2345678901234568e29)
    #expect(values[3].numberValue?.integer == 0)
  }

  @Test func writerRoundTrips() throws {
    let text = #"{"a":["x\"\\\n\u0001é",1.50,true,null],"b":{"c":-3}}"#
    let document = try JSONDocument(parsing: text)
    #expect(document.root.jsonText == text)
    #expect(try JSONDocument(parsing: document.root.jsonText).root == document.root)
  }
}

@Suite struct JSONWriterTests {
  @Test func escapesEveryControlCharacterQuoteAndBackslashAtAnyOffset() throws {
    // Specials at every position relative to the eight-byte fast path.
    for prefix in 0..<17 {
      for special in ["\"", "\\", "\n", "\u{1}", "\u{1F}", "é", "Ж"] {
        let text = String(repeating: "a", count: prefix) + special + "bcdefghijk"
        var writer = JSONWriter()
        writer.string(text)
        let document = try JSONDocument(parsing: writer.bytes)
        #expect(document.root.stringValue == text)
      }
    }
    var writer = JSONWriter()
    writer.string("tab\there \u{7F} ~ }")
    #expect(writer.text == #""tab\there \#u{7F} ~ }""#)
  }

  @Test func everyAPSKeyIsRecognised() throws {
    for key in APS.knownKeys {
      let validation = PayloadValidation(
        body: Array("{\"aps\": {\"\(key)\": null, \"alert\": \"a\"}}".utf8),
        headers: PushHeaders(pushType: "alert"))
      #expect(!validation.diagnostics.contains { $0.code == .unknownKeyInAps }, "\(key)")
    }
  }
}
