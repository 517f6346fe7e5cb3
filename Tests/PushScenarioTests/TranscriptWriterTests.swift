import PushPayload
import Testing

@testable import PushScenario

/// The transcript's byte writer measures, pads, trims and paints as a terminal reads the text:
/// columns in characters (grapheme clusters), never in bytes, and untrusted text escaped.
@Suite struct TranscriptWriterTests {
  /// Texts whose byte count, scalar count and character count differ.
  static let texts = [
    "", "p1", "été", "e\u{301}t\u{301}", "👨‍👩‍👧", "🇨🇿🇪🇸", "日本語", "a\u{300}\u{301}\u{302}",
    "\u{1B}[31mred", "tab\there", "cr\r\nlf", "bidi \u{202E}x", "nel\u{85}x", "\u{600} ", "  ",
    "\u{A0}nbsp",
  ]

  /// The lines a writer hands on, joined.
  static func written(
    color: Bool = false, pieceSize: Int = 1 << 16, _ body: (inout TranscriptWriter) -> Void
  ) -> String {
    var out = TranscriptWriter(color: color, pieceSize: pieceSize)
    body(&out)
    var text = ""
    _ = out.handOn { piece in
      text += String(decoding: piece, as: UTF8.self)
      return true
    }
    return text
  }

  @Test(arguments: texts) func widthIsTheEscapedTextsCharacterCount(_ text: String) {
    let escaped = TerminalText.escaped(text)
    #expect(TranscriptWriter.width(escaped) == escaped.count)
  }

  @Test(arguments: texts) func paddingFillsTheColumnInCharacters(_ text: String) {
    let escaped = TerminalText.escaped(text)
    let padded = Self.written { $0.padded(text, width: 12) }
    #expect(padded.hasPrefix(escaped))
    #expect(padded.count == max(12, escaped.count))
    #expect(padded.dropFirst(escaped.count).allSatisfy { $0 == " " })
  }

  /// Trailing spaces are removed character by character: a space joined to the character
  /// before it (U+0600 is a prepended mark) is part of that character and stays.
  @Test(arguments: texts.map { "x " + $0 } + ["abc   ", "é  ", "   ", "", "\u{600}  ", "日 "])
  func trimmingRemovesTrailingSpaceCharacters(_ line: String) {
    let written = Self.written { out in
      out.plain("[")
      _ = out.endLine { _ in true }
      out.escaped(line)
      _ = out.endLine(trimmingSpaces: true) { _ in true }
    }
    var expected = TerminalText.escaped(line)
    while expected.last == " " { expected.removeLast() }
    #expect(written == "[\n" + expected + "\n")
  }

  @Test func colourWrapsPaintedTextOnlyWhenOn() {
    let green = Self.written(color: true) { $0.painted("PASS", .green) }
    #expect(green == "\u{1B}[32mPASS\u{1B}[0m")
    let uncoloured = Self.written(color: false) { $0.painted("PASS", .green) }
    #expect(uncoloured == "PASS")
    let plain = Self.written(color: true) { $0.painted("x", .plain) }
    #expect(plain == "x")
    // Untrusted text is escaped inside the colour codes too.
    let hostile = Self.written(color: true) { $0.painted("\u{1B}[2J", .dim) }
    #expect(hostile == "\u{1B}[2m\\u001b[2J\u{1B}[0m")
  }

  @Test func linesAreHandedOnInPiecesOnceFull() {
    var out = TranscriptWriter(color: false, pieceSize: 16)
    var pieces: [String] = []
    let hand: (UnsafeBufferPointer<UInt8>) -> Bool = { piece in
      pieces.append(String(decoding: piece, as: UTF8.self))
      return true
    }
    for number in 0..<10 {
      out.plain("line ")
      out.integer(number)
      let written = out.endLine(to: hand)
      #expect(written)
    }
    let handedOn = out.handOn(to: hand)
    #expect(handedOn)
    #expect(pieces.joined() == (0..<10).map { "line \($0)\n" }.joined())
    #expect(pieces.count == 4)
    // A writer that refuses stops the transcript.
    var refused = TranscriptWriter(color: false, pieceSize: 1)
    refused.plain("x")
    let written = refused.endLine { _ in false }
    #expect(!written)
  }
}
