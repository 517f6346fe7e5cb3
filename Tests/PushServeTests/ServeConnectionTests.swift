import Foundation
import PushServe
import Testing

/// APNs's connection rules (Rules.md §18.3, §18.4), seen frame by frame by a raw HTTP/2 client
/// (python `h2`, `Clients/h2_frames.py`).
@Suite(.serialized) struct ServeConnectionTests {
  typealias Endpoint = ServeEndpointTests

  static let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Clients/h2_frames.py").path
  static let path = "/3/device/\(Endpoint.token)"

  /// What the frame client saw.
  struct Frames: Decodable {
    struct Response: Decodable {
      var status: Int?
      var body: String?
      var ended: Bool?
      var reason: String? {
        guard let body, let data = body.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["reason"]
          as? String
      }
    }
    struct GoAway: Decodable {
      var error: Int
      var last: Int
      var debug: String
    }
    var responses: [String: Response]
    var resets: [String: Int]
    var goaway: GoAway?
    var settings: [Int]
    var pings: [String]
    var closed: Bool
  }

  static func frames(_ arguments: [String]) async throws -> Frames {
    let result = try await Tool.run("python3", [client] + arguments)
    try #require(result.status == 0, "\(result.error)")
    return try JSONDecoder().decode(Frames.self, from: result.data)
  }

  @Test func oneStreamUntilAuthenticatedThenAThousand() async throws {
    let running = try await ServeHarness()
    let seen = try await Self.frames([
      "streams", String(running.server.port), Self.path, Endpoint.jwt(), "1",
    ])
    #expect(seen.settings == [1, 1000])
    #expect(seen.goaway == nil)
    for stream in ["1", "3", "5", "7"] {
      #expect(seen.responses[stream]?.status == 200, "stream \(stream)")
    }
  }

  @Test func streamsPastTheLimitBeforeAuthenticationEndTheConnection() async throws {
    let running = try await ServeHarness()
    let seen = try await Self.frames([
      "streams", String(running.server.port), Self.path, Endpoint.jwt(), "3",
    ])
    #expect(seen.settings.first == 1)
    #expect(seen.goaway?.error == 1)  // PROTOCOL_ERROR
    #expect(seen.responses["3"] == nil && seen.responses["5"] == nil)
  }

  @Test func pingIsAnswered() async throws {
    let running = try await ServeHarness()
    let seen = try await Self.frames(["ping", String(running.server.port)])
    #expect(seen.pings == ["pushsim!"])
  }

  @Test func aNewTokenWithinTwentyMinutesIsTooManyProviderTokenUpdates() async throws {
    let running = try await ServeHarness()
    let seen = try await Self.frames([
      "updates", String(running.server.port), Self.path, Endpoint.jwt(), Endpoint.jwt(age: 5),
    ])
    #expect(seen.responses["1"]?.status == 200)
    #expect(seen.responses["3"]?.status == 429)
    #expect(seen.responses["3"]?.reason == "TooManyProviderTokenUpdates")
    // The connection keeps the token it had.
    #expect(seen.responses["5"]?.status == 200)
    #expect(running.output.contains("TooManyProviderTokenUpdates"))
  }

  @Test func anotherTeamsTokenOnTheConnectionIsInvalid() async throws {
    let running = try await ServeHarness()
    let iat = Int(Date().timeIntervalSince1970)
    let other =
      "\(ProviderTokenTests.base64URL(#"{"alg":"ES256","kid":"ABC123DEFG"}"#))."
      + "\(ProviderTokenTests.base64URL("{\"iss\":\"OTHER12345\",\"iat\":\(iat)}")).c2ln"
    let seen = try await Self.frames([
      "updates", String(running.server.port), Self.path, Endpoint.jwt(), other,
    ])
    #expect(seen.responses["3"]?.status == 403)
    #expect(seen.responses["3"]?.reason == "InvalidProviderToken")
    #expect(seen.responses["5"]?.status == 200)
  }

  @Test func anIdleConnectionGetsGoAwayIdleTimeout() async throws {
    let running = try await ServeHarness { $0.limits.idleTimeout = 300 }
    let seen = try await Self.frames(["idle", String(running.server.port), "10"])
    #expect(seen.goaway?.error == 0)
    #expect(seen.goaway?.debug == #"{"reason":"IdleTimeout"}"#)
  }
}
