import PushPayload
import Testing

@Suite struct TerminalTextTests {
  @Test func controlCharactersAreWrittenAsEscapesAndTextIsKept() {
    #expect(TerminalText.escaped("¡Hola! 👋 ¿Cómo estás?") == "¡Hola! 👋 ¿Cómo estás?")
    #expect(TerminalText.escaped("a\nb\tc\rd") == #"a\nb\tc\rd"#)
    #expect(TerminalText.escaped("\u{1B}]0;x\u{07}") == #"\u001b]0;x\u0007"#)
    #expect(TerminalText.escaped("\u{7F}\u{9B}\u{202E}\u{2028}") == #"\u007f\u009b\u202e\u2028"#)
  }

  @Test func escapingTwiceIsEscapingOnce() {
    let once = TerminalText.escaped("x\u{1B}[31m\ny")
    #expect(TerminalText.escaped(once) == once)
  }
}
