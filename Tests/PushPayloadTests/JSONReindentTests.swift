import Foundation
import Testing

@testable import PushPayload

/// `JSONWriter.prettyJSON(_:level:)` writes a JSON text as `prettyValue(_:level:)` writes the
/// tree read from it (a report writes every notification's payload this way), and refuses,
/// appending nothing, what is not one JSON value.
@Suite struct JSONReindentTests {
  static let texts = [
    #"{"aps":{"alert":{"title":"Ana","body":"¿Cómo estás?"},"badge":3},"chat-id":"c1"}"#,
    #"{"a":[],"b":{},"c":[1,{"d":"t\u0001\"\\\n/é"},[true,null]],"e":-1.50e3,"":{"x":[[]]}}"#,
    " \r\n\t{ \"k\" : [ 1 , 2.5E+3 , -0 , 0.0e-1 ] , \"k\" : \"dup\" } \n",
    #"{"emoji":"😀 \ud83d\ude00","slash":"a\/b","quote":"\"","ctl":"\b\f\r\t"}"#,
    #"[[[[[{"deep":[{"deeper":{}}]}]]]]]"#,
    #""just a string""#, "12", "true", "null", "[]", "{}",
  ]

  func expectSameAsTree(
    _ bytes: [UInt8], level: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let tree = try JSONDocument(parsing: bytes).root
    var expected = JSONWriter()
    expected.raw("prefix")
    expected.prettyValue(tree, level: level)
    var written = JSONWriter()
    written.raw("prefix")
    let wrote = written.prettyJSON(bytes, level: level)
    #expect(wrote, sourceLocation: sourceLocation)
    #expect(written.text == expected.text, sourceLocation: sourceLocation)
  }

  @Test(arguments: texts)
  func writesWhatTheTreeWrites(_ text: String) throws {
    for level in [0, 1, 4] { try expectSameAsTree(Array(text.utf8), level: level) }
  }

  @Test func writesEveryBundledPayloadAsItsTree() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/payloads")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") }
    #expect(files.count > 10)
    for file in files {
      let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
      guard (try? JSONDocument(parsing: bytes)) != nil else { continue }
      try expectSameAsTree(bytes, level: 3)
    }
  }

  @Test func refusesWhatIsNotOneValueAndAppendsNothing() {
    let broken = [
      "", " ", "{", "}", "[1,]", "{,}", "{\"a\" 1}", "{\"a\":}", "{1:2}", "[01]", "[1.]", "[.5]",
      "[-]", "[1e]", "[+1]", "[tru]", "[nulll]", "[\"a\\q\"]", "[\"tab\there\"]", "[\"open]",
      "{} {}", "[1] x", "[1 2]", "{\"a\":1,}",
    ]
    for text in broken {
      var writer = JSONWriter()
      writer.raw("kept")
      let wrote = writer.prettyJSON(Array(text.utf8), level: 1)
      #expect(!wrote, "\(text)")
      #expect(writer.text == "kept", "\(text)")
    }
  }

  /// Every single-byte change to a payload: what the reader accepts is written as its tree,
  /// and what it refuses is refused (texts that stay valid UTF-8; the writer takes only text
  /// the reader has accepted).
  @Test func agreesWithTheReaderOnEveryOneByteChange() throws {
    let base = Array(Self.texts[1].utf8)
    let replacements: [UInt8] = Array(#"{}[]",: \0aE-+.1"#.utf8)
    var accepted = 0
    for offset in base.indices {
      for byte in replacements {
        var bytes = base
        bytes[offset] = byte
        guard let text = String(validating: bytes, as: UTF8.self) else { continue }
        var writer = JSONWriter()
        if (try? JSONDocument(parsing: bytes)) != nil {
          accepted += 1
          try expectSameAsTree(bytes, level: 2)
        } else {
          let wrote = writer.prettyJSON(bytes, level: 2)
          #expect(!wrote, "\(text)")
          #expect(writer.bytes.isEmpty)
        }
      }
    }
    #expect(accepted > 100)
  }
}
