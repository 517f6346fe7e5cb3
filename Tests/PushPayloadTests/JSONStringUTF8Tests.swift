import PushPayload
import Testing

/// The parser reads strings without escapes eight ASCII bytes at a time and checks the rest
/// sequence by sequence; its answer must be the one a plain byte-by-byte reading gives: the
/// text itself, or `invalidUTF8` at the first sequence that is not well-formed (Unicode
/// Table 3-7), or the control byte before it.
@Suite struct JSONStringUTF8Tests {
  /// The offset of the first ill-formed sequence in `bytes`, or `nil` (Table 3-7).
  private func firstInvalid(_ bytes: [UInt8]) -> Int? {
    var index = 0
    func inRange(_ offset: Int, _ range: ClosedRange<UInt8>) -> Bool {
      index + offset < bytes.count && range.contains(bytes[index + offset])
    }
    while index < bytes.count {
      let lead = bytes[index]
      let length: Int?
      switch lead {
      case 0x00...0x7F: length = 1
      case 0xC2...0xDF: length = inRange(1, 0x80...0xBF) ? 2 : nil
      case 0xE0: length = inRange(1, 0xA0...0xBF) && inRange(2, 0x80...0xBF) ? 3 : nil
      case 0xE1...0xEC, 0xEE...0xEF:
        length = inRange(1, 0x80...0xBF) && inRange(2, 0x80...0xBF) ? 3 : nil
      case 0xED: length = inRange(1, 0x80...0x9F) && inRange(2, 0x80...0xBF) ? 3 : nil
      case 0xF0:
        length =
          inRange(1, 0x90...0xBF) && inRange(2, 0x80...0xBF) && inRange(3, 0x80...0xBF) ? 4 : nil
      case 0xF1...0xF3:
        length =
          inRange(1, 0x80...0xBF) && inRange(2, 0x80...0xBF) && inRange(3, 0x80...0xBF) ? 4 : nil
      case 0xF4:
        length =
          inRange(1, 0x80...0x8F) && inRange(2, 0x80...0xBF) && inRange(3, 0x80...0xBF) ? 4 : nil
      default: length = nil
      }
      guard let length else { return index }
      index += length
    }
    return nil
  }

  @Test func unescapedTextIsCheckedAsAByteByByteReadingWould() throws {
    let alphabet: [UInt8] = [
      0x61, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xD0, 0xDF, 0xE0, 0xE1, 0xED,
      0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF, 0x01,
    ]
    var state: UInt64 = 0x1234_5678
    var checked = 0
    for _ in 0..<20_000 {
      var text: [UInt8] = []
      for _ in 0..<(1 + Int(state % 12)) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text.append(alphabet[Int(state >> 33) % alphabet.count])
      }
      // Sometimes a long ASCII run first, so the eight-byte scan is crossed.
      if state & 1 == 0 { text = Array("plain ascii run ".utf8) + text }
      let document = [UInt8(ascii: "[")] + [UInt8(ascii: "\"")] + text + Array("\"]".utf8)
      let control = text.firstIndex { $0 < 0x20 }
      let invalid = firstInvalid(text)
      do {
        let parsed = try JSONDocument(parsing: document)
        #expect(control == nil && invalid == nil)
        #expect(
          parsed.root.arrayValue?.first?.stringValue == String(validating: text, as: UTF8.self))
      } catch {
        let offset = error.byteOffset - 2
        if let control, control < (invalid ?? Int.max) {
          #expect(offset == control && error.message.contains("control"))
        } else {
          #expect(offset == invalid)
          #expect(error.message.lowercased().contains("utf-8"))
        }
      }
      checked += 1
    }
    #expect(checked == 20_000)
  }
}
