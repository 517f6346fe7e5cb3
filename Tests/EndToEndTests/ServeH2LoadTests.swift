import Foundation
import PushSimTestSupport
import Testing

/// Many HTTP/2 requests from h2load (Debian's nghttp2-client, which `.ci/run` installs), over
/// four connections at once: every push is answered 200 and `--until` counts each one. One
/// stream at a time on each connection: h2load opens its streams before it has read the
/// server's first SETTINGS, and APNs allows one stream until a request is authenticated, so
/// more would be refused (Rules.md §18.4; ServeClientTests sends one first, then many).
@Suite struct ServeH2LoadTests {
  @Test func concurrentStreamsAreEachAnsweredAndCounted() async throws {
    let h2load = URL(fileURLWithPath: "/usr/bin/h2load")
    try #require(
      FileManager.default.isExecutableFile(atPath: h2load.path),
      "h2load is not installed (.ci/run installs Debian's nghttp2-client)")
    let (output, status, printed) = try await offPool { try Self.run(h2load) }
    #expect(output.contains("200 succeeded"), "\(output)")
    #expect(output.contains("status codes: 200 2xx"), "\(output)")
    #expect(status == 0, "\(printed)")
    #expect(printed.contains("ana  PASS\n"))
  }

  /// Serves with `--until 200`, sends 200 pushes with h2load; h2load's report, the server's
  /// exit status and what it printed.
  static func run(_ h2load: URL) throws -> (String, Int32?, String) {
    let folder = try ServeExpectTests.folder(expect: #"{"devices": {"ana": {"badge": 0}}}"#)
    try Data(#"{"aps":{"alert":"Hola"}}"#.utf8).write(
      to: URL(fileURLWithPath: folder.path("payload.json")))
    let server = try ServeProcess(
      ["--devices", "devices.json", "--expect", "expect.json", "--until", "200"], in: folder.url)
    defer { server.stop() }
    let process = Process()
    process.executableURL = h2load
    process.arguments = [
      "-n", "200", "-c", "4", "-m", "1", "-d", folder.path("payload.json"),
      "-H", "authorization: bearer \(ServeExpectTests.jwt)", "-H", "apns-topic: com.example.chat",
      "-H", "apns-push-type: alert",
      "http://127.0.0.1:\(server.port)/3/device/\(ServeExpectTests.token)",
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let status = server.waitForExit()
    return (output, status, server.standardOutput)
  }
}
