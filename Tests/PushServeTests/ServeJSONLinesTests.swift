import Foundation
import PushServe
import PushSimTestSupport
import Testing

/// `pushsim serve --format json`: one JSON object per line, each request's verdict and each
/// device event and finding with its source (`apns`, `device`, `model`, `lint`).
@Suite(.serialized) struct ServeJSONLinesTests {
  static func lines(_ running: ServeEndpointTests.Running) throws -> [[String: Any]] {
    try running.output.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
  }

  @Test func everyLineNamesItsSource() async throws {
    let running = try await ServeEndpointTests.Running(format: .json)
    // A top-level `badge` is a lint warning (shadowed-aps-key), the alert is delivered.
    let answer = try await offPool {
      try ServeEndpointTests.http1Blocking(
        running.server.port,
        ServeEndpointTests.post(
          "/3/device/\(ServeEndpointTests.token)", ServeEndpointTests.standard,
          body: #"{"aps":{"alert":"Hola"},"badge":2}"#))
    }
    #expect(answer.status == 200)
    let lines = try Self.lines(running)
    let request = try #require(lines.first { $0["type"] as? String == "request" })
    #expect(request["source"] as? String == "apns")
    #expect(request["status"] as? Int == 200)
    #expect(request["device"] as? String == "ana")
    let model = try #require(
      lines.first {
        $0["type"] as? String == "model"
          && ($0["message"] as? String)?.contains("speaks HTTP/1.1") == true
      })
    #expect(model["source"] as? String == "model")
    let delivered = try #require(lines.first { $0["kind"] as? String == "delivered" })
    #expect(delivered["type"] as? String == "event")
    #expect(delivered["source"] as? String == "device")
    #expect(delivered["diagnostics"] == nil)
    let finding = try #require(lines.first { $0["code"] as? String == "shadowed-aps-key" })
    #expect(finding["type"] as? String == "diagnostic")
    #expect(finding["source"] as? String == "lint")
    #expect(finding["device"] as? String == "ana")
    #expect(finding["push"] as? String == answer.headers["apns-id"])
  }

  @Test func textLinesTagTheVerdictWithApns() async throws {
    let running = try await ServeEndpointTests.Running()
    _ = try await offPool {
      try ServeEndpointTests.http1Blocking(
        running.server.port,
        ServeEndpointTests.post(
          "/3/device/\(ServeEndpointTests.token)", ServeEndpointTests.standard))
    }
    let line = try #require(running.output.split(separator: "\n").first { $0.contains("POST /3/") })
    #expect(line.hasSuffix("[apns]"))
  }
}
