import Foundation
import PushCore
import PushLocalization
import PushSimTestSupport
import Testing

/// `.stringsdict` (Localization.md §2) and `.xcstrings` (Localization.md §3), and the sample app's
/// `Strings/` folder.
@Suite struct StringsdictAndCatalogTests {
  static let strings = Repository.url("Strings")
  static let fixtures = Repository.folder().appendingPathComponent("Fixtures/Strings")

  static func localizer(_ languages: [String]) -> AlertLocalizer {
    let (bundle, _) = StringsBundle.load(folder: strings, developmentRegion: "en")
    return AlertLocalizer(bundle: bundle, preferredLanguages: languages)
  }

  @Test func sampleAppLoadsWithoutFindings() {
    let (bundle, diagnostics) = StringsBundle.load(folder: Self.strings, developmentRegion: "en")
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(bundle.localizations == ["cs", "en", "es", "sr", "sr-Latn"])
    for localization in bundle.localizations {
      let table = bundle.table(for: localization)
      for key in ["NEW_MESSAGE_TITLE", "NEW_MESSAGE_BODY", "UNREAD_MESSAGES", "ORDER_SHIPPED_BODY"]
      {
        #expect(table[key] != nil, "\(localization) lacks \(key)")
      }
    }
  }

  struct SeedCase: Sendable {
    var languages: [String]
    var sender: String
    var text: String
    var title: String
  }

  /// The seed articles' localized payload (NEW_MESSAGE_TITLE / NEW_MESSAGE_BODY).
  @Test(arguments: [
    SeedCase(languages: ["es-MX"], sender: "Ana", text: "¡Hola!", title: "Nuevo mensaje de Ana"),
    SeedCase(languages: ["cs-CZ"], sender: "Anna", text: "Ahoj!", title: "Nová zpráva od Anna"),
    SeedCase(languages: ["sr-RS"], sender: "Ана", text: "Здраво!", title: "Нова порука од Ана"),
    SeedCase(
      languages: ["sr-Latn-RS"], sender: "Ana", text: "Zdravo!", title: "Nova poruka od Ana"),
    SeedCase(languages: ["de", "fr"], sender: "Ana", text: "Hi!", title: "New message from Ana"),
  ])
  func seedPayload(_ seed: SeedCase) {
    let alert = Self.localizer(seed.languages).localize(
      AlertLocalizationInput(
        title: .title(locKey: "NEW_MESSAGE_TITLE", arguments: [seed.sender]),
        body: .body(locKey: "NEW_MESSAGE_BODY", arguments: [seed.text])))
    #expect(alert.title == seed.title)
    #expect(alert.body == seed.text)
    #expect(alert.diagnostics.isEmpty)
  }

  @Test(arguments: [
    ("en", "0", "No unread messages"), ("en", "1", "You have 1 unread message"),
    ("en", "2", "You have 2 unread messages"),
    ("es", "1000000", "Tienes 1000000 de mensajes sin leer"),
    ("es", "0", "No hay mensajes sin leer"), ("cs", "3", "Máte 3 nepřečtené zprávy"),
    ("cs", "5", "Máte 5 nepřečtených zpráv"), ("cs", "0", "Máte 0 nepřečtených zpráv"),
    ("sr", "21", "Имате 21 непрочитану поруку"), ("sr", "22", "Имате 22 непрочитане поруке"),
    ("sr", "11", "Имате 11 непрочитаних порука"), ("sr-Latn", "2", "Imate 2 nepročitane poruke"),
  ])
  func unreadPlural(_ language: String, _ count: String, _ expected: String) {
    let alert = Self.localizer([language]).localize(
      AlertLocalizationInput(body: .body(locKey: "UNREAD_MESSAGES", arguments: [count])))
    #expect(alert.body == expected)
    #expect(alert.diagnostics.isEmpty, "\(alert.diagnostics)")
  }

  @Test func pluralArgumentThatIsNotANumber() {
    let alert = Self.localizer(["en"]).localize(
      AlertLocalizationInput(body: .body(locKey: "UNREAD_MESSAGES", arguments: ["many"])))
    #expect(alert.body == "You have many unread messages")
    #expect(alert.diagnostics.map(\.code) == [.pluralArgNotNumber])
    #expect(alert.diagnostics.first?.path == "aps.alert.loc-args[0]")
  }

  @Test func reorderedPositionalFormat() {
    let alert = Self.localizer(["cs"]).localize(
      AlertLocalizationInput(body: .body(locKey: "COMMENT_ON_POST", arguments: ["Eva", "Výlet"])))
    #expect(alert.body == "Nový komentář k Výlet od Eva")
  }

  @Test func catalogDeviceVariationAndSubstitution() {
    let english = Self.localizer(["en"]).localize(
      AlertLocalizationInput(
        title: .title(locKey: "ORDER_SHIPPED_TITLE"),
        body: .body(locKey: "ORDER_SHIPPED_BODY", arguments: ["1", "Acme"])))
    #expect(english.title == "Your order is on its way")
    #expect(english.body == "1 item from Acme shipped")
    #expect(english.diagnostics.isEmpty, "\(english.diagnostics)")
    let czech = Self.localizer(["cs"]).localize(
      AlertLocalizationInput(body: .body(locKey: "ORDER_SHIPPED_BODY", arguments: ["3", "Acme"])))
    #expect(czech.body == "Z obchodu Acme odešly 3 položky")
    let serbian = Self.localizer(["sr"]).localize(
      AlertLocalizationInput(body: .body(locKey: "ORDER_DELAYED", arguments: ["2"])))
    #expect(serbian.body == "Поруџбина касни 2 дана")
    #expect(serbian.diagnostics.isEmpty, "\(serbian.diagnostics)")
  }

  @Test func categorySummaryThroughStringsdict() {
    let localizer = Self.localizer(["cs"])
    #expect(
      localizer.format("MORE_NOTIFICATIONS", arguments: [.number(3)]).text == "3 další oznámení")
    #expect(
      localizer.format("MORE_NOTIFICATIONS", arguments: [.number(7)]).text == "7 dalších oznámení")
    #expect(localizer.format("%u more", arguments: [.number(2)]).text == "2 more")
  }

  @Test func nestedAndMultipleVariables() throws {
    let file = StringsdictFile.read(
      contentsOf: Self.fixtures.appendingPathComponent("Stringsdict/nested.stringsdict"),
      name: "nested.stringsdict")
    let formatter = LocalizedFormatter(language: "cs")
    let position = try #require(file.entries["POSITION"])
    #expect(
      formatter.format(.plural(position), arguments: ["1", "3"]).text
        == "1. položka z 3 celkově (few)")
    #expect(
      formatter.format(.plural(position), arguments: ["5", "1"]).text == "5. položek z 1 celkem")
    let two = try #require(file.entries["TWO_VARIABLES"])
    let result = formatter.format(.plural(two), arguments: ["1", "4"])
    #expect(result.text == "1 soubor in 4 složkách")
    #expect(result.diagnostics.isEmpty)
    #expect(file.entries["NO_FORMAT"] == nil)
    let codes = file.diagnostics.map(\.code).sorted()
    #expect(codes == [.pluralVariableMissing, .stringsdictEntry])
    #expect(file.diagnostics.allSatisfy { $0.location?.line != nil && $0.location?.line != 1 })
  }

  @Test func zeroRuleOnlyWhenPresent() {
    let variable = PluralVariable(variants: [.one: "%d file", .other: "%d files"])
    let plural = PluralFormat(format: "%#@n@", variables: ["n": variable])
    #expect(
      LocalizedFormatter(language: "en").format(.plural(plural), arguments: ["0"]).text == "0 files"
    )
    var withZero = plural
    withZero.variables["n"]?.variants[.zero] = "none"
    #expect(
      LocalizedFormatter(language: "en").format(.plural(withZero), arguments: ["0"]).text == "none")
    #expect(
      LocalizedFormatter(language: "en").format(.plural(withZero), arguments: ["0.5"]).text
        == "0.5 files")
  }

  @Test func missingCategoryFallsBackToOther() {
    let variable = PluralVariable(variants: [.one: "%d soubor", .other: "%d souborů"])
    let plural = PluralFormat(format: "%#@n@", variables: ["n": variable])
    #expect(
      LocalizedFormatter(language: "cs").format(.plural(plural), arguments: ["3"]).text
        == "3 souborů")
  }

  @Test func catalogSourceLanguageUsesKeyWhenMissing() throws {
    let json =
      #"{"sourceLanguage":"en","strings":{"Hello %@":{},"K":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"V"}}}}}}"#
    let catalog = StringCatalog.read(data: Data(json.utf8), file: "c.xcstrings")
    #expect(catalog.tables["en"]?["Hello %@"] == .format("Hello %@"))
    #expect(catalog.tables["en"]?["K"] == .format("V"))
    let broken = StringCatalog.read(data: Data("{".utf8), file: "b.xcstrings")
    #expect(!broken.isLoaded)
    #expect(broken.diagnostics.first?.code == .stringsSyntax)
  }

  /// Issue 36: a catalog is read one key at a time (each key's tree built and let go), not as
  /// one `JSONSerialization` tree; what it reads is unchanged. A key written twice takes its
  /// last value, as Foundation reads it, and a finding points at its own key.
  @Test func catalogKeysAreReadOneAtATime() throws {
    let json = #"""
      {"sourceLanguage": "en", "strings": {
        "k": {"localizations": {"en": {"stringUnit": {"value": "first"}}}},
        "bad": {"localizations": {"en": {"variations": {"width": {}}}}},
        "k": {"localizations": {"en": {"stringUnit": {"value": "last"}},
                                "es": {"stringUnit": {"value": "último ✓"}}}}
      }}
      """#
    let catalog = StringCatalog.read(data: Data(json.utf8), file: "c.xcstrings")
    #expect(catalog.isLoaded)
    #expect(catalog.tables["en"]?["k"] == .format("last"))
    #expect(catalog.tables["es"]?["k"] == .format("último ✓"))
    let finding = try #require(catalog.diagnostics.first { $0.code == .catalogEntry })
    #expect(finding.message == #""bad": unknown variations ["width"]"#)
    #expect(finding.location?.line == 3)
    #expect(finding.location?.column == 3)
    let array = StringCatalog.read(
      data: Data(#"{"sourceLanguage": "en", "strings": []}"#.utf8), file: "a.xcstrings")
    #expect(!array.isLoaded)
    #expect(array.diagnostics.first?.code == .catalogStructure)
  }
}

/// How a strings folder becomes a bundle (Localization.md §2.2, §4.3).
@Suite struct StringsBundleTests {
  static func folder(_ files: [String: String]) throws -> URL {
    try TemporaryFolder.writing(files, prefix: "pushsim-bundle")
  }

  @Test func anLprojWithoutLocalizableIsStillALocalization() throws {
    let root = try Self.folder([
      "en.lproj/Localizable.strings": "\"K\" = \"Hello\";",
      "de.lproj/InfoPlist.strings": "\"CFBundleName\" = \"App\";",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let (bundle, diagnostics) = StringsBundle.load(folder: root, developmentRegion: "en")
    #expect(diagnostics.isEmpty)
    #expect(bundle.localizations == ["de", "en"])
    let alert = AlertLocalizer(bundle: bundle, preferredLanguages: ["de-DE"]).localize(
      AlertLocalizationInput(body: .body(locKey: "K")))
    #expect(alert.localization == "de")
    #expect(alert.body == "K")
    #expect(alert.diagnostics.map(\.code) == [.locKeyMissing])
  }

  @Test func stringsdictOverridesStringsAndBaseFillsIn() throws {
    let dict = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>K</key><dict>
      <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
      <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
      <key>one</key><string>one thing</string><key>other</key><string>%d things</string></dict>
      </dict></dict></plist>
      """
    let root = try Self.folder([
      "Base.lproj/Localizable.strings": "\"K\" = \"plain\"; \"B\" = \"from Base\";",
      "Base.lproj/Localizable.stringsdict": dict,
      "fr.lproj/Localizable.strings": "\"K\" = \"bonjour\";",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let (bundle, diagnostics) = StringsBundle.load(folder: root, developmentRegion: "en")
    #expect(diagnostics.isEmpty)
    let english = AlertLocalizer(bundle: bundle, preferredLanguages: ["en-US"])
    #expect(english.match.localization == "Base")
    #expect(english.localize(.init(body: .body(locKey: "K", arguments: ["1"]))).body == "one thing")
    let french = AlertLocalizer(bundle: bundle, preferredLanguages: ["fr"])
    // fr.lproj has its own .strings; its .stringsdict comes from Base (CFBundle's search order).
    #expect(french.localize(.init(body: .body(locKey: "K", arguments: ["2"]))).body == "2 things")
    #expect(french.localize(.init(body: .body(locKey: "B"))).body == "B")
  }

  @Test func aBrokenTableCountsAsEmptyWithAnError() throws {
    let root = try Self.folder(["en.lproj/Localizable.strings": "\"K\" = \"unterminated;"])
    defer { try? FileManager.default.removeItem(at: root) }
    let (bundle, diagnostics) = StringsBundle.load(folder: root, developmentRegion: "en")
    #expect(bundle.table(for: "en").count == 0)
    #expect(diagnostics.map(\.code) == [.stringsSyntax])
    #expect(diagnostics.first?.location?.file?.hasSuffix("en.lproj/Localizable.strings") == true)
  }
}

/// A `.stringsdict` that does not parse is reported at the line Foundation's reader names
/// (it gives no column, so the column is 1), not at 1:1.
@Suite struct StringsdictSyntaxPositionTests {
  func finding(_ text: String) throws -> Diagnostic {
    let file = StringsdictFile.read(data: Data(text.utf8), file: "broken.stringsdict")
    #expect(!file.isLoaded)
    let finding = try #require(file.diagnostics.first)
    #expect(finding.code == .stringsSyntax)
    return finding
  }

  @Test func anUnknownXMLTagIsReportedAtItsLine() throws {
    let finding = try finding(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>files</key>
        <strin>x</string>
      </dict>
      </plist>
      """)
    #expect(finding.location?.line == 5)
    #expect(finding.location?.column == 1)
    #expect(finding.message.contains("strin"), "\(finding.message)")
  }

  @Test func aFileCutShortIsReportedAtItsLastLine() throws {
    let finding = try finding(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>files</key>
        <string>x</string>
      """)
    #expect(finding.location?.line == 5)
  }

  @Test func anOldStylePropertyListErrorUsesTheTextReadersLine() throws {
    let finding = try finding("{\n  a = \"b\";\n  c = ;\n}\n")
    #expect(finding.location?.line == 3)
  }
}
