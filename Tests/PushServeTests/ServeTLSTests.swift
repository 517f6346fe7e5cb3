import Foundation
import PushScenario
import PushServe
import Testing

/// `pushsim serve` over TLS (Rules.md §18.1, §18.3): the certificates `--make-cert` writes,
/// ALPN, strict clients, certificate-based connections and checked provider-token signatures.
@Suite(.serialized) struct ServeTLSTests {
  typealias Endpoint = ServeEndpointTests

  /// A folder with `--make-cert`'s files for com.example.chat in development, made once.
  static let certificates: String = {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-tls-\(UUID().uuidString)").path
    try? CertificateMaker.make(in: folder, bundleID: "com.example.chat", environment: .development)
    return folder
  }()

  /// A second CA's files: a production certificate, and one for another app.
  static let otherCertificates: String = {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-tls-\(UUID().uuidString)").path
    try? CertificateMaker.make(in: folder, bundleID: "com.example.chat", environment: .production)
    return folder
  }()

  /// A TLS server over the endpoint tests' devices; client certificates chain to `clientCA`.
  static func running(
    clientCA: String? = nil, key: ProviderKey? = nil
  ) async throws -> ServeHarness {
    try #require(FileManager.default.fileExists(atPath: certificates + "/cert.pem"))
    return try await ServeHarness {
      $0.tls = TLSFiles(
        certificate: certificates + "/cert.pem", key: certificates + "/key.pem",
        clientCA: clientCA)
      $0.providerKey = key
    }
  }

  @Test func theMadeCertificatesPassOpenSSLsStrictVerification() async throws {
    let result = try await Tool.run(
      "openssl",
      ["verify", "-x509_strict", "-CAfile", Self.certificates + "/ca.pem"]
        + [Self.certificates + "/cert.pem", Self.certificates + "/client.pem"])
    #expect(result.status == 0, "\(result.output)\(result.error)")
  }

  @Test func pythonsStrictVerificationAcceptsTheServerWithALPNh2() async throws {
    let running = try await Self.running()
    let script = """
      import socket, ssl, sys
      context = ssl.create_default_context(cafile=sys.argv[1])
      context.verify_flags |= ssl.VERIFY_X509_STRICT
      context.set_alpn_protocols(["h2", "http/1.1"])
      for name in ["localhost", "127.0.0.1"]:
          with socket.create_connection(("127.0.0.1", int(sys.argv[2]))) as raw:
              with context.wrap_socket(raw, server_hostname=name) as tls:
                  print(name, tls.version(), tls.selected_alpn_protocol())
      """
    let result = try await Tool.run(
      "python3", ["-c", script, Self.certificates + "/ca.pem", String(running.server.port)])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("localhost TLSv1.3 h2"))
    #expect(result.output.contains("127.0.0.1 TLSv1.3 h2"))
  }

  @Test func curlGetsAPNsAnswersOverHTTP2AndHTTP1WithTheMadeCA() async throws {
    let running = try await Self.running()
    for version in ["--http2", "--http1.1"] {
      let answer = try await Tool.curl(
        [version, "--cacert", Self.certificates + "/ca.pem"], port: running.server.port,
        path: "/3/device/\(Endpoint.token)", headers: Endpoint.standard)
      #expect(answer.status == 200, "\(version)")
      #expect(answer.version == (version == "--http2" ? "2" : "1.1"))
      let unknown = try await Tool.curl(
        [version, "--cacert", Self.certificates + "/ca.pem"], port: running.server.port,
        path: "/3/device/\(String(repeating: "ab", count: 32))", headers: Endpoint.standard)
      #expect(unknown.status == 400)
      #expect(unknown.reason == "BadDeviceToken")
    }
    #expect(running.output.contains("https://127.0.0.1:\(running.server.port)"))
  }

  @Test func aClientTheCADidNotSignIsRefusedByTheClient() async throws {
    let running = try await Self.running()
    let answer = try await Tool.curl(
      ["--http2", "--cacert", Self.otherCertificates + "/ca.pem"], port: running.server.port,
      path: "/3/device/\(Endpoint.token)", headers: Endpoint.standard)
    #expect(answer.exitStatus == 60)  // CURLE_PEER_FAILED_VERIFICATION
  }

  @Test func aClientCertificateForTheAppAuthenticatesWithoutAToken() async throws {
    let running = try await Self.running(clientCA: Self.certificates + "/ca.pem")
    for version in ["--http2", "--http1.1"] {
      let answer = try await Tool.curl(
        [
          version, "--cacert", Self.certificates + "/ca.pem", "--cert",
          Self.certificates + "/client.pem", "--key", Self.certificates + "/client-key.pem",
        ], port: running.server.port, path: "/3/device/\(Endpoint.token)",
        headers: ["apns-push-type: alert"])
      #expect(answer.status == 200, "\(version): \(answer.body)")
      // Another app's topic on this app's certificate.
      let other = try await Tool.curl(
        [
          version, "--cacert", Self.certificates + "/ca.pem", "--cert",
          Self.certificates + "/client.pem", "--key", Self.certificates + "/client-key.pem",
        ], port: running.server.port, path: "/3/device/\(Endpoint.newsToken)",
        headers: ["apns-topic: com.example.news", "apns-push-type: alert"])
      #expect(other.status == 403)
      #expect(other.reason == "BadCertificate")
    }
  }

  @Test func aCertificateOfAnotherCAIsBadCertificate() async throws {
    let running = try await Self.running(clientCA: Self.certificates + "/ca.pem")
    let answer = try await Tool.curl(
      [
        "--http1.1", "--cacert", Self.certificates + "/ca.pem", "--cert",
        Self.otherCertificates + "/client.pem", "--key",
        Self.otherCertificates + "/client-key.pem",
      ], port: running.server.port, path: "/3/device/\(Endpoint.token)",
      headers: ["apns-push-type: alert"])
    #expect(answer.status == 403)
    #expect(answer.reason == "BadCertificate")
  }

  @Test func aCertificateOfTheOtherEnvironmentIsRefusedAsAPNsRefusesIt() async throws {
    // Both CAs admitted, so that the production certificate chains.
    let both = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-cas-\(UUID().uuidString).pem").path
    let text =
      try String(contentsOfFile: Self.certificates + "/ca.pem", encoding: .utf8)
      + String(contentsOfFile: Self.otherCertificates + "/ca.pem", encoding: .utf8)
    try text.write(toFile: both, atomically: true, encoding: .utf8)
    let running = try await Self.running(clientCA: both)
    let client = [
      "--cacert", Self.certificates + "/ca.pem", "--cert", Self.otherCertificates + "/client.pem",
      "--key", Self.otherCertificates + "/client-key.pem",
    ]
    // HTTP/1.1: answered 403, then the connection closes.
    let answer = try await Tool.curl(
      ["--http1.1"] + client, port: running.server.port, path: "/3/device/\(Endpoint.token)",
      headers: ["apns-push-type: alert"])
    #expect(answer.status == 403)
    #expect(answer.reason == "BadCertificateEnvironment")
    // HTTP/2: GOAWAY with {"reason":"BadCertificateEnvironment"}, the request unanswered.
    let goaway = try await Tool.curl(
      ["--http2"] + client, port: running.server.port, path: "/3/device/\(Endpoint.token)",
      headers: ["apns-push-type: alert"])
    #expect(goaway.status == 0)
    #expect(goaway.exitStatus != 0)
    #expect(running.output.contains("GOAWAY BadCertificateEnvironment"))
  }

  @Test func withAnAuthKeyTheSignatureIsChecked() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-key-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let keyPath = folder.appendingPathComponent("AuthKey_ABC123DEFG.p8").path
    let otherPath = folder.appendingPathComponent("other.p8").path
    for path in [keyPath, otherPath] {
      let made = try await Tool.run(
        "openssl",
        ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", path])
      try #require(made.status == 0)
    }
    let key = try ProviderKey(p8: keyPath, keyID: "ABC123DEFG", teamID: "DEF123GHIJ")
    let running = try await Self.running(key: key)
    #expect(running.output.contains("ES256 signature with key ABC123DEFG of team DEF123GHIJ"))
    func send(_ token: String) async throws -> Tool.CurlAnswer {
      try await Tool.curl(
        ["--http2", "--cacert", Self.certificates + "/ca.pem"], port: running.server.port,
        path: "/3/device/\(Endpoint.token)",
        headers: [
          "authorization: bearer \(token)", "apns-topic: com.example.chat",
          "apns-push-type: alert",
        ])
    }
    let signed = try await Tool.jwt(signedWith: keyPath)
    #expect(try await send(signed).status == 200)
    let forged = try await send(await Tool.jwt(signedWith: otherPath))
    #expect(forged.status == 403)
    #expect(forged.reason == "InvalidProviderToken")
    let unsigned = try await send(Endpoint.jwt())
    #expect(unsigned.reason == "InvalidProviderToken")
    let otherKey = try await send(await Tool.jwt(signedWith: keyPath, keyID: "ZZZ123DEFG"))
    #expect(otherKey.reason == "InvalidProviderToken")
  }

  @Test(arguments: [ServeLog.Format.text, .json])
  func noAuthorizationValueReachesAnyOutputOverTLS(_ format: ServeLog.Format) async throws {
    let secret = "UFVTSFNJTS1ESVNUSU5DVElWRS1TSUdOQVRVUkU"
    let iat = Int(Date().timeIntervalSince1970)
    func token(iss: String = "DEF123GHIJ", age: Int = 0) -> String {
      "\(ProviderTokenTests.base64URL(#"{"alg":"ES256","kid":"ABC123DEFG"}"#))."
        + "\(ProviderTokenTests.base64URL("{\"iss\":\"\(iss)\",\"iat\":\(iat - age)}"))."
        + secret
    }
    let running = try await ServeHarness(format: format) {
      $0.tls = TLSFiles(
        certificate: Self.certificates + "/cert.pem", key: Self.certificates + "/key.pem")
    }
    let port = running.server.port
    for version in ["--http2", "--http1.1"] {
      for value in [token(), token(age: 7200), token(iss: "bad"), "Basic \(secret)"] {
        _ = try await Tool.curl(
          [version, "--cacert", Self.certificates + "/ca.pem"], port: port,
          path: "/3/device/\(Endpoint.token)",
          headers: ["authorization: bearer \(value)", "apns-topic: com.example.chat"])
      }
    }
    let state = try await Tool.curl(
      ["--http1.1", "--cacert", Self.certificates + "/ca.pem"], port: port,
      path: "/pushsim/v1/devices/ana", headers: [], body: nil)
    #expect(state.status == 200)
    #expect(!state.body.contains(secret))
    #expect(running.output.contains("ExpiredProviderToken"))
    #expect(!running.output.contains(secret))
    #expect(!running.output.contains("UFVTSFNJTS1E"))
  }

  @Test func makeCertRefusesABadBundleID() {
    #expect(throws: ServeError.self) {
      try CertificateMaker.make(
        in: FileManager.default.temporaryDirectory.path, bundleID: "a b/c",
        environment: .development)
    }
  }
}
