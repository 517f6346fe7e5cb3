import Testing

@testable import PushServe

/// `pushsim serve`'s HTTP/1.1 request reader: however a client's bytes are split, it gives the
/// same requests and refusals (Rules.md §18.9), the head limit included.
@Suite struct HTTP1ParserTests {
  /// What the reader gives for `bytes` fed `pieceSize` bytes at a time.
  static func steps(_ bytes: [UInt8], pieceSize: Int, head: Int) -> [String] {
    var limits = ServeLimits()
    limits.head = head
    var parser = HTTP1Parser(limits: limits)
    var seen: [String] = []
    var offset = 0
    while true {
      switch parser.next() {
      case .needMore:
        guard offset < bytes.count else { return seen }
        let end = min(bytes.count, offset + pieceSize)
        parser.feed(bytes[offset..<end])
        offset = end
      case .fail(let status, _):
        return seen + ["fail \(status)"]
      case .request(let request, let keepAlive):
        seen.append("\(request.method) \(request.path) \(request.body.count)")
        guard keepAlive else { return seen }
      }
    }
  }

  /// A head whose closing blank line ends `extra` bytes after the limit.
  static func request(endingAt length: Int) -> [UInt8] {
    let start = "GET /pushsim/v1/devices HTTP/1.1\r\nx-pad: "
    let padding = String(repeating: "a", count: length - start.utf8.count - 4)
    return Array((start + padding + "\r\n\r\n").utf8)
  }

  @Test(arguments: [-2, -1, 0, 1, 2])
  func theHeadLimitIsTheSameInPiecesAndWhole(offset: Int) {
    let limit = 128
    let bytes = Self.request(endingAt: limit + offset)
    let whole = Self.steps(bytes, pieceSize: bytes.count, head: limit)
    let expected = offset <= 0 ? ["GET /pushsim/v1/devices 0"] : ["fail 431"]
    #expect(whole == expected)
    for piece in [1, 2, 3, 5, 7, 64, 127] {
      #expect(Self.steps(bytes, pieceSize: piece, head: limit) == whole, "pieces of \(piece)")
    }
  }

  @Test func pipelinedRequestsAreReadInOrderWithTheirBodies() {
    let bytes = Array(
      ("POST /3/device/ab HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}"
        + "GET /pushsim/v1/devices HTTP/1.1\r\nConnection: close\r\n\r\n").utf8)
    for piece in [1, 4, bytes.count] {
      #expect(
        Self.steps(bytes, pieceSize: piece, head: 16 * 1024)
          == ["POST /3/device/ab 2", "GET /pushsim/v1/devices 0"])
    }
  }
}
