import Foundation
import PushScenario
import PushServe
import PushSimTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `pushsim serve` in process: a server on an ephemeral port, raw HTTP/1.1 over a socket and
/// h2c through the `curl` binary (`--http2-prior-knowledge`), checking APNs's exact answers
/// (Rules.md §18) and that no `authorization` value reaches any output.
@Suite(.serialized) struct ServeEndpointTests {
  static let token = "aaaa000000000000000000000000000000000000000000000000000000000001"
  static let voipToken = "bbbb000000000000000000000000000000000000000000000000000000000001"
  static let productionToken = "cccc000000000000000000000000000000000000000000000000000000000001"
  static let newsToken = "dddd000000000000000000000000000000000000000000000000000000000001"
  static let signature = "c2VjcmV0LXNpZ25hdHVyZS12YWx1ZQ"

  /// A fresh ES256-shaped token issued `age` seconds ago (its signature is never checked).
  static func jwt(age: Int = 0) -> String {
    let iat = Int(Date().timeIntervalSince1970) - age
    return "\(ProviderTokenTests.base64URL(#"{"alg":"ES256","kid":"ABC123DEFG"}"#))."
      + "\(ProviderTokenTests.base64URL("{\"iss\":\"DEF123GHIJ\",\"iat\":\(iat)}"))."
      + signature
  }

  /// A server over two phones (ana has the chat app, ben the news app, removed) and its lines.
  final class Running: Sendable {
    let server: PushServer
    let box: LinesBox
    /// The server's log (its lines reach `box`).
    let log: ServeLog
    init(format: ServeLog.Format = .text, deviceWindow: Int? = nil) async throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("pushsim-serve-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let file = folder.appendingPathComponent("devices.json")
      try """
      {"devices": [
        {"name": "ana", "device": {"languages": ["es"], "locked": false},
         "app": {"bundleId": "com.example.chat"},
         "tokens": {"development": {"device": "\(ServeEndpointTests.token)",
                                    "voip": "\(ServeEndpointTests.voipToken)"},
                    "production": {"device": "\(ServeEndpointTests.productionToken)"}}},
        {"name": "ben", "app": {"bundleId": "com.example.news"}, "removed": true,
         "tokens": {"development": {"device": "\(ServeEndpointTests.newsToken)"}}}
      ]}
      """.write(to: file, atomically: true, encoding: .utf8)
      let devices = try DeviceFile.load(path: file.path, in: folder)
      var configuration = PushServer.Configuration()
      configuration.port = 0
      if let deviceWindow { configuration.limits.deviceWindow = deviceWindow }
      let box = LinesBox()
      let log = ServeLog(format: format) { line in box.append(line) }
      self.log = log
      server = try await PushServer(
        configuration: configuration, devices: devices,
        log: log)
      self.box = box
    }
    /// What the server wrote so far (every line given is written first).
    var output: String {
      log.flush()
      return box.text
    }
    deinit { server.stop() }
  }

  final class LinesBox: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var text: String { lines.withLock { $0.joined() } }
  }

  /// A response as read off the wire.
  struct Answer {
    var status: Int
    var headers: [String: String]
    var body: String
    var reason: String? {
      guard let data = body.data(using: .utf8),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
      else { return nil }
      return object["reason"] as? String
    }
  }

  /// Sends a raw HTTP/1.1 request and reads one response.
  /// `request` sent over a new connection and the answer read, waited for on a thread of
  /// its own: a test blocking the cooperative pool would starve the servers' devices.
  static func http1(_ port: Int, _ request: String) async throws -> Answer {
    try await offPool { try http1Blocking(port, request) }
  }

  /// ``http1(_:_:)`` on the calling thread (for code already off the pool).
  static func http1Blocking(_ port: Int, _ request: String) throws -> Answer {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    try #require(connected == 0)
    let bytes = Array(request.utf8)
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      received += buffer[..<count]
      let text = String(decoding: received, as: UTF8.self)
      if let end = text.range(of: "\r\n\r\n") {
        let head = text[..<end.lowerBound]
        let length =
          head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
          .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        if text.utf8.count >= head.utf8.count + 4 + length { break }
      }
    }
    return parse(String(decoding: received, as: UTF8.self))
  }

  /// `curl -si --http2-prior-knowledge` (one request a process: Debian's curl 7.88 fails a
  /// second request on a reused h2c connection, curl/curl#10634).
  static func h2c(_ port: Int, path: String, headers: [String], body: String?) async throws
    -> Answer
  {
    try await offPool { try h2cBlocking(port, path: path, headers: headers, body: body) }
  }

  /// ``h2c(_:path:headers:body:)`` on the calling thread.
  static func h2cBlocking(_ port: Int, path: String, headers: [String], body: String?) throws
    -> Answer
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    var arguments = ["-s", "-i", "--http2-prior-knowledge", "http://127.0.0.1:\(port)\(path)"]
    for header in headers { arguments += ["-H", header] }
    if let body { arguments += ["--data-binary", body] }
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return parse(String(decoding: data, as: UTF8.self))
  }

  static func parse(_ text: String) -> Answer {
    let parts = text.components(separatedBy: "\r\n\r\n")
    let head = parts.first ?? ""
    let body = parts.dropFirst().joined(separator: "\r\n\r\n")
    var lines = head.components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst()
    let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return Answer(status: status, headers: headers, body: body)
  }

  static func post(
    _ path: String, _ fields: [String], body: String = #"{"aps":{"alert":"Hola"}}"#
  ) -> String {
    var request = "POST \(path) HTTP/1.1\r\nHost: localhost\r\n"
    for field in fields { request += field + "\r\n" }
    request += "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    return request
  }

  static var standard: [String] {
    ["authorization: bearer \(jwt())", "apns-topic: com.example.chat", "apns-push-type: alert"]
  }

  // MARK: The verdicts

  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var method = "POST"
    var path = "/3/device/\(ServeEndpointTests.token)"
    var fields: [String] = ServeEndpointTests.standard
    var body = #"{"aps":{"alert":"Hola"}}"#
    var status: Int
    var reason: String?
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(name: "accepted", status: 200),
    Case(name: "bad path", path: "/3/devices/x", status: 404, reason: "BadPath"),
    Case(name: "GET", method: "GET", status: 405, reason: "MethodNotAllowed"),
    Case(name: "no token", path: "/3/device/", status: 400, reason: "MissingDeviceToken"),
    Case(
      name: "unknown token", path: "/3/device/\(String(repeating: "ab", count: 32))", status: 400,
      reason: "BadDeviceToken"),
    Case(
      name: "production token", path: "/3/device/\(productionToken)", status: 400,
      reason: "BadDeviceToken"),
    Case(
      name: "other app's token", path: "/3/device/\(newsToken)", status: 400,
      reason: "DeviceTokenNotForTopic"),
    Case(
      name: "no topic", fields: ["authorization: bearer \(jwt())"], status: 400,
      reason: "MissingTopic"),
    Case(
      name: "unknown topic",
      fields: ["authorization: bearer \(jwt())", "apns-topic: com.example.other"], status: 400,
      reason: "TopicDisallowed"),
    Case(
      name: "duplicate header", fields: standard + ["apns-priority: 10", "apns-priority: 5"],
      status: 400, reason: "DuplicateHeaders"),
    Case(
      name: "no provider token", fields: ["apns-topic: com.example.chat"], status: 403,
      reason: "MissingProviderToken"),
    Case(
      name: "malformed provider token",
      fields: ["authorization: bearer not.a-jwt", "apns-topic: com.example.chat"], status: 403,
      reason: "InvalidProviderToken"),
    Case(
      name: "expired provider token",
      fields: ["authorization: bearer \(jwt(age: 3700))", "apns-topic: com.example.chat"],
      status: 403, reason: "ExpiredProviderToken"),
    Case(name: "empty body", body: "", status: 400, reason: "PayloadEmpty"),
    Case(name: "not JSON", body: "{", status: 400, reason: "MalformedPayload"),
    Case(
      name: "too large",
      body: #"{"aps":{"alert":""#
        + String(repeating: "x", count: 4100) + #""}}"#, status: 413,
      reason: "PayloadTooLarge"),
    Case(
      name: "over the read limit", body: String(repeating: " ", count: 20_000), status: 413,
      reason: "PayloadTooLarge"),
    Case(
      name: "bad priority", fields: standard + ["apns-priority: 7"], status: 400,
      reason: "BadPriority"),
    Case(
      name: "bad push type",
      fields: [
        "authorization: bearer \(jwt())", "apns-topic: com.example.chat", "apns-push-type: nope",
      ],
      status: 400, reason: "InvalidPushType"),
    Case(
      name: "bad apns-id", fields: standard + ["apns-id: 42"], status: 400,
      reason: "BadMessageId"),
    Case(
      name: "alert to the VoIP token", path: "/3/device/\(voipToken)", status: 400,
      reason: "DeviceTokenNotForTopic"),
  ]

  @Test(arguments: cases)
  func http1Answers(_ item: Case) async throws {
    let running = try await Running()
    var request = "\(item.method) \(item.path) HTTP/1.1\r\nHost: localhost\r\n"
    for field in item.fields { request += field + "\r\n" }
    request += "Content-Length: \(item.body.utf8.count)\r\n\r\n\(item.body)"
    let answer = try await Self.http1(running.server.port, request)
    #expect(answer.status == item.status)
    #expect(answer.reason == item.reason)
    let apnsID = try #require(answer.headers["apns-id"])
    #expect(apnsID == apnsID.lowercased() && UUID(uuidString: apnsID) != nil)
    #expect(answer.headers["apns-unique-id"] != nil)
    if item.status == 200 { #expect(answer.body.isEmpty) }
  }

  @Test func unregisteredCarriesTheRemovalTimestamp() async throws {
    let running = try await Running()
    let before = Int(Date().timeIntervalSince1970 * 1000)
    let answer = try await Self.http1(
      running.server.port,
      Self.post(
        "/3/device/\(Self.newsToken)",
        ["authorization: bearer \(Self.jwt())", "apns-topic: com.example.news"]))
    #expect(answer.status == 410)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
    #expect(object["reason"] as? String == "Unregistered")
    let timestamp = try #require(object["timestamp"] as? Int)
    #expect(abs(timestamp - before) < 60_000)
  }

  @Test func theRequestsApnsIDIsEchoed() async throws {
    let running = try await Running()
    let id = "123e4567-e89b-12d3-a456-426614174000"
    let answer = try await Self.http1(
      running.server.port,
      Self.post("/3/device/\(Self.token)", Self.standard + ["apns-id: \(id)"]))
    #expect(answer.status == 200)
    #expect(answer.headers["apns-id"] == id)
  }

  @Test func h2cAnswersLikeAPNs() async throws {
    let running = try await Running()
    let port = running.server.port
    let ok = try await Self.h2c(
      port, path: "/3/device/\(Self.token)", headers: Self.standard,
      body: #"{"aps":{"alert":{"title":"Hola"}}}"#)
    #expect(ok.status == 200)
    #expect(ok.body.isEmpty)
    #expect(ok.headers["apns-unique-id"] != nil)
    let missing = try await Self.h2c(
      port, path: "/3/device/\(Self.token)", headers: ["authorization: bearer \(Self.jwt())"],
      body: #"{"aps":{}}"#)
    #expect(missing.status == 400)
    #expect(missing.body == #"{"reason":"MissingTopic"}"#)
    let large = try await Self.h2c(
      port, path: "/3/device/\(Self.token)", headers: Self.standard,
      body: String(repeating: " ", count: 20_000))
    #expect(large.status == 413)
    #expect(large.reason == "PayloadTooLarge")
    #expect(running.output.contains("HTTP/2  POST /3/device/\(Self.token)  ana  200"))
    #expect(!running.output.contains("[model] this connection speaks HTTP/1.1"))
  }

  @Test func productionAnswersCarryNoUniqueID() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("devices.json")
    try #"{"devices": [{"name": "ana", "app": {"bundleId": "com.example.chat"}}]}"#
      .write(to: file, atomically: true, encoding: .utf8)
    var configuration = PushServer.Configuration()
    configuration.port = 0
    configuration.environment = .production
    let box = LinesBox()
    let server = try await PushServer(
      configuration: configuration, devices: try DeviceFile.load(path: file.path, in: folder),
      log: ServeLog { box.append($0) })
    defer { server.stop() }
    // The token was generated: read it from the start lines.
    let line = try #require(
      box.text.split(separator: "\n").first { $0.contains("production  device") })
    let token = try #require(line.split(separator: " ").last)
    let answer = try await Self.http1(
      server.port, Self.post("/3/device/\(token)", Self.standard))
    #expect(answer.status == 200)
    #expect(answer.headers["apns-unique-id"] == nil)
  }

  @Test func noAuthorizationValueReachesAnyOutput() async throws {
    for format in [ServeLog.Format.text, .json] {
      let running = try await Running(format: format)
      let port = running.server.port
      let jwt = Self.jwt()
      _ = try await Self.http1(port, Self.post("/3/device/\(Self.token)", Self.standard))
      _ = try await Self.http1(
        port,
        Self.post("/3/device/\(Self.token)", ["authorization: bearer \(Self.signature)x.y"]))
      _ = try await Self.h2c(
        port, path: "/3/device/\(Self.token)",
        headers: ["authorization: bearer \(jwt)", "apns-topic: com.example.chat"],
        body: #"{"aps":{"alert":"x"}}"#)
      let state = try await Self.http1(
        port, "GET /pushsim/v1/devices/ana HTTP/1.1\r\nHost: x\r\n\r\n")
      let output = running.output
      #expect(output.contains("ana"))
      #expect(!output.contains(Self.signature))
      #expect(!output.contains(jwt.split(separator: ".")[1]))
      #expect(!state.body.contains(Self.signature))
      #expect(!output.lowercased().contains("bearer"))
    }
  }

  @Test func theAPIShowsTheDeviceAndTakesSteps() async throws {
    let running = try await Running()
    let port = running.server.port
    let id = "00000000-0000-4000-8000-000000000001"
    _ = try await Self.http1(
      port, Self.post("/3/device/\(Self.token)", Self.standard + ["apns-id: \(id)"]))
    let list = try await Self.http1(port, "GET /pushsim/v1/devices HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(list.status == 200)
    #expect(list.body.contains(#""name":"ana""#))
    let state = try await Self.http1(
      port, "GET /pushsim/v1/devices/ana HTTP/1.1\r\nHost: x\r\n\r\n")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(state.body.utf8)) as? [String: Any])
    let final = try #require(object["final"] as? [String: Any])
    let center = try #require(final["center"] as? [[String: Any]])
    #expect((center.first?["notifications"] as? [String]) == [id])
    let tap = try await Self.http1(
      port, Self.post("/pushsim/v1/devices/ana/steps", [], body: "{\"tap\": \"\(id)\"}"))
    #expect(tap.status == 200)
    #expect(tap.body.contains(#""kind":"tap""#))
    let remove = try await Self.http1(
      port, Self.post("/pushsim/v1/devices/ana/steps", [], body: #"{"removeApp": true}"#))
    #expect(remove.status == 200)
    let after = try await Self.http1(port, Self.post("/3/device/\(Self.token)", Self.standard))
    #expect(after.status == 410)
    #expect(after.reason == "Unregistered")
    let unknown = try await Self.http1(
      port, "GET /pushsim/v1/devices/zed HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(unknown.status == 404)
  }

  @Test func jsonLinesAreOneObjectEach() async throws {
    let running = try await Running(format: .json)
    _ = try await Self.http1(
      running.server.port, Self.post("/3/device/\(Self.token)", Self.standard))
    let lines = running.output.split(separator: "\n")
    #expect(lines.count > 3)
    for line in lines {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["type"] != nil)
    }
    #expect(running.output.contains(#""type":"request""#))
    #expect(running.output.contains(#""kind":"delivered""#))
  }
}
