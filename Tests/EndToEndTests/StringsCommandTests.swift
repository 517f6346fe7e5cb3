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

  // MARK: - Issue 14: lint without false alarms, hostile tables

  /// A temporary folder holding `files` (relative path → text); removed by the caller.
  static func folder(_ files: [String: String]) throws -> URL {
    try TemporaryFolder.writing(files, prefix: "strings")
  }

  static let missingKey = "Tests/EndToEndTests/Fixtures/Strings/MissingKey"

  @Test func numericSpecifiersWarnOnlyInKeysAPayloadUses() throws {
    let root = try Self.folder([
      "push.json": #"{"aps":{"alert":{"loc-key":"COUNT","loc-args":["3"]}}}"#,
      "other.apns": #"{"Simulator Target Bundle":"a.b","aps":{"alert":{"title-loc-key":"HELLO"}}}"#,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let plain = try CommandRunner.run(["strings", "lint", Self.missingKey])
    #expect(!plain.standardOutput.contains("[unsupported-specifier]"))
    #expect(plain.standardOutput.contains("info: 1 key uses specifiers other than %@"))
    let pushed = try CommandRunner.run([
      "strings", "lint", Self.missingKey, "--payload",
      root.appendingPathComponent("push.json").path,
      "--payload", root.appendingPathComponent("other.apns").path,
    ])
    #expect(pushed.status == 0)
    #expect(
      pushed.standardOutput.contains(
        "en.lproj/Localizable.strings:3:1: warning: \"COUNT\" is a push's loc-key and uses '%d'"))
    #expect(!pushed.standardOutput.contains("[numeric-specifiers]"))
    let missing = try CommandRunner.run([
      "strings", "lint", Self.missingKey, "--payload", "no/such/payload.json",
    ])
    #expect(missing.status == 2)
    #expect(missing.standardError.contains("no/such/payload.json: error:"))
  }

  @Test func anEmptyFileIsANoteAndDumpsAsAnEmptyTable() throws {
    let root = try Self.folder(["ar.lproj/Localizable.strings": ""])
    defer { try? FileManager.default.removeItem(at: root) }
    let lint = try CommandRunner.run(["strings", "lint", root.path])
    #expect(lint.status == 0)
    #expect(lint.standardOutput.contains("info: the file is empty"))
    #expect(lint.standardOutput.contains("[strings-empty-file]"))
    let dump = try CommandRunner.run([
      "strings", "dump", root.appendingPathComponent("ar.lproj/Localizable.strings").path,
    ])
    #expect(dump.status == 0)
    #expect(dump.standardOutput == "{\n\n}\n")
  }

  @Test func dumpOfNaNIsAnError() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>k</key><dict>
      <key>NSStringLocalizedFormatKey</key><string>x</string>
      <key>weight</key><real>nan</real></dict></dict></plist>
      """
    let root = try Self.folder(["en.lproj/Localizable.stringsdict": xml])
    defer { try? FileManager.default.removeItem(at: root) }
    let result = try CommandRunner.run([
      "strings", "dump", root.appendingPathComponent("en.lproj/Localizable.stringsdict").path,
    ])
    #expect(result.status == 1)
    #expect(result.standardOutput.contains("\"weight\" : \"nan\""))
    #expect(result.standardError.contains("k.weight holds NaN or infinity"))
  }

  /// `%#@a@` inside `a`, `a` and `b` using each other, and a catalog substitution using
  /// itself, thirty times per form: lint, render and validate end with the chain named.
  static func recursiveTables() throws -> URL {
    func variable(_ name: String, uses: String) -> String {
      let forms = String(repeating: "%1$#@\(uses)@ ", count: 30)
      return """
        <key>\(name)</key><dict><key>NSStringFormatSpecTypeKey</key>\
        <string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key>\
        <string>d</string><key>one</key><string>\(forms)</string>\
        <key>other</key><string>\(forms)</string></dict>
        """
    }
    let dict = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>SELF</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@a@</string>
      \(variable("a", uses: "a"))</dict>
      <key>MUTUAL</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@a@</string>
      \(variable("a", uses: "b"))\(variable("b", uses: "a"))</dict>
      </dict></plist>
      """
    let forms = String(repeating: "%#@x@ ", count: 30)
    let catalog = """
      {"sourceLanguage": "en", "strings": {"CAT": {"localizations": {"en": {
        "stringUnit": {"state": "translated", "value": "%#@x@"},
        "substitutions": {"x": {"argNum": 1, "formatSpecifier": "lld",
          "variations": {"plural": {"other": {"stringUnit": {"value": "\(forms)"}}}}}}}}}}}
      """
    return try folder([
      "Strings/en.lproj/Localizable.stringsdict": dict, "Strings/Cat.xcstrings": catalog,
      "mutual.json": #"{"aps":{"alert":{"loc-key":"MUTUAL","loc-args":["3"]}}}"#,
      "catalog.json": #"{"aps":{"alert":{"loc-key":"CAT","loc-args":["3"]}}}"#,
    ])
  }

  @Test func variablesThatUseThemselvesEndWithTheChainNamed() throws {
    let root = try Self.recursiveTables()
    defer { try? FileManager.default.removeItem(at: root) }
    let strings = root.appendingPathComponent("Strings").path
    let lint = try CommandRunner.run(["strings", "lint", strings])
    #expect(lint.status == 1)
    #expect(lint.standardOutput.contains("(a → a)"))
    #expect(lint.standardOutput.contains("(a → b → a)"))
    #expect(lint.standardOutput.contains("(x → x)"))
    for payload in ["mutual.json", "catalog.json"] {
      let path = root.appendingPathComponent(payload).path
      let render = try CommandRunner.run(["render", path, "--strings", strings])
      #expect(render.standardOutput.utf8.count < 100_000)
      #expect(render.standardOutput.contains("plural-variable-cycle"))
      let validate = try CommandRunner.run([
        "validate", "--push-type", "alert", "--strings", strings, path,
      ])
      #expect(validate.standardOutput.contains("[plural-variable-cycle, model]"))
    }
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
