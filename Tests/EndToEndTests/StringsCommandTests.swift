import Foundation
import PushSimTestSupport
import Testing

/// `pushsim strings lint|dump` run as a user runs them (CommandLine.md).
@Suite struct StringsCommandTests {
  static let snapshots = Repository.folder().appendingPathComponent("Snapshots/Strings")
  static let parserFixtures = "Tests/PushLocalizationTests/Fixtures/Strings/Parser"

  @Test func sampleAppIsClean() throws {
    let result = try CommandRunner.run(["strings", "lint", "Strings"])
    #expect(result.status == 0)
    #expect(result.standardOutput == "0 errors, 0 warnings in 11 files\n")
  }

  @Test func lintReportsEveryEdgeCaseWithPositions() throws {
    let result = try CommandRunner.run(["strings", "lint", Self.parserFixtures])
    #expect(result.status == 1)
    Golden.assertMatches(
      result.standardOutput,
      golden: Self.snapshots.appendingPathComponent("lint-parser-fixtures.txt"))
  }

  @Test func lintFindsMissingKeysDuplicatesAndSpecifiers() throws {
    let result = try CommandRunner.run(
      ["strings", "lint", "Tests/EndToEndTests/Fixtures/Strings/MissingKey"])
    #expect(result.status == 0)
    Golden.assertMatches(
      result.standardOutput, golden: Self.snapshots.appendingPathComponent("lint-missing-key.txt"))
  }

  @Test func lintJSON() throws {
    let result = try CommandRunner.run([
      "strings", "lint", "--format", "json", "\(Self.parserFixtures)/nbsp-truncation.strings",
    ])
    #expect(result.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect(object["errors"] as? Int == 1)
    #expect(object["files"] as? Int == 1)
    let first = try #require((object["diagnostics"] as? [[String: Any]])?.first)
    #expect(first["code"] as? String == "silent-truncation")
    #expect(first["line"] as? Int == 2)
    #expect(first["column"] as? Int == 13)
    #expect(first["source"] as? String == "lint")
  }

  @Test func dumpCatalog() throws {
    let result = try CommandRunner.run(["strings", "dump", "Strings/Orders.xcstrings"])
    #expect(result.status == 0)
    Golden.assertMatches(
      result.standardOutput,
      golden: Self.snapshots.appendingPathComponent("dump-orders-xcstrings.json"))
  }

  @Test func dumpStringsdictAndUTF16() throws {
    let dict = try CommandRunner.run([
      "strings", "dump", "--format", "json", "Strings/cs.lproj/Localizable.stringsdict",
    ])
    #expect(dict.status == 0)
    Golden.assertMatches(
      dict.standardOutput, golden: Self.snapshots.appendingPathComponent("dump-cs-stringsdict.json")
    )
    let utf16 = try CommandRunner.run([
      "strings", "dump", "\(Self.parserFixtures)/utf16le-bom.strings",
    ])
    #expect(utf16.status == 0)
    #expect(
      utf16.standardOutput == "{\n  \"farewell\" : \"Adiós\",\n  \"greeting\" : \"Hola\"\n}\n")
  }

  @Test func dumpOfABrokenFileIsUnusable() throws {
    let result = try CommandRunner.run([
      "strings", "dump", "\(Self.parserFixtures)/missing-semicolon.strings",
    ])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.standardError.hasPrefix(
        "\(Self.parserFixtures)/missing-semicolon.strings:2:1: error: Missing ';'"))
  }

  @Test(arguments: [
    ["strings"], ["strings", "frob"], ["strings", "dump"], ["strings", "lint"],
    ["strings", "dump", "no/such/file.strings"], ["strings", "lint", "no/such/folder"],
    ["strings", "lint", "--format", "xml", "Strings"],
  ])
  func usageErrors(_ arguments: [String]) throws {
    let result = try CommandRunner.run(arguments)
    #expect(result.status == 2)
    #expect(!result.standardError.isEmpty)
  }

  @Test func help() throws {
    let result = try CommandRunner.run(["strings", "--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("pushsim strings lint PATH"))
  }
}

/// `pushsim validate --strings DIR` (CommandLine.md): every loc-key in every localization.
@Suite struct ValidateStringsTests {
  @Test func seedPayloadPassesAgainstTheSampleApp() throws {
    let result = try CommandRunner.run([
      "validate", "--push-type", "alert", "--strings", "Strings", "--format", "json",
      "Examples/payloads/sr-localized.json",
    ])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(!diagnostics.contains { ($0["code"] as? String)?.hasPrefix("loc-") == true })
  }

  @Test func missingKeyFailsValidation() throws {
    let payload = #"{"aps":{"alert":{"loc-key":"NO_SUCH_KEY","loc-args":["x"]}}}"#
    let result = try CommandRunner.run(
      ["validate", "--push-type", "alert", "--strings", "Strings", "-"], input: Data(payload.utf8))
    #expect(result.status == 1)
    #expect(
      result.standardOutput.contains(
        "loc-key \"NO_SUCH_KEY\" is missing from every localization (cs, en, es, sr, sr-Latn)"))
    #expect(result.standardOutput.contains("[loc-key-missing, device]"))
  }
}
