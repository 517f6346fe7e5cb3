import PushDevice
import PushPayload
import PushSimTestSupport
import Testing

@testable import PushScenario

/// `expect.noEvents` and `expect.noDiagnostics` (ScenarioFormat.md, expect): no event or
/// finding so far matches any element written; the quick check read off the logs and the
/// matcher on the built state agree.
@Suite struct NegativeCheckTests {
  static func played(_ checks: String) async throws -> ScenarioResult {
    let scenario = try decodeScenario(
      """
      { "app": { "backgroundModes": ["remote-notification"] }, "steps": [
        { "push": { "id": "m1", "payload": { "aps": { "alert": "Hi", "badge": "3" } } } },
        { "push": { "id": "m2", "payload": { "aps": { "content-available": 1 } },
          "headers": { "apns-push-type": "background", "apns-priority": "5" } } },
        { "expect": \(checks) } ] }
      """)
    return await ScenarioRunner().run(scenario)
  }

  @Test(arguments: [
    #"{ "noEvents": [ { "kind": "throttled" }, { "kind": "delivered", "push": "m2" } ] }"#,
    #"{ "noEvents": [ { "kind": "discarded", "code": "force-quit" } ] }"#,
    #"{ "noDiagnostics": [ { "code": "badge-string", "push": "m2" }, { "code": "aps-missing" } ] }"#,
    #"{ "noEvents": [], "noDiagnostics": [] }"#,
  ])
  func aNegativeCheckHoldsWhenNothingMatches(checks: String) async throws {
    let result = try await Self.played(checks)
    #expect(result.failures.map(\.message) == [])
  }

  @Test func aNegativeCheckFailsNamingWhatHappened() async throws {
    let result = try await Self.played(
      #"""
      { "noEvents": [ { "kind": "throttled" }, { "kind": "delivered", "push": "m1" } ],
        "noDiagnostics": [ { "code": "badge-string" } ] }
      """#)
    #expect(result.failures.map(\.path) == ["noEvents[1]", "noDiagnostics[0]"])
    let event = try #require(result.failures.first)
    #expect(
      event.message.hasPrefix(
        #"noEvents[1]: expected no event matching {"kind":"delivered","push":"m1"}, found {"#))
    #expect(event.actual?.arrayValue?.count == 1)
    let finding = try #require(result.failures.last)
    #expect(finding.message.hasPrefix("noDiagnostics[0]: expected no diagnostic matching"))
  }

  @Test func anUnknownKindInANegativeCheckIsADecodingError() {
    let error = decodingError(
      #"{ "steps": [ { "expect": { "noEvents": [ { "kind": "delivred" } ] } } ] }"#)
    #expect(error?.contains(#"did you mean "delivered"?"#) == true, "\(error ?? "no error")")
  }

  /// Random negative checks of the bundled scenarios' devices: their own elements (which
  /// happened), parts of them, altered ones, with and without their push.
  @Test func theQuickCheckAgreesWithTheMatcher() async throws {
    let (holding, checked) = try await DirectCheckTests.checkAgreement(
      of: ("noEvents", "noDiagnostics"), rounds: 10, seed: 37
    ) { log, random in
      (0..<(1 + random.below(2))).map { _ -> JSONValue in
        var expected = DirectCheckTests.expectation(
          of: log[random.below(log.count)], depth: 1, using: &random)
        if random.below(2) == 0, let object = expected.objectValue {
          // Another push, kind or code: often nothing matches.
          expected = JSONValue(
            .object(
              JSONObject(
                object.members.map { member in
                  ["push", "kind", "code"].contains(member.key) && random.below(2) == 0
                    ? JSONMember(key: member.key, value: "m404") : member
                })))
        }
        return expected
      }
    }
    #expect(holding > checked / 10)
    #expect(holding < checked * 9 / 10)
  }
}
