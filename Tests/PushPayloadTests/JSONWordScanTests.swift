import PushPayload
import Testing

/// The reader and the writer look at strings eight bytes at a time and, in a word that holds a
/// byte to look at (a quote, a backslash, a control byte, or for the reader a non-ASCII byte),
/// skip straight to it. Wherever that byte falls in the word, and whatever follows it in the
/// same word, the answer must be the one a byte-by-byte reading gives.
@Suite struct JSONWordScanTests {
  /// Source text that stops the reader's scan, and what it reads as.
  static let stops: [(source: String, text: String)] = [
    (#"\""#, "\""), (#"\\"#, "\\"), (#"\n"#, "\n"), (#"\u00e9"#, "é"), ("é", "é"), ("Ж", "Ж"),
    ("€", "€"), ("😀", "😀"), (" ", " "), ("~", "~"),
  ]

  /// `text` written as the writer escapes it (RFC 8259 §7), one byte at a time.
  private func escapedByteByByte(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u00" + (hex.count == 1 ? "0" + hex : hex)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  @Test func everyStopAtEveryOffsetReadsAsWritten() throws {
    for stop in Self.stops {
      for before in 0..<18 {
        for after in [0, 1, 3, 7, 8, 9] {
          let source =
            String(repeating: "a", count: before) + stop.source
            + String(repeating: "b", count: after)
          let expected =
            String(repeating: "a", count: before) + stop.text + String(repeating: "b", count: after)
          let document = try JSONDocument(parsing: "[\"\(source)\", \"\(source)\"]")
          #expect(
            document.root == [.init(stringLiteral: expected), .init(stringLiteral: expected)])
          let key = try JSONDocument(parsing: "{\"\(source)\": 1}")
          #expect(key.root.objectValue?.keys == [expected])
        }
      }
    }
  }

  @Test func aControlByteAtEveryOffsetIsFoundWhereItIs() {
    for before in 0..<18 {
      let source =
        Array(repeating: UInt8(ascii: "a"), count: before) + [0x01] + Array("bcdefghij".utf8)
      do {
        _ = try JSONDocument(parsing: [0x22] + source + [0x22])
        Issue.record("a control byte was accepted")
      } catch {
        #expect(error.byteOffset == 1 + before)
      }
    }
  }

  @Test func theWriterEscapesEveryByteAtEveryOffset() {
    let stops: [String] = ["\"", "\\", "\n", "\u{01}", "\u{1F}", "é", "😀", " ", "~"]
    for stop in stops {
      for before in 0..<18 {
        for after in [0, 1, 7, 8, 9] {
          let text =
            String(repeating: "a", count: before) + stop + stop
            + String(repeating: "b", count: after)
          #expect(JSONWriter.quoted(text) == escapedByteByByte(text))
        }
      }
    }
  }

  /// Short ASCII texts (keys, values, numbers) are built in place, longer ones decoded: both
  /// kinds read back byte for byte.
  @Test func textsOfEveryLengthReadBackByteForByte() throws {
    for length in 0...20 {
      let text = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x41 + $0))) })
      let number = String(repeating: "7", count: max(1, length))
      let document = try JSONDocument(parsing: "{\"\(text)\": \"\(text)\", \"n\": \(number)}")
      #expect(document.root.objectValue?.keys == [text, "n"])
      #expect(document.root[text]?.stringValue == text)
      #expect(document.root["n"]?.numberValue?.text == number)
    }
  }
}
