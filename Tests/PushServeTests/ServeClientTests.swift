import Foundation
import PushServe
import Testing

/// Real clients, run as processes, get APNs's exact answers (issue 46, "Done when"): curl
/// (h2c, TLS with the made CA, HTTP/1.1), nghttp (h2c and TLS, several streams on one
/// connection), node-apn's transport (Node's `http2` with node-apn's options,
/// `Clients/node_apn_client.js`) and aioapns (`Clients/aioapns_client.py`), the last two
/// signing their provider tokens with a P-256 key made by `openssl` and checked by the server
/// (`--auth-key`). CI installs every one of them (`.ci/run`); a missing one fails here.
@Suite(.serialized) struct ServeClientTests {
  typealias Endpoint = ServeEndpointTests

  static let clients = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Clients")
  static let unknown = String(repeating: "ab", count: 32)

  /// A P-256 `.p8` key made by `openssl`, and the server checking tokens signed with it.
  static func signedServer() async throws -> (ServeHarness, key: String) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-clients-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let key = folder.appendingPathComponent("AuthKey_ABC123DEFG.p8").path
    let made = try await Tool.run(
      "openssl",
      ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key])
    try #require(made.status == 0)
    let providerKey = try ProviderKey(p8: key, keyID: "ABC123DEFG", teamID: "DEF123GHIJ")
    let certificates = ServeTLSTests.certificates
    let running = try await ServeHarness {
      $0.tls = TLSFiles(certificate: certificates + "/cert.pem", key: certificates + "/key.pem")
      $0.providerKey = providerKey
    }
    return (running, key)
  }

  @Test func curlOverPlaintextHTTP1AndH2C() async throws {
    let running = try await ServeHarness()
    for version in ["--http1.1", "--http2-prior-knowledge"] {
      let answer = try await Tool.curl(
        [version], port: running.server.port, path: "/3/device/\(Endpoint.token)",
        headers: Endpoint.standard)
      #expect(answer.status == 200, "\(version)")
      #expect(answer.version == (version == "--http1.1" ? "1.1" : "2"))
      let gone = try await Tool.curl(
        [version], port: running.server.port, path: "/3/device/\(Endpoint.newsToken)",
        headers: ["authorization: bearer \(Endpoint.jwt())", "apns-topic: com.example.news"])
      #expect(gone.status == 410)
      #expect(gone.reason == "Unregistered")
    }
  }

  @Test(arguments: [false, true])
  func nghttpGetsOneStreamUntilAuthenticated(secure: Bool) async throws {
    let running =
      secure
      ? try await ServeHarness {
        $0.tls = TLSFiles(
          certificate: ServeTLSTests.certificates + "/cert.pem",
          key: ServeTLSTests.certificates + "/key.pem")
      } : try await ServeHarness()
    let body = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-body-\(UUID().uuidString).json")
    try #"{"aps":{"alert":"Hola"}}"#.write(to: body, atomically: true, encoding: .utf8)
    let base =
      (secure ? "https://localhost:" : "http://127.0.0.1:") + "\(running.server.port)/3/device/"
    let result = try await Tool.run(
      "nghttp",
      [
        "-v", "-d", body.path, "-H", "authorization: bearer \(Endpoint.jwt())", "-H",
        "apns-topic: com.example.chat", "-H", "apns-push-type: alert",
        base + Endpoint.token, base + Endpoint.productionToken, base + Endpoint.newsToken,
        base + Self.unknown,
      ])
    #expect(result.status == 0, "\(result.error)")
    // nghttp opens its four streams (four paths: it sends a repeated one once) at once, before it has acknowledged the server's limit of
    // one stream until a request is authenticated: the first is answered, the others refused
    // with REFUSED_STREAM (RFC 9113 §5.1.2; Rules.md §18.4), and the limit then rises to 1000.
    let lines = result.output.split(separator: "\n")
    #expect(lines.filter { $0.hasSuffix(":status: 200") }.count == 1, "\(result.output)")
    #expect(lines.filter { $0.contains("error_code=REFUSED_STREAM(0x07)") }.count == 3)
    #expect(result.output.contains("SETTINGS_MAX_CONCURRENT_STREAMS(0x03):1]"))
    #expect(result.output.contains("SETTINGS_MAX_CONCURRENT_STREAMS(0x03):1000]"))
    // One stream: the other token's answer.
    let single = try await Tool.run(
      "nghttp",
      [
        "-d", body.path, "-H", "authorization: bearer \(Endpoint.jwt())", "-H",
        "apns-topic: com.example.chat", base + Self.unknown,
      ])
    #expect(single.output == #"{"reason":"BadDeviceToken"}"#)
  }

  @Test func nodeApnsTransportGetsAPNsAnswers() async throws {
    let (running, key) = try await Self.signedServer()
    let result = try await Tool.run(
      "node",
      [
        Self.clients.appendingPathComponent("node_apn_client.js").path,
        String(running.server.port), ServeTLSTests.certificates + "/ca.pem", key, "ABC123DEFG",
        "DEF123GHIJ", "com.example.chat", Endpoint.token, Endpoint.token, Endpoint.token,
        Endpoint.newsToken, Self.unknown,
      ])
    #expect(result.status == 0, "\(result.error)")
    struct Output: Decodable {
      struct Result: Decodable {
        var status: Int?
        var reason: String?
        var error: String?
      }
      var results: [Result]
      var ping: Bool
      var alpn: String
    }
    let output = try JSONDecoder().decode(Output.self, from: result.data)
    #expect(output.alpn == "h2")
    #expect(output.ping)
    #expect(output.results.map(\.status) == [200, 200, 200, 400, 400])
    #expect(
      output.results.map(\.reason) == [nil, nil, nil, "DeviceTokenNotForTopic", "BadDeviceToken"])
  }

  @Test func aioapnsSendsABatchOverTLS() async throws {
    let (running, key) = try await Self.signedServer()
    let result = try await Tool.run(
      "python3",
      [
        Self.clients.appendingPathComponent("aioapns_client.py").path,
        String(running.server.port), ServeTLSTests.certificates + "/ca.pem", key, "ABC123DEFG",
        "DEF123GHIJ", "com.example.chat",
      ] + Array(repeating: Endpoint.token, count: 6) + [Endpoint.productionToken])
    #expect(result.status == 0, "\(result.error)")
    struct Line: Decodable {
      var status: String
      var description: String?
    }
    let lines = try result.output.split(separator: "\n").map {
      try JSONDecoder().decode(Line.self, from: Data($0.utf8))
    }
    #expect(lines.map(\.status) == Array(repeating: "200", count: 6) + ["400"])
    #expect(lines.last?.description == "BadDeviceToken")
    // Six pushes played on ana, each after its token's signature was checked.
    #expect(running.output.components(separatedBy: "  ana  200").count - 1 == 6)
  }
}
