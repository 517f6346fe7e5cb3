import PushDevice
import PushPayload
import Testing

@testable import PushScenario

/// The JSON report's `final` holds what `expect` checks (CommandLine.md): every section the
/// `expect` schema accepts is in `final`, and `final` holds nothing else. Two sections keep
/// the report's plural names (`push` → `pushes`, `notification` → `notifications`), and
/// `events` is the scenario's own list beside `final`.
@Suite struct ReportFinalSectionsTests {
  /// An `expect` section's name in the report, `nil` for `events` and `noEvents` (the
  /// scenario's events are listed beside `final`); `noDiagnostics` reads `diagnostics`.
  static func reportName(_ section: String) -> String? {
    switch section {
    case "push": "pushes"
    case "notification": "notifications"
    case "events", "noEvents": nil
    case "noDiagnostics": "diagnostics"
    default: section
    }
  }

  static func expectSections() throws -> [String] {
    guard case .object(let fields) = Schemas.expect else {
      throw ReportCheckError("the expect schema is not an object")
    }
    return fields.map(\.0)
  }

  struct ReportCheckError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  @Test(arguments: [
    #"{ "steps": [ { "push": { "payload": { "aps": { "alert": "Hi" } } } } ] }"#,
    #"""
    { "app": { "activities": [ { "type": "T", "contentState": { "n": "Int" } } ] },
      "device": { "iosVersion": "18" },
      "steps": [ { "set": { "app": { "state": "foreground" } } },
        { "startActivity": { "id": "a", "type": "T", "attributes": {}, "contentState": { "n": 1 } } } ] }
    """#,
  ])
  func finalHoldsEveryExpectSectionAndNothingElse(scenario text: String) async throws {
    let result = await ScenarioRunner().run(try decodeScenario(text))
    let scenario = try #require(JSONReporter().document([result])["scenarios"]?[0])
    let final = try #require(scenario["final"]?.objectValue)
    let checked = try Self.expectSections()
    let expected = Set(checked.compactMap(Self.reportName))
    let reported = Set(final.keys)
    for missing in expected.subtracting(reported).sorted() {
      Issue.record("expect checks `\(missing)`, which the report's final lacks")
    }
    for extra in reported.subtracting(expected).sorted() {
      Issue.record("the report's final holds `\(extra)`, which expect cannot check")
    }
    #expect(checked.contains("events"))
    #expect(scenario["events"]?.arrayValue != nil)
    #expect(checked.contains("noEvents"))
  }

  /// The sections' values are what a check of the same sections compares.
  @Test func theLiveActivitySectionsAreWhatAChecksReads() async throws {
    let result = await ScenarioRunner().run(
      try decodeScenario(
        #"""
        { "app": { "activities": [ { "type": "T", "contentState": { "n": "Int" } } ] },
          "steps": [ { "set": { "app": { "state": "foreground" } } },
            { "startActivity": { "id": "a", "type": "T", "attributes": {}, "contentState": { "n": 1 } } } ] }
        """#))
    let final = try #require(JSONReporter().document([result])["scenarios"]?[0]?["final"])
    #expect(final["dynamicIsland"] == "a")
    #expect(final["lockScreenActivities"] == JSONValue(.array(["a"])))
    #expect(final["activities"]?["a"]?["contentState"]?["n"] == 1)
    #expect(final["pushToStartToken"]?.stringValue != nil)
  }
}
