import Foundation
import Testing

@testable import PushHTTP

/// The response head limit (Rules.md §7: 64 KiB, interim responses included) is exact, however
/// the bytes arrive: it was checked before each read, so heads up to about 128 KiB passed.
@Suite struct HTTPExchangeHeadLimitTests {
  static let url = URL(string: "http://127.0.0.1/a.jpg") ?? URL(fileURLWithPath: "/")

  /// A connection that hands out `bytes` at most `piece` bytes at a time.
  final class ScriptedStream: ByteStream {
    private var bytes: ArraySlice<UInt8>
    private let piece: Int

    init(_ bytes: [UInt8], piece: Int) {
      self.bytes = bytes[...]
      self.piece = piece
    }

    func write(_ bytes: [UInt8]) throws(HTTPError) {}

    func receive(into buffer: inout [UInt8]) throws(HTTPError) -> Int {
      let count = min(piece, buffer.count, bytes.count)
      buffer.replaceSubrange(0..<count, with: bytes.prefix(count))
      bytes = bytes.dropFirst(count)
      return count
    }
  }

  /// A head of exactly `size` bytes (a padding field makes up the length), after `interim`
  /// (a `100 Continue` head, counted in `size`), then a body of 4 bytes.
  static func response(headOf size: Int, interim: Bool = false) -> [UInt8] {
    let continued = interim ? "HTTP/1.1 100 Continue\r\n\r\n" : ""
    let start = continued + "HTTP/1.1 200 OK\r\nContent-Length: 4\r\nX-Pad: "
    let padding = String(repeating: "a", count: size - start.utf8.count - 4)
    return Array((start + padding + "\r\n\r\nbody").utf8)
  }

  static func readHead(_ bytes: [UInt8], piece: Int) -> Result<HTTPResponseHead, HTTPError> {
    var exchange = HTTPExchange(
      url: url, method: "GET",
      deadline: SocketDeadline(start: .now, timeout: .seconds(60), stop: StopSignal()),
      stream: ScriptedStream(bytes, piece: piece))
    return Result { () throws(HTTPError) in try exchange.readHead() }
  }

  @Test(arguments: [1_000, 4_096, 64 * 1024, 1 << 20])
  func aHeadOfTheLimitPassesAndOneByteMoreFails(piece: Int) throws {
    for interim in [false, true] {
      let limit = HTTPExchange.maximumHead
      let head = try Self.readHead(Self.response(headOf: limit, interim: interim), piece: piece)
        .get()
      #expect(head.status == 200)
      for size in [limit + 1, limit + 1_000, 100_000, 127 * 1024] {
        let result = Self.readHead(Self.response(headOf: size, interim: interim), piece: piece)
        guard case .failure(let error) = result else {
          Issue.record("a head of \(size) bytes passed (interim: \(interim))")
          continue
        }
        #expect(error.code == .connection)
        #expect(error.reason == "the response head is longer than \(limit) bytes")
      }
    }
  }
}
