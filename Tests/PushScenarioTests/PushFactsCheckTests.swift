import Testing

@testable import PushScenario

/// `expect.push` may name what APNs judged a request by (`bytes`, `pushType`, `priority`,
/// `collapseId`; Behavior.md §1.1, §2.2): the runner must give the checks those facts, not nulls.
@Suite struct PushFactsCheckTests {
  @Test func pushChecksSeeBytesPushTypePriorityAndCollapseID() async throws {
    let body = #"{"aps":{"alert":"Hi"}}"#
    let scenario = try decodeScenario(
      """
      {
        "name": "facts",
        "steps": [
          { "push": { "id": "a", "raw": \(quoted(body)), "headers": { "apns-collapse-id": "score" } } },
          { "push": { "id": "b", "payload": { "aps": { "content-available": 1 } },
                      "headers": { "apns-push-type": "background", "apns-priority": "5" } } },
          { "expect": { "push": {
              "a": { "bytes": \(body.utf8.count), "pushType": "alert", "priority": 10, "collapseId": "score" },
              "b": { "pushType": "background", "priority": 5, "collapseId": null } } } }
        ]
      }
      """)
    let result = await ScenarioRunner().run(scenario)
    #expect(result.failures.map(\.message) == [])
  }

  @Test func aWrongFactFails() async throws {
    let scenario = try decodeScenario(
      """
      { "name": "facts",
        "steps": [
          { "push": { "id": "a", "payload": { "aps": { "alert": "Hi" } } } },
          { "expect": { "push": { "a": { "priority": 5 } } } } ] }
      """)
    let result = await ScenarioRunner().run(scenario)
    #expect(result.failures.map(\.path) == ["push.a.priority"])
  }

  private func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
        of: "\"", with: "\\\"") + "\""
  }
}
