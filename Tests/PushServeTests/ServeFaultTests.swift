import Foundation
import PushServe
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Faults on demand (Rules.md §18.5; CommandLine.md, "Faults"): set through
/// `/pushsim/v1/faults` or the devices file, each answered as APNs answers it.
@Suite(.serialized) struct ServeFaultTests {
  typealias Endpoint = ServeEndpointTests

  static let push = Endpoint.post("/3/device/\(Endpoint.token)", Endpoint.standard)

  static func setFaults(_ port: Int, _ body: String, method: String = "PUT") async throws
    -> Endpoint.Answer
  {
    try await Endpoint.http1(
      port,
      "\(method) /pushsim/v1/faults HTTP/1.1\r\nHost: localhost\r\nContent-Length: "
        + "\(body.utf8.count)\r\n\r\n\(body)")
  }

  @Test func aTokenFaultAnswersUnregisteredWithItsTimeThenTooManyRequests() async throws {
    let running = try await ServeHarness()
    let port = running.server.port
    let before = Int64(Date().timeIntervalSince1970 * 1000)
    let set = try await Self.setFaults(port, #"{"tokens": {"\#(Endpoint.token)": "Unregistered"}}"#)
    #expect(set.status == 200)
    #expect(set.body.contains("Unregistered"))
    let gone = try await Endpoint.http1(port, Self.push)
    #expect(gone.status == 410)
    #expect(gone.reason == "Unregistered")
    let data = try #require(gone.body.data(using: .utf8))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let timestamp = try #require(
      object["timestamp"] as? Int64 ?? (object["timestamp"] as? Int).map(Int64.init))
    #expect(timestamp >= before - 1 && timestamp <= before + 5000)
    _ = try await Self.setFaults(port, #"{"tokens": {"\#(Endpoint.token)": "TooManyRequests"}}"#)
    let busy = try await Endpoint.http1(port, Self.push)
    #expect(busy.status == 429)
    #expect(busy.reason == "TooManyRequests")
    #expect(try await Self.setFaults(port, "", method: "DELETE").status == 200)
    #expect(try await Endpoint.http1(port, Self.push).status == 200)
  }

  @Test func aServiceUnavailableWindowEnds() async throws {
    let running = try await ServeHarness()
    let port = running.server.port
    _ = try await Self.setFaults(port, #"{"status": 503, "seconds": 0.5}"#)
    let unavailable = try await Endpoint.http1(port, Self.push)
    #expect(unavailable.status == 503)
    #expect(unavailable.reason == "ServiceUnavailable")
    #expect(unavailable.headers["apns-id"] != nil)
    try await Task.sleep(for: .milliseconds(700))
    #expect(try await Endpoint.http1(port, Self.push).status == 200)
  }

  @Test func anInternalServerErrorStaysUntilCleared() async throws {
    let running = try await ServeHarness()
    let port = running.server.port
    _ = try await Self.setFaults(port, #"{"status": 500}"#)
    for _ in 0..<2 {
      let answer = try await Endpoint.http1(port, Self.push)
      #expect(answer.status == 500)
      #expect(answer.reason == "InternalServerError")
    }
    _ = try await Self.setFaults(port, "", method: "DELETE")
    #expect(try await Endpoint.http1(port, Self.push).status == 200)
  }

  @Test func aDelayComesBeforeEachAnswer() async throws {
    let running = try await ServeHarness()
    let port = running.server.port
    _ = try await Self.setFaults(port, #"{"delayMs": 400}"#)
    let start = Date()
    #expect(try await Endpoint.http1(port, Self.push).status == 200)
    #expect(Date().timeIntervalSince(start) >= 0.4)
  }

  @Test func refusedConnectionsFromTheDevicesFile() async throws {
    let running = try await ServeHarness(faults: #"{"refuseConnections": true}"#)
    let answer = try await Endpoint.http1(running.server.port, Self.push)
    #expect(answer.status == 0)  // closed before any answer
  }

  @Test func aTokenFaultFromTheDevicesFile() async throws {
    let running = try await ServeHarness(
      faults: #"{"tokens": {"\#(Endpoint.token)": "TooManyRequests"}}"#)
    #expect(try await Endpoint.http1(running.server.port, Self.push).status == 429)
  }

  @Test func aBadFaultIsRefusedWithItsPlace() async throws {
    let running = try await ServeHarness()
    let answer = try await Self.setFaults(running.server.port, #"{"status": 404}"#)
    #expect(answer.status == 400)
    #expect(answer.body.contains("request body:1:"))
    #expect(answer.body.contains("status is 500"))
    let misspelt = try await Self.setFaults(running.server.port, #"{"delay": 5}"#)
    #expect(misspelt.status == 400)
    #expect(misspelt.body.contains("unknown field"))
    await #expect(throws: (any Error).self) {
      _ = try await ServeHarness(faults: #"{"tokens": {"zz": "Unregistered"}}"#)
    }
  }

  @Test func goAwayShutdownEndsOpenHTTP2Connections() async throws {
    let running = try await ServeHarness()
    let seen = try await ServeConnectionTests.frames([
      "shutdown", String(running.server.port), ServeConnectionTests.path, Endpoint.jwt(),
    ])
    #expect(seen.responses["1"]?.status == 200)
    #expect(seen.goaway?.error == 0)
    #expect(seen.goaway?.debug == #"{"reason":"Shutdown"}"#)
    #expect(seen.goaway?.last == 1)
  }

  @Test func stoppingEndsOpenHTTP2ConnectionsWithShutdown() async throws {
    let running = try await ServeHarness()
    async let held = ServeConnectionTests.frames([
      "hold", String(running.server.port), ServeConnectionTests.path, Endpoint.jwt(),
    ])
    // The push is answered (its line is logged as it is answered), then the server stops.
    let deadline = ContinuousClock.now + .seconds(60)
    while !running.output.contains("POST /3/device/"), ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    running.server.stop()
    let seen = try await held
    #expect(seen.responses["1"]?.status == 200)
    #expect(seen.goaway?.error == 0)
    #expect(seen.goaway?.debug == #"{"reason":"Shutdown"}"#)
    #expect(seen.goaway?.last == 1)
  }

  @Test func aStreamLimitFault() async throws {
    let running = try await ServeHarness(faults: #"{"maxConcurrentStreams": 2}"#)
    let seen = try await ServeConnectionTests.frames([
      "streams", String(running.server.port), ServeConnectionTests.path, Endpoint.jwt(), "1",
    ])
    #expect(seen.settings == [1, 2])
    // Three streams at once past the limit of two.
    #expect(seen.goaway?.error == 1)
  }
}
