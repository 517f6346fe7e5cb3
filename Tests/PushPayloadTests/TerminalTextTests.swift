import PushPayload
import Testing

@Suite struct TerminalTextTests {
  @Test func controlCharactersAreWrittenAsEscapesAndTextIsKept() {
    #expect(TerminalText.escaped("¡Hola! 👋 ¿Cómo estás?") == "¡Hola! 👋 ¿Cómo estás?")
    #expect(TerminalText.escaped("a\nb\tc\rd") == #"a\nb\tc\rd"#)
    #expect(TerminalText.escaped("\u{1B}]0;x\u{07}") == #"\u001b]0;x\u0007"#)
    #expect(TerminalText.escaped("\u{7F}\u{9B}\u{202E}\u{2028}") == #"\u007f\u009b\u202e\u2028"#)
  }

  /// Every invisible format character (Unicode category Cf) is escaped like a control: the
  /// directional marks, zero width space, word joiner, isolates, soft hyphen, byte order mark,
  /// Arabic letter mark, interlinear annotations, tags outside a flag.
  @Test(
    arguments: [
      0x200F, 0x200E, 0x200B, 0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0x202A, 0x00AD, 0xFEFF,
      0x061C, 0x0600, 0x180E, 0x206F, 0xFFF9, 0x110BD, 0x1D173, 0xE0001, 0xE0041,
    ] as [UInt32])
  func formatCharactersAreEscaped(_ value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    #expect(scalar.properties.generalCategory == .format)
    // As JSON writes it: a scalar beyond U+FFFF as its UTF-16 surrogate pair.
    let escape = String(Character(scalar)).utf16.map { unit in
      let hex = String(unit, radix: 16)
      return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }.joined()
    #expect(TerminalText.escaped("PA\(Character(scalar))SS") == "PA\(escape)SS")
    #expect(TerminalText.escaped("\(Character(scalar))") == escape)
  }

  /// Every Cf scalar in Unicode is escaped alone: none starts with a UTF-8 byte the fast path
  /// lets through.
  @Test func noFormatCharacterSlipsThroughTheFastPath() {
    var missed: [String] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory == .format
      else { continue }
      if TerminalText.escaped(String(Character(scalar))) == String(Character(scalar)) {
        missed.append(String(value, radix: 16))
      }
    }
    #expect(missed.isEmpty, "\(missed)")
  }

  /// The joiners that make emoji and some scripts what they are stay: emoji ZWJ sequences, a
  /// subdivision flag's tags, Persian's zero width non-joiner, a Sinhala conjunct.
  @Test func joinersInsideEmojiAndScriptsAreKept() {
    for text in [
      "👩\u{200D}💻", "👨\u{200D}👩\u{200D}👧", "❤\u{FE0F}\u{200D}🔥",
      "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "می\u{200C}خواهم",
      "ශ්\u{200D}රී",
    ] {
      #expect(TerminalText.escaped(text) == text, "\(text.unicodeScalars.map(\.value))")
    }
    // Between ASCII letters, or at the ends, a joiner only hides itself.
    #expect(TerminalText.escaped("PA\u{200D}SS") == #"PA\u200dSS"#)
    #expect(TerminalText.escaped("\u{200C}x") == #"\u200cx"#)
    #expect(TerminalText.escaped("x\u{E0067}\u{E007F}") == #"x\udb40\udc67\udb40\udc7f"#)
  }

  @Test func escapingTwiceIsEscapingOnce() {
    let once = TerminalText.escaped("x\u{1B}[31m\ny")
    #expect(TerminalText.escaped(once) == once)
  }
}
