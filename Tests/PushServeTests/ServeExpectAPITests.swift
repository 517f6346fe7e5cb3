import Foundation
import PushSimTestSupport
import Testing

/// `POST /pushsim/v1/devices/<name>/expect`: a scenario `expect` object checked against a
/// device as it is now, answered with pass or fail and `pushsim run`'s failures.
@Suite(.serialized) struct ServeExpectAPITests {
  static func expect(_ running: ServeEndpointTests.Running, _ body: String) async throws
    -> (status: Int, object: [String: Any])
  {
    let answer = try await offPool {
      try ServeEndpointTests.http1Blocking(
        running.server.port,
        ServeEndpointTests.post("/pushsim/v1/devices/ana/expect", [], body: body))
    }
    let object =
      (try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]) ?? [:]
    return (answer.status, object)
  }

  @Test func aCheckThatHoldsPasses() async throws {
    let running = try await ServeEndpointTests.Running()
    let apnsID = "5e4b0c1a-8f0e-4f57-9d2b-6a5e0c2e9f11"
    let pushed = try await offPool {
      try ServeEndpointTests.http1Blocking(
        running.server.port,
        ServeEndpointTests.post(
          "/3/device/\(ServeEndpointTests.token)",
          ServeEndpointTests.standard + ["apns-id: \(apnsID)"],
          body: #"{"aps":{"alert":{"title":"Hola"},"badge":3}}"#))
    }
    #expect(pushed.status == 200)
    let (status, object) = try await Self.expect(
      running,
      #"{"badge": 3, "push": {"\#(apnsID)": {"status": "delivered"}}, "#
        + #""notification": {"\#(apnsID)": {"title": "Hola"}}}"#)
    #expect(status == 200)
    #expect(object["passed"] as? Bool == true)
    #expect((object["failures"] as? [Any])?.isEmpty == true)
  }

  @Test func aCheckThatFailsIsWordedAsRunWordsIt() async throws {
    let running = try await ServeEndpointTests.Running()
    let (status, object) = try await Self.expect(running, #"{"badge": 2}"#)
    #expect(status == 200)
    #expect(object["passed"] as? Bool == false)
    let failures = try #require(object["failures"] as? [[String: Any]])
    #expect(failures.count == 1)
    #expect(failures.first?["path"] as? String == "badge")
    #expect(failures.first?["expected"] as? Int == 2)
    #expect(failures.first?["actual"] as? Int == 0)
    #expect((failures.first?["message"] as? String)?.contains("badge") == true)
  }

  @Test func anUnreadableCheckIsA400WithItsPosition() async throws {
    let running = try await ServeEndpointTests.Running()
    let (status, object) = try await Self.expect(running, #"{"badge": "three"}"#)
    #expect(status == 400)
    let message = try #require(object["error"] as? String)
    #expect(message.hasPrefix("request body:1:11: error:"))
  }
}
