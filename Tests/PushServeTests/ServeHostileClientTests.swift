import Foundation
import PushServe
import Testing

/// Hostile clients cost bounded memory and time and never stop other clients (issue 46, item
/// 9; Rules.md §18.1): each case runs `Clients/hostile.py`, which also sends an ordinary request
/// on another connection while it misbehaves.
@Suite(.serialized) struct ServeHostileClientTests {
  static let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Clients/hostile.py").path

  struct Outcome: Decodable {
    var other: Int?
    var seconds: Double?
    var sent: Int?
    var closed: Bool?
    var closedIdle: Int?
    var rstStream: Bool?
    var goaway: Bool?
    var frames: Int?
  }

  static func run(_ command: String, _ port: Int, _ count: Int = 0) async throws -> Outcome {
    let result = try await Tool.run("python3", [client, command, String(port), String(count)])
    try #require(result.status == 0, "\(result.error)")
    return try JSONDecoder().decode(Outcome.self, from: result.data)
  }

  @Test func aSlowlorisRequestIsCutAtTheRequestTimeout() async throws {
    let running = try await ServeHarness { $0.limits.requestTimeout = 1000 }
    let outcome = try await Self.run("slowloris", running.server.port)
    // A byte every 50 ms keeps every read short; the request as a whole gets 1 s.
    #expect(try #require(outcome.seconds) < 4)
    #expect(try #require(outcome.sent) < 80)
    #expect(outcome.other == 200)
  }

  @Test func idleConnectionsPastTheLimitMakeRoomForNewOnes() async throws {
    let running = try await ServeHarness { $0.limits.connections = 16 }
    let outcome = try await Self.run("idle", running.server.port, 200)
    #expect(outcome.other == 200)
    #expect(try #require(outcome.seconds) < 3)
    // All but the limit's worth of idle connections were closed to make room.
    #expect(try #require(outcome.closedIdle) >= 200 - 16)
  }

  @Test func aHeaderFloodResetsItsStreamOnly() async throws {
    let running = try await ServeHarness()
    let outcome = try await Self.run("headers", running.server.port, 40)  // about 40 KiB
    #expect(outcome.rstStream == true || outcome.goaway == true || outcome.closed == true)
    #expect(outcome.other == 200)
  }

  @Test func aContinuationFloodEndsTheConnection() async throws {
    let running = try await ServeHarness()
    let outcome = try await Self.run("continuation", running.server.port, 100_000)
    #expect(outcome.closed == true)
    // 100,000 frames of 1 KiB each were offered; the server stopped reading long before.
    #expect(try #require(outcome.frames) < 2_000)
    #expect(outcome.other == 200)
  }

  @Test func aClientThatNeverReadsIsClosedAfterTheRequestTimeout() async throws {
    let running = try await ServeHarness { $0.limits.requestTimeout = 1000 }
    let outcome = try await Self.run("noread", running.server.port, 50_000)
    #expect(outcome.closed == true)
    #expect(try #require(outcome.seconds) < 25)
    #expect(outcome.other == 200)
  }

  @Test func aBodyFarPastTheLimitIsNotKept() async throws {
    let running = try await ServeHarness()
    let body = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-large-\(UUID().uuidString).json")
    try Data(repeating: UInt8(ascii: "x"), count: 4 << 20).write(to: body)
    for version in ["--http2-prior-knowledge", "--http1.1"] {
      let answer = try await Tool.curl(
        [version, "--data-binary", "@" + body.path], port: running.server.port,
        path: "/3/device/\(ServeEndpointTests.token)", headers: ServeEndpointTests.standard,
        body: nil)
      #expect(answer.status == 413, "\(version)")
      #expect(answer.reason == "PayloadTooLarge")
    }
  }
}
