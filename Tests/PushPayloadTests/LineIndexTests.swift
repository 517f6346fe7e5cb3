import PushCore
import PushPayload
import Testing

/// The one line index: LF, CR and CRLF end lines alike, columns count Unicode scalars.
@Suite struct LineIndexTests {
  @Test func everyLineEndingCountsOnce() {
    let index = LineIndex(Array("a\rb\r\nc\nd".utf8))
    let lines = [0, 2, 5, 7].map { index.position(of: $0).line }
    #expect(lines == [1, 2, 3, 4])
    #expect(index.position(of: 8) == SourcePosition(line: 4, column: 2))
  }

  @Test func columnsCountScalarsAcrossBlocks() {
    let text = String(repeating: "ž", count: 100) + "x"
    let index = LineIndex(Array(text.utf8))
    #expect(index.position(of: 200) == SourcePosition(line: 1, column: 101))
  }

  @Test func jsonErrorsAfterCarriageReturnLinesPointAtTheRightLine() throws {
    let text = "{\r\"aps\": {\r\"alert\": ,\r}}"
    #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: text) }
    do {
      _ = try JSONDocument(parsing: text)
    } catch {
      #expect(error.line == 3)
    }
  }
}
