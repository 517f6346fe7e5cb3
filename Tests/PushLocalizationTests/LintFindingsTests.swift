import Foundation
import PushCore
import PushSimTestSupport
import Testing

@testable import PushLocalization

/// What shipping apps' tables showed (issue 14): plural forms judged by the numbers a value can
/// take, specifiers that matter only in a push's loc-key, literal percent signs, silent
/// truncation at an unterminated comment, empty files, and hostile tables that must not hang.
@Suite struct LintFindingsTests {
  // MARK: - Plural forms whole numbers reach

  /// A `.stringsdict` with one entry whose variable `n` has `forms` and value type `valueType`.
  static func stringsdict(
    forms: [String: String], valueType: String? = "d", format: String = "%#@n@"
  ) -> Data {
    var variable =
      "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
    if let valueType {
      variable += "<key>NSStringFormatValueTypeKey</key><string>\(valueType)</string>"
    }
    for (category, text) in forms.sorted(by: { $0.key < $1.key }) {
      variable += "<key>\(category)</key><string>\(text)</string>"
    }
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>files</key><dict>
      <key>NSStringLocalizedFormatKey</key><string>\(format)</string>
      <key>n</key><dict>\(variable)</dict>
      </dict></dict></plist>
      """
    return Data(xml.utf8)
  }

  static func codes(_ file: StringsdictFile) -> [DiagnosticCode] { file.diagnostics.map(\.code) }

  /// The categories with `@integer` samples in CLDR's own data are exactly those the bounded
  /// evaluation finds, for every language group in the table.
  @Test(arguments: CLDRPluralRuleTable.groups.map(\.locales))
  func wholeNumberCategoriesAgreeWithCLDRIntegerSamples(_ locales: String) throws {
    let group = try #require(CLDRPluralRuleTable.groups.first { $0.locales == locales })
    let language = String(locales.split(separator: " ").first ?? "")
    let rules = PluralRules.forLanguage(language.replacingOccurrences(of: "_", with: "-"))
    let expected = Set(group.rules.filter { $0.condition.contains("@integer") }.map(\.category))
    let found = Set(rules.integerCategories().map(\.category))
    #expect(found == expected, "\(language)")
  }

  @Test func russianWholeNumbersNeverSelectOther() throws {
    let ru = PluralRules.forLanguage("ru").integerCategories()
    #expect(ru.map(\.category) == [.one, .few, .many])
    #expect(ru.first { $0.category == .many }?.examples == [0, 5, 6])
    // French `many` is only reached by multiples of a million: the bound covers the period.
    let fr = PluralRules.forLanguage("fr").integerCategories()
    #expect(fr.first { $0.category == .many }?.examples == [1_000_000, 2_000_000, 3_000_000])
    #expect(fr.first { $0.category == .many }?.hasMore == true)
  }

  @Test(arguments: ["ru", "uk", "be", "pl"])
  func integerPluralWithOneFewManyLacksNothing(_ language: String) {
    let data = Self.stringsdict(forms: ["one": "%d one", "few": "%d few", "many": "%d many"])
    for valueType in ["d", "ld", "lld", "u", "lu", "i", "%ld"] {
      let file = StringsdictFile.read(
        data: Self.stringsdict(
          forms: ["one": "%d one", "few": "%d few", "many": "%d many"], valueType: valueType),
        file: "\(language).stringsdict", language: language)
      #expect(Self.codes(file).isEmpty, "\(language) \(valueType): \(file.diagnostics)")
    }
    // Read from `<language>.lproj`, the language comes from the folder.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lint-\(UUID().uuidString)/\(language).lproj")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let url = folder.appendingPathComponent("Localizable.stringsdict")
    try? data.write(to: url)
    #expect(StringsdictFile.read(contentsOf: url).diagnostics.isEmpty)
  }

  @Test func anUnreachableOtherStandsInForOneMissingCategory() throws {
    // Polish integers never select `other`: its form serves `many` (5, 6, 7…) alone.
    let polish = StringsdictFile.read(
      data: Self.stringsdict(forms: ["one": "%d post", "few": "%d posty", "other": "%d postów"]),
      file: "pl.stringsdict", language: "pl")
    #expect(polish.diagnostics.isEmpty)
    // With two categories missing, one of them prints the wrong form.
    let two = StringsdictFile.read(
      data: Self.stringsdict(forms: ["one": "%d post", "other": "%d postów"]),
      file: "pl.stringsdict", language: "pl")
    #expect(two.diagnostics.map(\.code) == [.pluralFormMissing])
    // A decimal value can select `other`, so its form is not free to stand in.
    let decimal = StringsdictFile.read(
      data: Self.stringsdict(
        forms: ["one": "%f post", "few": "%f posty", "other": "%f postów"], valueType: "f"),
      file: "pl.stringsdict", language: "pl")
    #expect(decimal.diagnostics.map(\.code) == [.pluralFormMissing])
  }

  @Test func multiplesOfAMillionAloneAreNoGapBesideOther() throws {
    let french = StringsdictFile.read(
      data: Self.stringsdict(forms: ["one": "%d fichier", "other": "%d fichiers"]),
      file: "fr.stringsdict", language: "fr")
    #expect(french.diagnostics.isEmpty)
    // Without `other`, a million prints nothing: reported.
    let noOther = StringsdictFile.read(
      data: Self.stringsdict(forms: ["one": "%d fichier", "many": "%d de fichiers"]),
      file: "fr.stringsdict", language: "fr")
    #expect(noOther.diagnostics.first?.code == .pluralOtherMissing)
  }

  @Test func decimalValuesCanSelectOther() throws {
    let file = StringsdictFile.read(
      data: Self.stringsdict(
        forms: ["one": "%f one", "few": "%f few", "many": "%f many"], valueType: "f"),
      file: "ru.stringsdict", language: "ru")
    let finding = try #require(file.diagnostics.first)
    #expect(finding.code == .pluralOtherMissing)
    #expect(finding.message.contains("'other' (decimals)"))
  }

  @Test func russianWithOnlyOneAndOtherMissesFewAndMany() throws {
    let file = StringsdictFile.read(
      data: Self.stringsdict(forms: ["one": "%d файл", "other": "%d файлов"]),
      file: "ru.stringsdict", language: "ru")
    let finding = try #require(file.diagnostics.first)
    #expect(file.diagnostics.count == 1)
    #expect(finding.code == .pluralFormMissing)
    #expect(finding.severity == .warning)
    #expect(finding.message.contains("'few' (2, 3, 4…), 'many' (0, 5, 6…)"))
    #expect(finding.message.contains("print the 'other' form"))
  }

  @Test func aReachableOtherThatIsMissingPrintsNothing() throws {
    let file = StringsdictFile.read(
      data: Self.stringsdict(forms: ["one": "%d file"]), file: "en.stringsdict", language: "en")
    let finding = try #require(file.diagnostics.first)
    #expect(finding.code == .pluralOtherMissing)
    #expect(finding.message.contains("'other' (0, 2, 3…)"))
    #expect(finding.message.contains("print nothing"))
    // A `zero` form takes 0 (Localization.md §2.3): then 0 is no example of `other`.
    let withZero = StringsdictFile.read(
      data: Self.stringsdict(forms: ["zero": "none", "one": "%d file"]), file: "en.stringsdict",
      language: "en")
    #expect(withZero.diagnostics.first?.message.contains("'other' (2, 3, 4…)") == true)
  }

  @Test func withoutALanguageOnlyAMissingOtherIsReported() {
    let file = StringsdictFile.read(
      data: Self.stringsdict(forms: ["one": "%d", "few": "%d", "many": "%d"]),
      file: "Base.stringsdict")
    #expect(Self.codes(file) == [.pluralOtherMissing])
    let complete = StringsdictFile.read(
      data: Self.stringsdict(forms: ["one": "%d", "other": "%d"]), file: "Base.stringsdict")
    #expect(complete.diagnostics.isEmpty)
  }

  @Test func catalogPluralsAreJudgedTheSameWay() throws {
    func catalog(_ forms: [String]) -> Data {
      let plural = forms.map { #""\#($0)": {"stringUnit": {"value": "%lld \#($0)"}}"# }
      return Data(
        """
        {"sourceLanguage": "en", "strings": {"FILES": {"localizations": {"ru": {
          "variations": {"plural": {\(plural.joined(separator: ", "))}}}}}}}
        """.utf8)
    }
    let complete = StringCatalog.read(data: catalog(["one", "few", "many"]), file: "c.xcstrings")
    #expect(complete.diagnostics.isEmpty, "\(complete.diagnostics)")
    let partial = StringCatalog.read(data: catalog(["one", "other"]), file: "c.xcstrings")
    let finding = try #require(partial.diagnostics.first)
    #expect(finding.code == .pluralFormMissing)
    #expect(finding.message.contains("the plural variation of \"FILES\" (ru)"))
    #expect(finding.message.contains("'few' (2, 3, 4…), 'many' (0, 5, 6…)"))
  }

  // MARK: - Specifiers that matter only in a push's loc-key

  static func folder(_ files: [String: String]) throws -> URL {
    try TemporaryFolder.writing(files, prefix: "lint")
  }

  static let uiStrings = """
    "COUNT" = "%d items";
    "SIZE" = "%.1f MB";
    "PUSH_BODY" = "%d new messages";
    "ACCURACY" = "not 100% accurate";
    "OK" = "%@ is ready";
    """

  @Test func numericSpecifiersAreOnlyCountedWithoutPushes() throws {
    let root = try Self.folder(["en.lproj/Localizable.strings": Self.uiStrings])
    defer { try? FileManager.default.removeItem(at: root) }
    let report = StringsLinter().lint(paths: [root.path])
    #expect(!report.diagnostics.contains { $0.code == .unsupportedSpecifier })
    let summary = try #require(report.diagnostics.first { $0.code == .numericSpecifiers })
    #expect(summary.severity == .info)
    #expect(summary.message.hasPrefix("3 keys use specifiers other than %@"))
    #expect(report.warningCount == 1)  // the literal percent sign
  }

  @Test func numericSpecifiersWarnInTheKeysAPushUses() throws {
    let root = try Self.folder(["en.lproj/Localizable.strings": Self.uiStrings])
    defer { try? FileManager.default.removeItem(at: root) }
    let report = StringsLinter(pushKeys: ["PUSH_BODY", "OK"]).lint(paths: [root.path])
    let warnings = report.diagnostics.filter { $0.code == .unsupportedSpecifier }
    #expect(warnings.count == 1)
    #expect(warnings.first?.message.contains("\"PUSH_BODY\" is a push's loc-key") == true)
    #expect(warnings.first?.location?.line == 3)
    #expect(
      report.diagnostics.first { $0.code == .numericSpecifiers }?.message.hasPrefix(
        "2 keys use") == true)
  }

  @Test func aLiteralPercentSignIsNotAConversion() throws {
    let root = try Self.folder(["en.lproj/Localizable.strings": Self.uiStrings])
    defer { try? FileManager.default.removeItem(at: root) }
    let report = StringsLinter().lint(paths: [root.path])
    let finding = try #require(report.diagnostics.first { $0.code == .literalPercent })
    #expect(finding.message.contains("'% a'"))
    #expect(finding.message.contains("%%"))
    #expect(finding.location?.line == 4)
    #expect(!report.diagnostics.contains { $0.message.contains("uses '% a'") })
  }

  /// `%n` (printf's write-to-memory conversion, with any position, flags or length) is never
  /// valid in a localized string: an error wherever it is, push key or not, plural form too.
  @Test func aWriteToMemorySpecifierIsAnError() throws {
    let strings = """
      "A" = "Sent %n bytes";
      "B" = "%1$@ then %2$lln";
      "C" = "fine %@, 100%% sure, %d items";
      "D" = "%hn%hn";
      """
    let dict = String(
      decoding: Self.stringsdict(forms: ["one": "%d item", "other": "%d items%n"]), as: UTF8.self)
    let root = try Self.folder([
      "en.lproj/Localizable.strings": strings, "en.lproj/Localizable.stringsdict": dict,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let report = StringsLinter().lint(paths: [root.path])
    let findings = report.diagnostics.filter { $0.code == .writeSpecifier }
    #expect(findings.map(\.location?.line) == [1, 2, 4, 2])
    #expect(findings.allSatisfy { $0.severity == .error && $0.source == .lint })
    let first = try #require(findings.first)
    #expect(
      first.message
        == "\"A\" has '%n', printf's conversion that writes to memory through its argument: "
        + "it is never valid in a localized string; remove it")
    #expect(findings[1].message.hasPrefix("\"B\" has '%2$lln'"))
    #expect(findings[3].message.hasPrefix("\"files\" has '%n'"))
    #expect(report.errorCount == 4)
    // The formatter prints it as written, as before.
    let formatted = LocalizedFormatter(language: "en").format("a%nb", arguments: [])
    #expect(formatted.text == "a%nb")
  }

  @Test func renderingALiteralPercentSignSaysHowToWriteIt() throws {
    let result = LocalizedFormatter(language: "en").format("100% accurate", arguments: [])
    let finding = try #require(result.diagnostics.first { $0.code == .literalPercent })
    #expect(finding.message == "'% a' reads as a conversion; a literal percent sign is written %%")
    #expect(
      LocalizedFormatter(language: "en").format("100%% sure", arguments: []).diagnostics.isEmpty)
  }

  // MARK: - What the device does not see

  @Test func unterminatedCommentCountsTheEntriesAfterItsWords() throws {
    let text = "\"a\" = \"A\";\n/* Greeting for the user\n\"b\" = \"B\";\n\"c\" = \"C\";\n"
    let file = StringsFile.read(data: Data(text.utf8), file: "c.strings")
    #expect(file.values == ["a": .string("A")])
    #expect(file.unseenEntryCount == 2)
    let finding = try #require(file.diagnostics.first)
    #expect(finding.code == .silentTruncation)
    #expect(finding.severity == .error)
    #expect(finding.location?.line == 2)
    #expect(finding.message.contains("the 2 entries after this point"))
  }

  @Test func anEmptyFileIsAnEmptyTableWithANote() throws {
    let file = StringsFile.read(data: Data(), file: "ar.strings")
    #expect(!file.isLoaded)  // as plutil, which refuses the file
    #expect(file.table.count == 0)
    let finding = try #require(file.diagnostics.first)
    #expect(file.diagnostics.count == 1)
    #expect(finding.code == .stringsEmptyFile)
    #expect(finding.severity == .info)
    let root = try Self.folder(["ar.lproj/Localizable.strings": ""])
    defer { try? FileManager.default.removeItem(at: root) }
    let url = root.appendingPathComponent("ar.lproj/Localizable.strings")
    let dump = StringsDump.dump(contentsOf: url)
    #expect(dump.value == .dictionary([:]))
    #expect(StringsLinter().lint(paths: [root.path]).errorCount == 0)
  }

  // MARK: - Hostile tables

  static func plural(_ variables: [String: String]) -> LocalizedValue {
    .plural(
      PluralFormat(
        format: "%#@a@",
        variables: variables.mapValues { PluralVariable(valueType: "d", variants: [.other: $0]) }
      ))
  }

  @Test func aVariableInsideItsOwnFormsEnds() throws {
    let selfish = Self.plural(["a": String(repeating: "%#@a@ ", count: 30)])
    let result = LocalizedFormatter(language: "en").format(selfish, arguments: ["1"])
    #expect(result.text.utf8.count < 1_000)
    let cycle = try #require(result.diagnostics.first { $0.code == .pluralVariableCycle })
    #expect(cycle.severity == .error)
    #expect(cycle.message.contains("a → a"))
    #expect(result.diagnostics.filter { $0.code == .pluralVariableCycle }.count == 1)
    let mutual = Self.plural([
      "a": String(repeating: "%1$#@b@ ", count: 30), "b": String(repeating: "%1$#@a@ ", count: 30),
    ])
    let second = LocalizedFormatter(language: "en").format(mutual, arguments: ["1"])
    #expect(second.diagnostics.contains { $0.message.contains("a → b → a") })
    if case .plural(let format) = mutual {
      #expect(format.variableCycles == [["a", "b", "a"]])
    }
  }

  @Test func expansionStopsAtItsLimits() throws {
    // Seven distinct variables each using the next thirty times: 30^7 uses without a cycle.
    var variables: [String: String] = [:]
    let names = ["a", "b", "c", "d", "e", "f", "g"]
    for (index, name) in names.enumerated() {
      variables[name] =
        index + 1 < names.count
        ? String(repeating: "%1$#@\(names[index + 1])@", count: 30) : "word "
    }
    let result = LocalizedFormatter(language: "en").format(
      Self.plural(variables), arguments: ["1"])
    #expect(result.text.utf8.count <= LocalizedFormatter.outputLimit + 100)
    let limit = try #require(result.diagnostics.first { $0.code == .formatExpansionLimit })
    #expect(limit.severity == .error)
    #expect(limit.message.contains("a → b"))
  }

  @Test func stringsdictAndCatalogReportCyclesWithTheChain() throws {
    let dict = StringsdictFile.read(
      data: Self.stringsdict(forms: ["one": "%#@n@", "other": "x"]), file: "en.stringsdict",
      language: "en")
    let finding = try #require(dict.diagnostics.first { $0.code == .pluralVariableCycle })
    #expect(finding.message.contains("(n → n)"))
    #expect(finding.severity == .error)
    let catalog = """
      {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {
        "stringUnit": {"state": "translated", "value": "%#@x@"},
        "substitutions": {"x": {"argNum": 1, "formatSpecifier": "lld",
          "variations": {"plural": {"other": {"stringUnit": {"value": "%#@x@ %#@x@"}}}}}}}}}}}
      """
    let read = StringCatalog.read(data: Data(catalog.utf8), file: "c.xcstrings")
    let cycles = read.diagnostics.filter { $0.code == .pluralVariableCycle }
    #expect(cycles.count == 1)
    #expect(cycles.first?.message.contains("(x → x)") == true)
  }

  @Test func anArgumentPositionBeyondIntIsNotMinusOne() throws {
    let result = LocalizedFormatter(language: "en").format(
      "%99999999999999999999999$@", arguments: ["a"])
    let finding = try #require(result.diagnostics.first { $0.code == .missingLocArg })
    #expect(!finding.message.contains("-1"))
    #expect(finding.message.contains("too large"))
    #expect(finding.message.contains("%99999999999999999999999$@"))
  }

  @Test func dumpReportsNaNAndInfinity() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>k</key><dict>
      <key>NSStringLocalizedFormatKey</key><string>x</string>
      <key>weight</key><real>nan</real><key>size</key><real>-inf</real></dict></dict></plist>
      """
    let root = try Self.folder(["en.lproj/Localizable.stringsdict": xml])
    defer { try? FileManager.default.removeItem(at: root) }
    let (value, diagnostics) = StringsDump.dump(
      contentsOf: root.appendingPathComponent("en.lproj/Localizable.stringsdict"))
    let error = try #require(diagnostics.first { $0.code == .dumpNonFiniteNumber })
    #expect(error.severity == .error)
    #expect(error.message.hasPrefix("k.size, k.weight hold NaN or infinity"))
    let json = try #require(value.map(StringsDump.json))
    #expect(json.contains("\"weight\" : \"nan\""))
    #expect(json.contains("\"size\" : \"-inf\""))
  }

  @Test func catalogSyntaxErrorsHaveTheirPosition() throws {
    let text = "{\n  \"sourceLanguage\": \"en\",\n  \"strings\" x\n}"
    let catalog = StringCatalog.read(data: Data(text.utf8), file: "bad.xcstrings")
    let finding = try #require(catalog.diagnostics.first)
    #expect(finding.code == .stringsSyntax)
    #expect(finding.location?.line == 3)
    #expect(finding.location?.column == 13)
  }
}
