import Testing

@testable import PushScenario

/// `expect.events` may name the device's decision steps (`focus`, `level`, `provisional`,
/// `foreground`, `summary`, …) as well as the kinds ScenarioFormat.md lists "at least", so a
/// scenario can check that a choice rests on Rules.md (`source: model`).
@Suite struct DecisionEventCheckTests {
  @Test func aFocusDecisionCanBeCheckedWithItsSource() async throws {
    let scenario = try decodeScenario(
      """
      { "name": "focus",
        "device": { "focus": { "name": "Work", "allowedApps": [] } },
        "steps": [
          { "push": { "id": "p", "payload": { "aps": { "alert": "Hi", "sound": "default" } } } },
          { "expect": { "events": [
              { "kind": "focus", "push": "p", "source": "model" },
              { "kind": "presented", "push": "p", "source": "device" } ] } } ] }
      """)
    let result = await ScenarioRunner().run(scenario)
    #expect(result.failures.map(\.message) == [])
  }

  @Test func aDecisionWithTheWrongSourceFails() async throws {
    let scenario = try decodeScenario(
      """
      { "name": "focus",
        "device": { "focus": { "name": "Work" } },
        "steps": [
          { "push": { "id": "p", "payload": { "aps": { "alert": "Hi" } } } },
          { "expect": { "events": [ { "kind": "focus", "push": "p", "source": "device" } ] } } ] }
      """)
    let result = await ScenarioRunner().run(scenario)
    #expect(result.failures.map(\.path) == ["events[0]"])
  }

  @Test func anUnknownKindIsStillADecodingError() {
    let error = decodingError(
      """
      { "name": "x", "steps": [ { "expect": { "events": [ { "kind": "focuss" } ] } } ] }
      """)
    #expect(error?.contains("focuss") == true)
  }
}
