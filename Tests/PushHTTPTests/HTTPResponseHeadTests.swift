import Testing

@testable import PushHTTP

/// The response head parser, which reads untrusted bytes.
@Suite struct HTTPResponseHeadTests {
  @Test func aResponseHeadIsParsedAndItsEndFound() throws {
    let text = Array("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nX-A:  b \r\n\r\nbody".utf8)
    let end = try #require(HTTPResponseHead.end(in: text))
    #expect(end == text.count - 4)
    let head = try HTTPResponseHead.parse(text[..<end]).get()
    #expect(head.status == 200)
    #expect(head.value("content-type") == "image/jpeg")
    #expect(head.value("x-a") == "b")
    #expect(HTTPResponseHead.end(in: Array("HTTP/1.1 200 OK\r\n".utf8)) == nil)
    #expect(throws: HTTPResponseHead.Malformed.self) {
      try HTTPResponseHead.parse(Array("SSH-2.0-OpenSSH\r\n\r\n".utf8)[...]).get()
    }
  }

  /// A field value with a NUL or a bare CR, or a field name that is not a token (a control
  /// byte, a space, a separator), makes the whole response malformed (RFC 9110 §5.1, §5.5):
  /// it never reaches the app as it is (Rules.md §7).
  @Test(arguments: [
    "X-Note: a\u{0}b", "X-Note: a\rb", "X-\u{1}Note: b", "X\u{7F}: b", "X Note: b", "X(Note): b",
    "Caf\u{E9}: b", "\u{0}: b",
  ])
  func aFieldWithAControlByteIsMalformed(_ line: String) {
    let head = Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\(line)\r\n\r\n".utf8)
    #expect(throws: HTTPResponseHead.Malformed.self, "\(line.debugDescription)") {
      try HTTPResponseHead.parse(head[...]).get()
    }
  }

  @Test func tabsObsoleteTextAndTokenPunctuationAreFine() throws {
    let head = Array(
      "HTTP/1.1 200 OK\r\nX-Tab:\ta\tb\r\nX-Latin: caf\u{E9}\r\nX.Odd_Name!#$%&'*+^`|~: v\r\n\r\n"
        .utf8)
    let parsed = try HTTPResponseHead.parse(head[...]).get()
    #expect(parsed.value("x-tab") == "a\tb")
    #expect(parsed.value("x-latin") == "caf\u{E9}")
    #expect(parsed.value("x.odd_name!#$%&'*+^`|~") == "v")
  }

  @Test(arguments: ["-1", "+5", "5 5", "", "١٢"])
  func aContentLengthThatIsNoNumberIsTheFallback(_ header: String) {
    #expect(HTTPResponseHead.announcedLength(header, fallback: -1) == -1)
  }

  @Test func aContentLengthPastInt64IsInt64Max() {
    #expect(HTTPResponseHead.announcedLength(" 42 ", fallback: -1) == 42)
    #expect(HTTPResponseHead.announcedLength("18446744073709551616", fallback: -1) == .max)
  }
}
