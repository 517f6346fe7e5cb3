import Foundation
import PushCore
import PushPayload
import PushSimTestSupport
import Testing

@testable import PushScenario

/// `expect.events` matches an event's `code` (Codes.md: "`code` is one of …"), and a check
/// written from Codes.md alone holds, or fails with a wrong code, in both the quick check read
/// off the log and the matcher on the built state.
@Suite struct EventCodeCheckTests {
  static let scenarioFile = "Scenarios/live-activities/ignored-push-codes.json"

  /// The bundled scenario, with `older-timestamp` replaced by `replacement` when given.
  static func scenario(replacing replacement: String? = nil) throws -> Scenario {
    let url = Repository.url(scenarioFile)
    var text = try String(contentsOf: url, encoding: .utf8)
    if let replacement {
      text = text.replacingOccurrences(
        of: #""code": "older-timestamp""#, with: #""code": "\#(replacement)""#)
    }
    let app = try String(
      contentsOf: url.deletingLastPathComponent().appendingPathComponent("delivery.app.json"),
      encoding: .utf8)
    return try decodeScenario(text, files: ["delivery.app.json": app])
  }

  @Test func aCheckWrittenFromCodesMDHolds() async throws {
    let result = await ScenarioRunner().run(try Self.scenario())
    #expect(result.failures.map(\.message) == [])
    let ignored = result.events.filter { $0.kind == .activityIgnored }
    #expect(
      ignored.map { $0.details["code"] } == [
        JSONValue(.string(ActivityIgnoredCode.olderTimestamp.rawValue)),
        JSONValue(.string(ActivityIgnoredCode.activityEnded.rawValue)),
      ])
    // The words stay in `reason`.
    #expect(ignored.allSatisfy { $0.reason.contains(" ") })
  }

  @Test(arguments: ["far-future-timestamp", "older_timestamp", "activity-ended"])
  func theSameCheckWithAWrongCodeFails(code: String) async throws {
    let result = await ScenarioRunner().run(try Self.scenario(replacing: code))
    #expect(result.failures.map(\.path) == ["events[0]"])
    #expect(result.failures.first?.step == 5)
    #expect(result.failures.first?.message.contains(code) == true)
  }

  /// The quick check and the matcher agree on `code`, right and wrong.
  @Test func theQuickCheckAndTheMatcherAgreeOnCode() async throws {
    let result = await ScenarioRunner().run(try Self.scenario())
    guard case .device(let device) = result.final else {
      Issue.record("the played scenario keeps no device")
      return
    }
    for (code, holds) in [
      ("older-timestamp", true), ("activity-ended", true), ("far-future-timestamp", false),
    ] {
      let check = JSONValue(
        .object(
          JSONObject([
            JSONMember(key: "kind", value: "activity.ignored"),
            JSONMember(key: "code", value: JSONValue(.string(code))),
          ])))
      let checks = JSONObject([JSONMember(key: "events", value: JSONValue(.array([check])))])
      let failures = ExpectationMatcher.failures(
        expected: checks, actual: device.scenarioState(for: checks), step: 1)
      #expect(device.satisfiesDirectly(checks) == holds, "\(code)")
      #expect(failures.isEmpty == holds, "\(code)")
    }
  }

  @Test func aCodeThatIsNotAStringIsADecodingError() {
    let error = decodingError(
      #"{ "steps": [ { "expect": { "events": [ { "kind": "throttled", "code": 3 } ] } } ] }"#)
    #expect(error?.hasPrefix("x.json:1:") == true, "\(error ?? "no error")")
  }
}
