import Foundation
import PushDevice
import PushSimTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Hostile media servers (Fixtures/media_server.py): an endless body, a fast stream, a gzip bomb.
/// The server counts every byte its socket accepted, and the download must stop so that it
/// managed to send at most twice the size limit before the connection closed.
///
/// "Sent" includes what the kernel accepted but nobody read: the server's send buffer (loopback
/// autotuning grows it up to `net.ipv4.tcp_wmem`'s maximum, 4 MiB by default) and the fetcher's
/// receive buffer (fixed by the fetcher at 256 KiB, which Linux doubles). With a 10 MiB limit
/// those buffers are under half the limit, so the bound of twice the limit holds with room.
@Suite struct HostileMediaServerTests {
  static let limit = 10 << 20
  static let ats = HTTPFetcherTests.ats

  /// Fetches `path` with a fresh id, expects `too-large`, and returns the bytes the server sent.
  func sentBytes(_ path: String, limit: Int = Self.limit) async throws -> (Int, MediaFetchError?) {
    let server = try HTTPFetcherTests.server.get()
    let id = UUID().uuidString
    let error = await #expect(throws: MediaFetchError.self) {
      _ = try await HTTPFetcher(ats: Self.ats).fetch(
        // Generous: what is checked is bytes, and a loaded machine (a test suite's other
        // cases, on 2 cores) once took over 20 s to decode the empty gzip blocks.
        server.url("\(path)?id=\(id)"), limit: limit, timeout: .seconds(120))
    }
    let sent = try await Self.sent(server: server, id: id)
    return (sent, error)
  }

  /// What the server's connection for `id` sent, once that connection has ended.
  static func sent(server: TestMediaServer, id: String) async throws -> Int {
    let url = server.url("/sent/\(id)")
    let (data, response) = try await URLSession.shared.data(from: url)
    let status = (response as? HTTPURLResponse)?.statusCode
    try #require(status == 200, "the server's connection for \(id) did not end")
    return try #require(Int(String(decoding: data, as: UTF8.self)))
  }

  @Test(arguments: ["/endless.jpg", "/fast-endless.jpg", "/fast-close.jpg"])
  func anEndlessBodyGetsAtMostTwiceTheLimitSent(_ path: String) async throws {
    let (sent, error) = try await sentBytes(path)
    #expect(error?.code == .tooLarge)
    #expect(error?.bytesReceived == Self.limit + 1)
    #expect(sent > Self.limit)
    #expect(sent <= 2 * Self.limit, "the server sent \(sent) bytes for a limit of \(Self.limit)")
  }

  @Test func aGzipStreamThatNeverEndsIsCutAtTheLimitOfDecodedBytes() async throws {
    let (sent, error) = try await sentBytes("/gzip-endless.jpg")
    #expect(error?.code == .tooLarge)
    #expect(error?.bytesReceived == Self.limit + 1)
    #expect(error?.reason.contains("decoded") == true, "\(error?.reason ?? "")")
    #expect(sent <= 2 * Self.limit, "the server sent \(sent) bytes for a limit of \(Self.limit)")
  }

  @Test func aGzipStreamThatDecodesToNothingIsCutAtTheLimitOfBytesOnTheWire() async throws {
    let (sent, error) = try await sentBytes("/gzip-empty-blocks.jpg")
    #expect(error?.code == .tooLarge)
    #expect(error?.reason.contains("on the wire") == true, "\(error?.reason ?? "")")
    #expect(sent <= 2 * Self.limit, "the server sent \(sent) bytes for a limit of \(Self.limit)")
  }
}
