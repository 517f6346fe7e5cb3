import Foundation
import PushDevice
import PushSimTestSupport
import Testing

/// The app's own requests (Rules.md §7.1): any method, header fields and body in; any status,
/// header fields and body out; from the scenario's `requests` table or the network.
@Suite("The app's own HTTP requests")
struct AppRequestTests {
  static let api = URL(fileURLWithPath: "/").resolving("https://api.example.com/messages/42")

  @Test("the table answers JSON with its status and headers, whatever the status")
  func tableAnswersJSON() async throws {
    var entry = MediaManifest.Entry(file: nil, latency: .milliseconds(300), status: 404)
    entry.inlineBody = Data(#"{"error":"gone"}"#.utf8)
    entry.contentType = "application/json"
    entry.headers = [AppRequest.Header(name: "X-Unread", value: "3")]
    let fetcher = ManifestFetcher(
      manifest: MediaManifest(entries: [Self.api.absoluteString: entry]))
    let response = try await fetcher.answer(
      AppRequest(url: Self.api), limit: 1_000, timeout: .seconds(30))
    #expect(response.status == 404)
    #expect(String(decoding: response.body, as: UTF8.self) == #"{"error":"gone"}"#)
    #expect(response.value(ofHeader: "content-type") == "application/json")
    #expect(response.value(ofHeader: "x-unread") == "3")
    #expect(response.value(ofHeader: "Content-Length") == "16")
    #expect(response.elapsed == .milliseconds(300))
  }

  @Test("a method's own entry comes first; a URL alone answers every method; none is offline")
  func methodEntries() async throws {
    var created = MediaManifest.Entry(file: nil, status: 201)
    created.inlineBody = Data("ok".utf8)
    var listed = MediaManifest.Entry(file: nil)
    listed.inlineBody = Data("list".utf8)
    let other = URL(fileURLWithPath: "/").resolving("https://api.example.com/other")
    let fetcher = ManifestFetcher(
      manifest: MediaManifest(entries: [
        MediaManifest.key(method: "post", url: Self.api): created,
        Self.api.absoluteString: listed,
      ]))
    let post = try await fetcher.answer(
      AppRequest(method: "POST", url: Self.api, body: Data("{}".utf8)), limit: 100,
      timeout: .seconds(1))
    #expect(post.status == 201)
    let get = try await fetcher.answer(AppRequest(url: Self.api), limit: 100, timeout: .seconds(1))
    #expect(String(decoding: get.body, as: UTF8.self) == "list")
    let head = try await fetcher.answer(
      AppRequest(method: "HEAD", url: Self.api), limit: 100, timeout: .seconds(1))
    #expect(head.body.isEmpty)
    let error = await #expect(throws: MediaFetchError.self) {
      _ = try await fetcher.answer(AppRequest(url: other), limit: 100, timeout: .seconds(1))
    }
    #expect(error?.code == .notInManifest)
  }

  @Test("the table's latency counts against the budget and its body against the limit")
  func latencyAndLimit() async throws {
    var slow = MediaManifest.Entry(file: nil, latency: .seconds(5))
    slow.inlineBody = Data(repeating: 0x41, count: 10)
    let fetcher = ManifestFetcher(manifest: MediaManifest(entries: [Self.api.absoluteString: slow]))
    let late = await #expect(throws: MediaFetchError.self) {
      _ = try await fetcher.answer(AppRequest(url: Self.api), limit: 100, timeout: .seconds(2))
    }
    #expect(late?.code == .timedOut)
    #expect(late?.elapsed == .seconds(2))
    let large = await #expect(throws: MediaFetchError.self) {
      _ = try await fetcher.answer(AppRequest(url: Self.api), limit: 9, timeout: .seconds(10))
    }
    #expect(large?.code == .tooLarge)
  }

  @Test("a fetcher that only downloads media answers GETs through its fetch, nothing else")
  func mediaOnlyFetcher() async throws {
    let fetcher = FakeMediaFetcher { url, _, _ in
      FetchedMedia(
        url: url, status: 200, contentType: "image/png", data: Data([1, 2]), type: .png,
        elapsed: .seconds(1))
    }
    let get = try await fetcher.answer(AppRequest(url: Self.api), limit: 10, timeout: .seconds(5))
    #expect(get.body == Data([1, 2]))
    #expect(get.value(ofHeader: "Content-Type") == "image/png")
    let post = await #expect(throws: MediaFetchError.self) {
      _ = try await fetcher.answer(
        AppRequest(method: "POST", url: Self.api), limit: 10, timeout: .seconds(5))
    }
    #expect(post?.code == .unsupportedURL)
  }
}

/// The network answers the app's requests with their method, header fields and body (a local
/// server, Fixtures/media_server.py).
@Suite("The app's own HTTP requests on the network")
struct NetworkAppRequestTests {
  func fetcher() -> HTTPFetcher { HTTPFetcher(ats: HTTPFetcherTests.ats) }

  @Test("a POST reaches the server with its body and headers, and any status comes back")
  func postEchoes() async throws {
    let server = try HTTPFetcherTests.server.get()
    let request = AppRequest(
      method: "POST", url: server.url("/echo"),
      headers: [
        AppRequest.Header(name: "Content-Type", value: "application/json"),
        AppRequest.Header(name: "Authorization", value: "Bearer t0ken"),
      ],
      body: Data(#"{"read":true}"#.utf8))
    let response = try await fetcher().answer(request, limit: 10_000, timeout: .seconds(30))
    #expect(response.status == 201)
    #expect(response.value(ofHeader: "X-Echo") == "yes")
    let echo = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    #expect(echo?["method"] as? String == "POST")
    #expect(echo?["body"] as? String == #"{"read":true}"#)
    #expect(echo?["contentType"] as? String == "application/json")
    #expect(echo?["authorization"] as? String == "Bearer t0ken")
  }

  @Test("JSON comes back as JSON, a 404 with its body, a HEAD without one")
  func jsonAndStatuses() async throws {
    let server = try HTTPFetcherTests.server.get()
    let message = try await fetcher().answer(
      AppRequest(url: server.url("/api/message")), limit: 10_000, timeout: .seconds(30))
    #expect(message.status == 200)
    #expect(String(decoding: message.body, as: UTF8.self).contains("Hola from the API"))
    let missing = try await fetcher().answer(
      AppRequest(url: server.url("/api/missing")), limit: 10_000, timeout: .seconds(30))
    #expect(missing.status == 404)
    #expect(String(decoding: missing.body, as: UTF8.self).contains("no such message"))
    let head = try await fetcher().answer(
      AppRequest(method: "HEAD", url: server.url("/api/message")), limit: 10_000,
      timeout: .seconds(30))
    #expect(head.status == 200)
    #expect(head.body.isEmpty)
  }

  /// A body of `Content-Length: 0`, a 204 or 304, and the answer to a `HEAD` are complete at
  /// once: a server that keeps the connection open is not waited for, and one that closes it
  /// has not cut anything short (`/status/200` failed as "ended after 0 bytes of the 0 bytes").
  @Test(
    "an empty body is complete at once, the connection open or closed",
    arguments: [
      ("GET", "/status/200", 200), ("GET", "/held/200", 200), ("GET", "/held/204", 204),
      ("GET", "/held/304", 304), ("HEAD", "/held/200", 200),
    ])
  func emptyBodies(method: String, path: String, status: Int) async throws {
    let server = try HTTPFetcherTests.server.get()
    // The held connections stay open for 20 s: waiting for them would fail as timed out.
    let response = try await fetcher().answer(
      AppRequest(method: method, url: server.url(path)), limit: 10_000, timeout: .seconds(10))
    #expect(response.status == status)
    #expect(response.body.isEmpty)
  }

  /// The app's credentials go along a redirect within the origin and never to another host
  /// (Rules.md §7.1): the request used to be copied whole, `Authorization` and `Cookie` included.
  @Test(
    "credentials follow a redirect within the origin, not to another host",
    arguments: [("127.0.0.1", true), ("localhost", false)])
  func credentialsAcrossRedirects(host: String, kept: Bool) async throws {
    let server = try HTTPFetcherTests.server.get()
    let target = "http://\(host):\(server.port)/echo-headers"
    var query = URLComponents(url: server.url("/redirect-to"), resolvingAgainstBaseURL: false)
    query?.queryItems = [
      URLQueryItem(name: "url", value: target), .init(name: "status", value: "307"),
    ]
    let url = try #require(query?.url)
    let request = AppRequest(
      url: url,
      headers: [
        AppRequest.Header(name: "Authorization", value: "Bearer t0ken"),
        AppRequest.Header(name: "cookie", value: "session=1"),
        AppRequest.Header(name: "Proxy-Authorization", value: "Basic cHJveHk="),
        AppRequest.Header(name: "X-Other", value: "kept"),
      ])
    let response = try await HTTPFetcher(ats: ATSSettings(allowsLocalNetworking: true)).answer(
      request, limit: 10_000, timeout: .seconds(30))
    #expect(response.redirects == 1)
    let echo = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    #expect(echo?["authorization"] as? String == (kept ? "Bearer t0ken" : nil))
    #expect(echo?["cookie"] as? String == (kept ? "session=1" : nil))
    #expect(echo?["proxyAuthorization"] as? String == (kept ? "Basic cHJveHk=" : nil))
    #expect(echo?["other"] as? String == "kept")
  }

  @Test("a 303 after a POST is followed with a GET, as URLSession does")
  func seeOtherBecomesGet() async throws {
    let server = try HTTPFetcherTests.server.get()
    let response = try await fetcher().answer(
      AppRequest(method: "POST", url: server.url("/echo-303"), body: Data("x".utf8)),
      limit: 10_000, timeout: .seconds(30))
    #expect(response.status == 200)
    #expect(response.redirects == 1)
    #expect(response.url == server.url("/api/message"))
  }

  @Test("ATS refuses plain http before any connection; a header with a line break is refused")
  func refusals() async throws {
    let blocked = await #expect(throws: MediaFetchError.self) {
      _ = try await HTTPFetcher().answer(
        AppRequest(url: URL(fileURLWithPath: "/").resolving("http://api.example.com/x")), limit: 10,
        timeout: .seconds(5))
    }
    #expect(blocked?.code == .atsBlocked)
    let server = try HTTPFetcherTests.server.get()
    let injected = await #expect(throws: MediaFetchError.self) {
      _ = try await fetcher().answer(
        AppRequest(
          url: server.url("/api/message"),
          headers: [AppRequest.Header(name: "X-A", value: "1\r\nX-B: 2")]),
        limit: 10, timeout: .seconds(5))
    }
    #expect(injected?.code == .unsupportedURL)
  }
}

/// The request a redirect leads to, without a server.
@Suite("The request a redirect leads to")
struct RedirectedRequestTests {
  static let request = AppRequest(
    method: "POST", url: URL(fileURLWithPath: "/").resolving("https://api.example.com/a"),
    headers: [
      AppRequest.Header(name: "AUTHORIZATION", value: "Bearer t"),
      AppRequest.Header(name: "Cookie", value: "c=1"),
      AppRequest.Header(name: "proxy-authorization", value: "Basic p"),
      AppRequest.Header(name: "Content-Type", value: "application/json"),
    ],
    body: Data("{}".utf8))

  @Test(
    "a change of scheme, host or port drops the credentials; case and a written default port do not",
    arguments: [
      ("https://API.example.com:443/b", true), ("/b", true), ("https://api.example.com/b?c", true),
      ("http://api.example.com/b", false), ("https://cdn.example.com/b", false),
      ("https://api.example.com:8443/b", false), ("https://example.com/b", false),
    ])
  func credentials(location: String, kept: Bool) throws {
    let target = try #require(URL(string: location, relativeTo: Self.request.url)?.absoluteURL)
    let next = Self.request.following(redirect: 307, to: target)
    #expect(next.url == target)
    #expect(next.method == "POST")
    #expect(next.body == Self.request.body)
    let names = Set(next.headers.map { $0.name.lowercased() })
    #expect(names.contains("content-type"))
    for credential in ["authorization", "cookie", "proxy-authorization"] {
      #expect(names.contains(credential) == kept, "\(credential)")
    }
  }

  @Test("a 303 turns a POST into a GET without a body or its Content-Type")
  func seeOther() throws {
    let next = Self.request.following(redirect: 303, to: Self.request.url)
    #expect(next.method == "GET")
    #expect(next.body.isEmpty)
    #expect(!next.headers.contains { $0.name.lowercased() == "content-type" })
    #expect(next.headers.contains { $0.name == "AUTHORIZATION" })
  }
}

extension URL {
  /// `text` as a URL, this URL when it is not one (tests write only valid URLs).
  fileprivate func resolving(_ text: String) -> URL { URL(string: text) ?? self }
}
