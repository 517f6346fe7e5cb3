import PushLocalization
import Testing

/// Rules.md §3: the language choice, with the cases issue 3 lists.
@Suite struct LanguageMatcherTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var preferred: [String]
    var available: [String]
    var developmentRegion: String = "en"
    var expected: String
    var reason: LanguageMatcher.Reason
    var testDescription: String { "\(preferred) with \(available) → \(expected)" }
  }

  static let cases: [Case] = [
    Case(preferred: ["es-MX"], available: ["en", "es"], expected: "es", reason: .regionDropped),
    Case(
      preferred: ["sr-Latn-RS", "en"], available: ["en", "sr"], expected: "en", reason: .exact),
    Case(
      preferred: ["sr-Latn-RS", "en"], available: ["en", "sr", "sr-Latn"], expected: "sr-Latn",
      reason: .regionDropped),
    Case(
      preferred: ["zh-TW"], available: ["zh-Hans", "zh-Hant"], expected: "zh-Hant",
      reason: .regionDropped),
    Case(
      preferred: ["zh-CN"], available: ["zh-Hans", "zh-Hant"], expected: "zh-Hans",
      reason: .regionDropped),
    Case(
      preferred: ["zh-HK"], available: ["en", "zh-Hans"], expected: "en", reason: .developmentRegion
    ),
    Case(preferred: ["en-GB"], available: ["en"], expected: "en", reason: .regionDropped),
    Case(
      preferred: ["en"], available: ["en-GB", "de"], developmentRegion: "de", expected: "de",
      reason: .developmentRegion),
    Case(
      preferred: ["de"], available: ["cs", "en", "es"], developmentRegion: "cs", expected: "cs",
      reason: .developmentRegion),
    Case(
      preferred: ["pt-BR"], available: ["pt-PT", "pt-BR", "en"], expected: "pt-BR", reason: .exact),
    Case(
      preferred: ["pt-PT"], available: ["pt", "pt-PT", "en"], expected: "pt-PT", reason: .exact),
    Case(
      preferred: ["pt-BR"], available: ["pt-PT", "en"], expected: "en", reason: .developmentRegion),
    Case(
      preferred: ["pt-BR"], available: ["pt", "pt-PT", "en"], expected: "pt", reason: .regionDropped
    ),
    Case(
      preferred: ["sr-RS"], available: ["sr-Latn", "sr", "en"], expected: "sr",
      reason: .regionDropped),
    Case(preferred: ["sr-Cyrl"], available: ["sr", "en"], expected: "sr", reason: .exact),
    Case(preferred: ["ES_mx"], available: ["en", "es-MX"], expected: "es-MX", reason: .exact),
    Case(
      preferred: ["fr"], available: ["Base", "es"], expected: "Base", reason: .developmentRegion),
    Case(
      preferred: ["en-US"], available: ["Base", "es"], expected: "Base", reason: .regionDropped),
    Case(preferred: [], available: ["en", "es"], expected: "en", reason: .developmentRegion),
  ]

  @Test(arguments: cases)
  func choosesLocalization(_ test: Case) {
    let match = LanguageMatcher(developmentRegion: test.developmentRegion)
      .match(preferred: test.preferred, available: test.available)
    #expect(match.localization == test.expected)
    #expect(match.reason == test.reason)
  }

  @Test func baseMeansTheDevelopmentRegionsLanguage() {
    let match = LanguageMatcher(developmentRegion: "en").match(
      preferred: ["fr"], available: ["Base"])
    #expect(match.localization == "Base")
    #expect(match.language == "en")
  }

  @Test func impliedScripts() {
    #expect(LanguageTag("sr").effectiveScript == "cyrl")
    #expect(LanguageTag("zh-TW").effectiveScript == "hant")
    #expect(LanguageTag("zh_MO").effectiveScript == "hant")
    #expect(LanguageTag("zh").effectiveScript == "hans")
    #expect(LanguageTag("sr_Latn_RS").normalized == "sr-latn-rs")
    #expect(LanguageTag("es-419").region == "419")
  }
}
