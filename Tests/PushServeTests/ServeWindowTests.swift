import Foundation
import PushSimTestSupport
import Testing

/// A served phone keeps a window of its newest pushes (`--device-window`, Rules.md §18.9), and
/// the API says when what a check reads has left it.
@Suite(.serialized) struct ServeWindowTests {
  /// The `apns-id` of the `number`-th push.
  static func id(_ number: Int) -> String {
    "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - String(number).count)
      + String(number)
  }

  static func push(_ running: ServeEndpointTests.Running, _ number: Int) async throws -> Int {
    let port = running.server.port
    return try await offPool {
      try ServeEndpointTests.http1Blocking(
        port,
        ServeEndpointTests.post(
          "/3/device/\(ServeEndpointTests.token)",
          ServeEndpointTests.standard + ["apns-id: \(Self.id(number))"],
          body: #"{"aps":{"alert":{"title":"Push \#(number)"},"thread-id":"t"}}"#))
    }.status
  }

  static func device(_ running: ServeEndpointTests.Running) async throws -> [String: Any] {
    let port = running.server.port
    let answer = try await offPool {
      try ServeEndpointTests.http1Blocking(
        port, "GET /pushsim/v1/devices/ana HTTP/1.1\r\nHost: x\r\n\r\n")
    }
    return try #require(
      try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
  }

  @Test func aPhoneKeepsItsNewestPushesAndSaysHowManyLeft() async throws {
    let running = try await ServeEndpointTests.Running(deviceWindow: 4)
    for number in 1...9 { #expect(try await Self.push(running, number) == 200) }
    let device = try await Self.device(running)
    let window = try #require(device["window"] as? [String: Any])
    #expect(window["pushes"] as? Int == 4)
    #expect(window["complete"] as? Bool == false)
    let forgotten = try #require(window["forgotten"] as? [String: Any])
    // Forgotten once the records reach the window and its slack (5): 9 pushes keep the last 4.
    #expect(forgotten["pushes"] as? Int == 5)
    #expect(forgotten["notifications"] as? Int == 5)
    #expect((forgotten["events"] as? Int ?? 0) > 0)
    let final = try JSONSerialization.data(withJSONObject: device["final"] ?? [:])
    let text = String(decoding: final, as: UTF8.self)
    #expect(text.contains(Self.id(9)) && text.contains(Self.id(6)))
    #expect(!text.contains(Self.id(5)) && !text.contains(Self.id(1)))
    let events = try #require(device["events"] as? [[String: Any]])
    #expect(!events.contains { $0["push"] as? String == Self.id(1) })
    #expect(events.contains { $0["push"] as? String == Self.id(9) })
    // The text log still shows every push (it is not the device's memory).
    #expect(running.output.contains(Self.id(1)))
  }

  @Test func aCheckOfAForgottenPushFailsSayingItLeftTheWindow() async throws {
    let running = try await ServeEndpointTests.Running(deviceWindow: 2)
    for number in 1...4 { #expect(try await Self.push(running, number) == 200) }
    let (status, object) = try await ServeExpectAPITests.expect(
      running, #"{"push": {"\#(Self.id(1))": {"status": "delivered"}}}"#)
    #expect(status == 200)
    #expect(object["passed"] as? Bool == false)
    let failures = try #require(object["failures"] as? [[String: Any]])
    #expect(failures.count == 1)
    #expect((failures.first?["message"] as? String)?.contains("--device-window") == true)
    #expect((object["note"] as? String)?.contains("keeps its newest 2 pushes") == true)
    #expect((object["window"] as? [String: Any])?["complete"] as? Bool == false)

    // A check that holds on what is kept passes, and still says the window is not complete.
    let kept = try await ServeExpectAPITests.expect(
      running, #"{"push": {"\#(Self.id(4))": {"status": "delivered"}}}"#)
    #expect(kept.object["passed"] as? Bool == true)
    #expect(kept.object["note"] != nil)
  }

  @Test func aPhoneWithinItsWindowIsComplete() async throws {
    let running = try await ServeEndpointTests.Running(deviceWindow: 4)
    for number in 1...3 { #expect(try await Self.push(running, number) == 200) }
    let window = try #require(try await Self.device(running)["window"] as? [String: Any])
    #expect(window["complete"] as? Bool == true)
    let (_, object) = try await ServeExpectAPITests.expect(
      running, #"{"push": {"\#(Self.id(1))": {"status": "delivered"}}}"#)
    #expect(object["passed"] as? Bool == true)
    #expect(object["note"] == nil)
  }
}
