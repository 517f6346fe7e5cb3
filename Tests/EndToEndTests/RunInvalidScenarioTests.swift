import Foundation
import PushSimTestSupport
import Testing

/// `pushsim run` on scenarios that cannot be used: exit status 2, nothing on standard output,
/// and one `path:line:column: error: message` line on standard error (CommandLine.md), compared
/// with a golden file per fixture.
@Suite struct RunInvalidScenarioTests {
  static let folder = Repository.folder().appendingPathComponent("Fixtures/invalid")

  static var fixtures: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".app.json") }.sorted()
  }

  @Test func thereAreAtLeastFifteenInvalidFixtures() {
    #expect(Self.fixtures.count >= 15)
  }

  @Test(arguments: fixtures)
  func invalidScenarioExitsWithStatusTwoAndThePosition(fixture: String) throws {
    let path = "Tests/EndToEndTests/Fixtures/invalid/\(fixture)"
    let result = try CommandRunner.run(["run", path])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.split(separator: "\n").count == 1)
    #expect(result.standardError.hasPrefix("Tests/EndToEndTests/Fixtures/invalid/"))
    let golden = Repository.folder().appendingPathComponent(
      "Snapshots/invalid/\(fixture.replacingOccurrences(of: ".json", with: ".txt"))")
    Golden.assertMatches(result.standardError, golden: golden)
  }

  @Test func aFolderWithAnInvalidScenarioRunsNothing() throws {
    let result = try CommandRunner.run(["run", "Tests/EndToEndTests/Fixtures/invalid"])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
  }

  @Test func badFlagsAreUsageErrors() throws {
    let format = try CommandRunner.run(["run", "--format", "xml", "Scenarios"])
    #expect(format.status == 2)
    #expect(
      format.standardError == "error: unknown format 'xml'; expected one of text, json, junit\n")
    let option = try CommandRunner.run(["run", "--filtre", "x"])
    #expect(option.status == 2)
    #expect(option.standardError == "error: unknown option '--filtre'\n")
    let missing = try CommandRunner.run(["run", "Scenarios/nowhere.json"])
    #expect(missing.status == 2)
    #expect(missing.standardError == "Scenarios/nowhere.json: error: no such file or folder\n")
  }
}
