import Foundation
import PushDevice
import PushSimTestSupport
import Testing

/// The media server (Fixtures/media_server.py) serving https too, with a certificate for
/// `127.0.0.1` and `::1` (IP subject alternative names, no host name) made at test time by
/// `openssl`.
/// The fetcher trusts that certificate through its test hook, so everything else about TLS is
/// as in production: the host name is verified, and nothing here reaches the network.
enum TLSFixture {
  /// Whether `openssl` can be run (CI installs it; see .ci/run).
  static let hasOpenSSL: Bool = (try? openssl(["version"])) != nil

  /// The certificate and key, in a fresh temporary folder removed when the process exits.
  static let certificate = Result { () throws -> (certificate: URL, key: URL) in
    let folder = try ProcessTemporaryFolder.make("pushsim-tls")
    let certificate = folder.appendingPathComponent("cert.pem")
    let key = folder.appendingPathComponent("key.pem")
    try openssl([
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
      "-addext", "subjectAltName=IP:127.0.0.1,IP:::1", "-keyout", key.path, "-out",
      certificate.path,
    ])
    return (certificate, key)
  }

  /// The server, listening on plain http and on https.
  static let server = Result { () throws -> TestMediaServer in
    let files = try certificate.get()
    return try TestMediaServer.start(
      script: Repository.folder().appendingPathComponent("Fixtures/media_server.py"),
      arguments: [ExtensionFixtures.media.path, "--tls", files.certificate.path, files.key.path])
  }

  /// The same on `::1`.
  static let ipv6Server = Result { () throws -> TestMediaServer in
    let files = try certificate.get()
    return try TestMediaServer.start(
      script: Repository.folder().appendingPathComponent("Fixtures/media_server.py"),
      arguments: [
        ExtensionFixtures.media.path, "--ipv6", "--tls", files.certificate.path, files.key.path,
      ])
  }

  /// A fetcher trusting the test certificate; plain http allowed to `127.0.0.1` only.
  static func fetcher(ats: ATSSettings = HTTPFetcherTests.ats) throws -> HTTPFetcher {
    var fetcher = HTTPFetcher(ats: ats)
    fetcher.trustedCertificateFile = try certificate.get().certificate.path
    return fetcher
  }

  struct OpenSSLFailed: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `openssl` with `arguments`, quietly; throws unless it exits with 0.
  @discardableResult
  static func openssl(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["openssl"] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw OpenSSLFailed(
        description: "openssl \(arguments.first ?? "") exited with \(process.terminationStatus)")
    }
    return process.terminationStatus
  }
}

/// `https:` downloads through the fetcher's own HTTP/1.1 client over libcurl's TLS: media, TLS
/// failures, redirects across schemes and the deadline.
@Suite(.enabled(if: TLSFixture.hasOpenSSL, "openssl makes the test server's certificate"))
struct HTTPSFetcherTests {
  static let limit = 10 << 20
  /// The budget of downloads that should finish: they take milliseconds, and the margin only
  /// matters on a loaded CI machine.
  static let budget: Duration = .seconds(30)
  /// The budget of a download with a redirect. Its next hop starts only once the fetching task
  /// gets a thread of Swift's cooperative pool again (as many threads as cores), and a full
  /// parallel test run on a 2-core machine was seen keeping both busy for over a minute, while
  /// the budget is real time.
  static let redirectBudget: Duration = .seconds(180)

  @Test func anHTTPSImageDownloadsWithItsBytesAndType() async throws {
    let server = try TLSFixture.server.get()
    let url = server.secureURL("/media/tiny.jpg")
    let media = try await TLSFixture.fetcher().fetch(url, limit: Self.limit, timeout: Self.budget)
    let expected = try Data(contentsOf: ExtensionFixtures.media.appendingPathComponent("tiny.jpg"))
    #expect(media.type == .jpeg)
    #expect(media.status == 200)
    #expect(media.data == expected)
    #expect(media.url == url)
  }

  @Test func anIPv6LiteralHTTPSURLDownloads() async throws {
    let server = try TLSFixture.ipv6Server.get()
    let url = server.secureURL("/media/tiny.gif", host: "[::1]")
    let media = try await TLSFixture.fetcher().fetch(url, limit: Self.limit, timeout: Self.budget)
    #expect(media.type == .gif)
  }

  @Test func aChunkedHTTPSBodyOverTheLimitIsCutAtLimitPlusOne() async throws {
    let server = try TLSFixture.server.get()
    let error = await #expect(throws: MediaFetchError.self) {
      _ = try await TLSFixture.fetcher().fetch(
        server.secureURL("/big-stream.jpg"), limit: Self.limit, timeout: .seconds(20))
    }
    #expect(error?.code == .tooLarge)
    #expect(error?.bytesReceived == Self.limit + 1)
  }

  @Test func aBodyShorterThanItsContentLengthIsTruncated() async throws {
    let server = try TLSFixture.server.get()
    let error = await #expect(throws: MediaFetchError.self) {
      _ = try await TLSFixture.fetcher().fetch(
        server.secureURL("/short.jpg"), limit: Self.limit, timeout: Self.budget)
    }
    #expect(error?.code == .truncated)
    #expect(
      error?.reason.contains("1000 bytes of the 5000 bytes") == true, "\(error?.reason ?? "")")
  }

  @Test(arguments: ["/chunk-size/-1", "/chunk-size/fffffffffffffffff", "/content-length/-1"])
  func aNegativeOrOverflowingLengthOverHTTPSFailsTheDownload(_ path: String) async throws {
    let server = try TLSFixture.server.get()
    let error = await #expect(throws: MediaFetchError.self) {
      _ = try await TLSFixture.fetcher().fetch(
        server.secureURL(path), limit: Self.limit, timeout: Self.budget)
    }
    #expect(error?.code == (path.hasPrefix("/chunk") ? .truncated : .connection))
    #expect(error?.reason.contains("number") == true || error?.reason.contains("larger") == true)
  }

  @Test func aCertificateForAnotherHostIsRefused() async throws {
    let server = try TLSFixture.server.get()
    // The certificate names 127.0.0.1 only; `localhost` reaches the same server.
    let error = await #expect(throws: MediaFetchError.self) {
      _ = try await TLSFixture.fetcher().fetch(
        server.secureURL("/media/tiny.jpg", host: "localhost"), limit: Self.limit,
        timeout: Self.budget)
    }
    #expect(error?.code == .connection)
    #expect(error?.reason.contains("certificate") == true, "\(error?.reason ?? "")")
    #expect(error?.reason.contains("localhost") == true, "\(error?.reason ?? "")")
  }

  @Test func aCertificateNoTrustedAuthoritySignedIsRefused() async throws {
    let server = try TLSFixture.server.get()
    let error = await #expect(throws: MediaFetchError.self) {
      _ = try await HTTPFetcher(ats: HTTPFetcherTests.ats).fetch(
        server.secureURL("/media/tiny.jpg"), limit: Self.limit, timeout: Self.budget)
    }
    #expect(error?.code == .connection)
    #expect(error?.reason.contains("certificate") == true, "\(error?.reason ?? "")")
  }

  @Test func httpsToAServerSpeakingPlainHTTPFailsAsAConnectionError() async throws {
    let server = try TLSFixture.server.get()
    let url = try #require(URL(string: "https://127.0.0.1:\(server.port)/media/tiny.jpg"))
    let error = await #expect(throws: MediaFetchError.self) {
      _ = try await TLSFixture.fetcher().fetch(url, limit: Self.limit, timeout: Self.budget)
    }
    #expect(error?.code == .connection)
    #expect(error?.reason.contains("TLS") == true, "\(error?.reason ?? "")")
  }

  @Test func aTrickleOverHTTPSStopsAtTheDeadline() async throws {
    let server = try TLSFixture.server.get()
    let error = await #expect(throws: MediaFetchError.self) {
      _ = try await TLSFixture.fetcher().fetch(
        server.secureURL("/trickle.jpg"), limit: Self.limit, timeout: .seconds(1))
    }
    #expect(error?.code == .timedOut)
    #expect(error?.elapsed == .seconds(1))
  }

  @Test func aCancelledHTTPSDownloadStops() async throws {
    let server = try TLSFixture.server.get()
    let fetcher = try TLSFixture.fetcher()
    let task = Task {
      try await fetcher.fetch(
        server.secureURL("/trickle.jpg"), limit: Self.limit, timeout: .seconds(20))
    }
    task.cancel()
    let error = await #expect(throws: MediaFetchError.self) { try await task.value }
    #expect(error?.code == .timedOut)
    #expect(error?.reason == "the extension was stopped")
  }

  /// `/redirect-to?url=<target>`.
  static func redirect(on server: TestMediaServer, secure: Bool, to target: URL) -> URL {
    let encoded =
      target.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    let path = "/redirect-to?url=\(encoded)"
    return secure ? server.secureURL(path) : server.url(path)
  }

  @Test func anHTTPSRedirectToPlainHTTPThatATSAllowsIsFollowed() async throws {
    let server = try TLSFixture.server.get()
    let url = Self.redirect(on: server, secure: true, to: server.url("/media/tiny.jpg"))
    let media = try await TLSFixture.fetcher().fetch(
      url, limit: Self.limit, timeout: Self.redirectBudget)
    #expect(media.type == .jpeg)
    #expect(media.redirects == 1)
    #expect(media.url == server.url("/media/tiny.jpg"))
  }

  @Test func anHTTPSRedirectToPlainHTTPThatATSBlocksIsRefused() async throws {
    let server = try TLSFixture.server.get()
    let url = Self.redirect(on: server, secure: true, to: server.url("/media/tiny.jpg"))
    let error = await #expect(throws: MediaFetchError.self) {
      _ = try await TLSFixture.fetcher(ats: ATSSettings()).fetch(
        url, limit: Self.limit, timeout: Self.redirectBudget)
    }
    #expect(error?.code == .redirectRefused)
  }

  @Test func aPlainHTTPRedirectToHTTPSIsFollowedOverTLS() async throws {
    let server = try TLSFixture.server.get()
    let url = Self.redirect(on: server, secure: false, to: server.secureURL("/media/tiny.png"))
    let media = try await TLSFixture.fetcher().fetch(
      url, limit: Self.limit, timeout: Self.redirectBudget)
    #expect(media.type == .png)
    #expect(media.redirects == 1)
    #expect(media.url == server.secureURL("/media/tiny.png"))
  }
}

/// Hostile media servers over https, as ``HostileMediaServerTests`` over http: the server counts
/// the bytes its TLS socket accepted (decrypted bytes: TLS adds about 0.2 % on the wire), and
/// the download must stop so that it sent at most twice the size limit.
@Suite(.enabled(if: TLSFixture.hasOpenSSL, "openssl makes the test server's certificate"))
struct HostileHTTPSMediaServerTests {
  static let limit = 10 << 20

  func sentBytes(_ path: String) async throws -> (Int, MediaFetchError?) {
    let server = try TLSFixture.server.get()
    let id = UUID().uuidString
    let fetcher = try TLSFixture.fetcher()
    let error = await #expect(throws: MediaFetchError.self) {
      _ = try await fetcher.fetch(
        server.secureURL("\(path)?id=\(id)"), limit: Self.limit, timeout: .seconds(30))
    }
    let sent = try await HostileMediaServerTests.sent(server: server, id: id)
    return (sent, error)
  }

  @Test(arguments: ["/endless.jpg", "/fast-endless.jpg", "/fast-close.jpg"])
  func anEndlessHTTPSBodyGetsAtMostTwiceTheLimitSent(_ path: String) async throws {
    let (sent, error) = try await sentBytes(path)
    #expect(error?.code == .tooLarge)
    #expect(error?.bytesReceived == Self.limit + 1)
    #expect(sent > Self.limit)
    #expect(sent <= 2 * Self.limit, "the server sent \(sent) bytes for a limit of \(Self.limit)")
  }

  @Test func aGzipBombOverHTTPSIsCutAtTheLimitOfDecodedBytes() async throws {
    let (sent, error) = try await sentBytes("/gzip-endless.jpg")
    #expect(error?.code == .tooLarge)
    #expect(error?.bytesReceived == Self.limit + 1)
    #expect(error?.reason.contains("decoded") == true, "\(error?.reason ?? "")")
    #expect(sent <= 2 * Self.limit, "the server sent \(sent) bytes for a limit of \(Self.limit)")
  }

  @Test func aGzipStreamThatDecodesToNothingOverHTTPSIsCutOnTheWire() async throws {
    let (sent, error) = try await sentBytes("/gzip-empty-blocks.jpg")
    #expect(error?.code == .tooLarge)
    #expect(error?.reason.contains("on the wire") == true, "\(error?.reason ?? "")")
    #expect(sent <= 2 * Self.limit, "the server sent \(sent) bytes for a limit of \(Self.limit)")
  }
}
