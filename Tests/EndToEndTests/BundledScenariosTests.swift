import Foundation
import PushSimTestSupport
import Testing

/// The bundled `Scenarios/` are the product's living documentation: every one must pass, and
/// every one must say what it shows.
@Suite struct BundledScenariosTests {
  @Test func everyBundledScenarioPasses() throws {
    let result = try CommandRunner.run(["run", "--format", "json", "Scenarios"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
      "stderr: \(result.standardError)")
    let scenarios = try #require(report["scenarios"] as? [[String: Any]])
    for scenario in scenarios where scenario["passed"] as? Bool != true {
      Issue.record("\(scenario["file"] ?? "?") failed: \(scenario["failures"] ?? "")")
    }
    #expect(result.status == 0)
    #expect(scenarios.count >= 30)
  }

  @Test func everyScenarioHasANameAndADescriptionCitingTheSpec() throws {
    let result = try CommandRunner.run(["run", "--format", "json", "Scenarios"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    for scenario in report["scenarios"] as? [[String: Any]] ?? [] {
      let file = scenario["file"] as? String ?? "?"
      guard !file.hasSuffix(".apns") else { continue }
      let description = scenario["description"] as? String ?? ""
      #expect(description.contains("§"), "\(file) names no spec section")
    }
  }
}
