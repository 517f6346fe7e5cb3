import Foundation
import PushScenario
import PushServe
import PushSimTestSupport
import Synchronization
import Testing

/// A server on an ephemeral port over the endpoint tests' devices (ana has com.example.chat,
/// ben com.example.news, removed), set up by `configure`, and everything it logged.
final class ServeHarness: Sendable {
  let server: PushServer
  let box = ServeEndpointTests.LinesBox()
  /// The server's log (its lines reach `box`).
  let log: ServeLog

  init(
    format: ServeLog.Format = .text, faults: String? = nil,
    _ configure: (inout PushServer.Configuration) -> Void = { _ in }
  ) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("devices.json")
    try """
    {"devices": [
      {"name": "ana", "app": {"bundleId": "com.example.chat"},
       "tokens": {"development": {"device": "\(ServeEndpointTests.token)"},
                  "production": {"device": "\(ServeEndpointTests.productionToken)"}}},
      {"name": "ben", "app": {"bundleId": "com.example.news"}, "removed": true,
       "tokens": {"development": {"device": "\(ServeEndpointTests.newsToken)"}}}
    ]\(faults.map { ", \"faults\": \($0)" } ?? "")}
    """.write(to: file, atomically: true, encoding: .utf8)
    let devices = try DeviceFile.load(path: file.path, in: folder)
    var configuration = PushServer.Configuration()
    configuration.port = 0
    configure(&configuration)
    let box = self.box
    let log = ServeLog(format: format) { line in box.append(line) }
    self.log = log
    server = try await PushServer(
      configuration: configuration, devices: devices,
      log: log)
  }

  /// What the server wrote so far (every line given is written first).
  var output: String {
    log.flush()
    return box.text
  }
  deinit { server.stop() }
}

/// Outside programs the serve tests drive: curl, openssl, python3.
enum Tool {
  struct Result {
    var status: Int32
    /// Standard output's bytes.
    var data: Data
    var error: String
    var output: String { String(decoding: data, as: UTF8.self) }
  }

  /// Runs `name` (found on PATH) with `arguments`, feeding `input`, waiting on a thread of its
  /// own: the cooperative pool (two threads on two cores) runs the server's devices.
  static func run(_ name: String, _ arguments: [String], input: Data? = nil) async throws -> Result
  {
    try await offPool {
      let run = try CommandRunner.run(
        [name] + arguments, input: input, executable: URL(fileURLWithPath: "/usr/bin/env"))
      return Result(status: run.status, data: run.standardOutputBytes, error: run.standardError)
    }
  }

  /// What curl got.
  struct CurlAnswer {
    var exitStatus: Int32
    /// 0 when no response came.
    var status: Int
    /// `%{http_version}`: "1.1", "2".
    var version: String
    var headers: [String: String]
    var body: String
    var reason: String? {
      ServeEndpointTests.Answer(status: status, headers: headers, body: body).reason
    }
  }

  /// One request with curl: `https://localhost:port` when `options` name a CA, else
  /// `http://127.0.0.1:port`.
  static func curl(
    _ options: [String], port: Int, path: String, headers: [String],
    body: String? = #"{"aps":{"alert":"Hola"}}"#
  ) async throws -> CurlAnswer {
    let secure = options.contains("--cacert")
    let url = (secure ? "https://localhost:" : "http://127.0.0.1:") + "\(port)\(path)"
    var arguments = options + ["-s", "-i", "-w", "\n%{http_version}", "--max-time", "20", url]
    for header in headers { arguments += ["-H", header] }
    if let body { arguments += ["--data-binary", body] }
    let result = try await run("curl", arguments)
    var text = result.output
    var version = ""
    if let newline = text.lastIndex(of: "\n") {
      version = String(text[text.index(after: newline)...])
      text = String(text[..<newline])
    }
    guard !text.isEmpty else {
      return CurlAnswer(
        exitStatus: result.status, status: 0, version: version, headers: [:], body: "")
    }
    let answer = ServeEndpointTests.parse(text)
    return CurlAnswer(
      exitStatus: result.status, status: answer.status, version: version,
      headers: answer.headers, body: answer.body)
  }

  static func base64URL(_ bytes: some Sequence<UInt8>) -> String {
    Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// An ES256 provider token signed with the `.p8` key at `path` by `openssl dgst`.
  static func jwt(
    signedWith path: String, keyID: String = "ABC123DEFG", teamID: String = "DEF123GHIJ",
    age: Int = 0
  ) async throws -> String {
    let iat = Int(Date().timeIntervalSince1970) - age
    let signed =
      base64URL(Array(#"{"alg":"ES256","kid":"\#(keyID)"}"#.utf8)) + "."
      + base64URL(Array(#"{"iss":"\#(teamID)","iat":\#(iat)}"#.utf8))
    let result = try await run(
      "openssl", ["dgst", "-sha256", "-sign", path], input: Data(signed.utf8))
    try #require(result.status == 0, "\(result.error)")
    // `ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }` → r ‖ s, 32 bytes each.
    let bytes = try signature(Array(result.data))
    return signed + "." + base64URL(bytes)
  }

  static func signature(_ der: [UInt8]) throws -> [UInt8] {
    var index = 2
    if der.count > 1, der[1] & 0x80 != 0 { index = 2 + Int(der[1] & 0x7f) }
    var out: [UInt8] = []
    for _ in 0..<2 {
      try #require(index + 2 <= der.count && der[index] == 0x02)
      let length = Int(der[index + 1])
      try #require(index + 2 + length <= der.count)
      var integer = Array(der[(index + 2)..<(index + 2 + length)])
      while integer.count > 32, integer.first == 0 { integer.removeFirst() }
      out += [UInt8](repeating: 0, count: 32 - integer.count) + integer
      index += 2 + length
    }
    return out
  }
}
