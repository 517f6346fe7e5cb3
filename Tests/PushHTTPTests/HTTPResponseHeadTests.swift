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

  @Test(arguments: ["-1", "+5", "5 5", "", "١٢"])
  func aContentLengthThatIsNoNumberIsTheFallback(_ header: String) {
    #expect(HTTPResponseHead.announcedLength(header, fallback: -1) == -1)
  }

  @Test func aContentLengthPastInt64IsInt64Max() {
    #expect(HTTPResponseHead.announcedLength(" 42 ", fallback: -1) == 42)
    #expect(HTTPResponseHead.announcedLength("18446744073709551616", fallback: -1) == .max)
  }
}
