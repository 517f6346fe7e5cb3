import PushLocalization
import Testing

@testable import PushLocalization

/// CLDR plural rules (Localization.md §2.4): parsed from rule text, checked on every CLDR sample
/// and on the boundary numbers of each category for every language issue 3 lists.
@Suite struct PluralRulesTests {
  struct Boundary: Sendable, CustomTestStringConvertible {
    var language: String
    var numbers: [(String, PluralCategory)]
    var testDescription: String { language }
  }

  static let boundaries: [Boundary] = [
    Boundary(
      language: "en", numbers: [("0", .other), ("1", .one), ("2", .other), ("1.0", .other)]),
    Boundary(
      language: "es",
      numbers: [
        ("0", .other), ("1", .one), ("1.0", .one), ("2", .other), ("999999", .other),
        ("1000000", .many), ("2000000", .many), ("1000001", .other), ("1c6", .many),
      ]),
    Boundary(
      language: "cs",
      numbers: [
        ("0", .other), ("1", .one), ("2", .few), ("4", .few), ("5", .other), ("1.5", .many),
        ("1.0", .many), ("100", .other),
      ]),
    Boundary(
      language: "sr",
      numbers: [
        ("0", .other), ("1", .one), ("2", .few), ("4", .few), ("5", .other), ("11", .other),
        ("12", .other), ("14", .other), ("21", .one), ("22", .few), ("101", .one), ("111", .other),
        ("112", .other), ("0.1", .one), ("0.2", .few), ("0.5", .other), ("1.1", .one),
      ]),
    Boundary(
      language: "sr-Latn",
      numbers: [
        ("1", .one), ("3", .few), ("5", .other), ("11", .other), ("21", .one), ("24", .few),
      ]),
    Boundary(
      language: "ru",
      numbers: [
        ("0", .many), ("1", .one), ("2", .few), ("4", .few), ("5", .many), ("11", .many),
        ("14", .many), ("21", .one), ("22", .few), ("111", .many), ("1.5", .other),
      ]),
    Boundary(
      language: "uk",
      numbers: [("1", .one), ("3", .few), ("7", .many), ("12", .many), ("0.5", .other)]),
    Boundary(
      language: "pl",
      numbers: [
        ("0", .many), ("1", .one), ("2", .few), ("4", .few), ("5", .many), ("12", .many),
        ("21", .many), ("22", .few), ("1.5", .other),
      ]),
    Boundary(
      language: "hr",
      numbers: [("1", .one), ("2", .few), ("5", .other), ("21", .one), ("0.2", .few)]),
    Boundary(language: "bs", numbers: [("1", .one), ("3", .few), ("11", .other), ("31", .one)]),
    Boundary(
      language: "sl",
      numbers: [
        ("0", .other), ("1", .one), ("101", .one), ("2", .two), ("102", .two), ("3", .few),
        ("4", .few), ("5", .other), ("11", .other), ("0.5", .few),
      ]),
    Boundary(
      language: "lt",
      numbers: [
        ("0", .other), ("1", .one), ("2", .few), ("9", .few), ("10", .other), ("11", .other),
        ("19", .other), ("21", .one), ("0.5", .many),
      ]),
    Boundary(
      language: "lv",
      numbers: [
        ("0", .zero), ("10", .zero), ("11", .zero), ("19", .zero), ("1", .one), ("21", .one),
        ("2", .other), ("9", .other), ("0.1", .one), ("0.2", .other),
      ]),
    Boundary(
      language: "ro",
      numbers: [
        ("0", .few), ("1", .one), ("2", .few), ("19", .few), ("20", .other), ("101", .other),
        ("102", .few), ("1.5", .few),
      ]),
    Boundary(
      language: "fr",
      numbers: [
        ("0", .one), ("1", .one), ("1.5", .one), ("2", .other), ("1000", .other),
        ("1000000", .many), ("1c6", .many), ("1c3", .other),
      ]),
    Boundary(
      language: "pt",
      numbers: [("0", .one), ("1", .one), ("1.5", .one), ("2", .other), ("1000000", .many)]),
    Boundary(
      language: "pt-PT",
      numbers: [("0", .other), ("1", .one), ("1.5", .other), ("2", .other), ("1000000", .many)]),
    Boundary(
      language: "it", numbers: [("0", .other), ("1", .one), ("2", .other), ("1000000", .many)]),
    Boundary(
      language: "de", numbers: [("0", .other), ("1", .one), ("1.0", .other), ("2", .other)]),
    Boundary(language: "nl", numbers: [("1", .one), ("2", .other)]),
    Boundary(language: "sv", numbers: [("1", .one), ("0", .other)]),
    Boundary(
      language: "da",
      numbers: [
        ("0", .other), ("1", .one), ("0.1", .one), ("1.5", .one), ("2", .other), ("2.0", .other),
      ]),
    Boundary(language: "nb", numbers: [("0", .other), ("1", .one), ("1.0", .one), ("2", .other)]),
    Boundary(language: "fi", numbers: [("1", .one), ("5", .other)]),
    Boundary(
      language: "ar",
      numbers: [
        ("0", .zero), ("1", .one), ("2", .two), ("3", .few), ("10", .few), ("11", .many),
        ("99", .many), ("100", .other), ("102", .other), ("103", .few), ("111", .many),
        ("0.5", .other),
      ]),
    Boundary(
      language: "he",
      numbers: [
        ("0", .other), ("1", .one), ("2", .two), ("3", .other), ("10", .other), ("20", .many),
        ("1.5", .other),
      ]),
    Boundary(
      language: "ga",
      numbers: [
        ("0", .other), ("1", .one), ("2", .two), ("3", .few), ("6", .few), ("7", .many),
        ("10", .many), ("11", .other),
      ]),
    Boundary(
      language: "cy",
      numbers: [
        ("0", .zero), ("1", .one), ("2", .two), ("3", .few), ("4", .other), ("5", .other),
        ("6", .many), ("7", .other),
      ]),
    Boundary(language: "ja", numbers: [("0", .other), ("1", .other), ("2", .other)]),
    Boundary(language: "ko", numbers: [("1", .other)]),
    Boundary(language: "zh", numbers: [("1", .other), ("1.5", .other)]),
    Boundary(language: "zh-Hant", numbers: [("1", .other)]),
    Boundary(language: "tr", numbers: [("0", .other), ("1", .one), ("2", .other)]),
    Boundary(
      language: "hi",
      numbers: [("0", .one), ("1", .one), ("0.5", .one), ("1.5", .other), ("2", .other)]),
  ]

  @Test(arguments: boundaries)
  func boundaryNumbers(_ boundary: Boundary) {
    let rules = PluralRules.forLanguage(boundary.language)
    for (number, expected) in boundary.numbers {
      #expect(rules.category(for: number) == expected, "\(boundary.language) \(number)")
    }
  }

  /// Every `@integer`/`@decimal` sample of every rule in the table falls in its own category.
  @Test(arguments: CLDRPluralRuleTable.groups.map(\.locales))
  func cldrSamples(_ locales: String) throws {
    let group = try #require(CLDRPluralRuleTable.groups.first { $0.locales == locales })
    let language = String(locales.split(separator: " ").first ?? "")
    let rules = PluralRules.forLanguage(language.replacingOccurrences(of: "_", with: "-"))
    var checked = 0
    for (category, text) in group.rules {
      for sample in Self.samples(text) {
        #expect(rules.category(for: sample) == category, "\(language) \(sample)")
        checked += 1
      }
    }
    #expect(checked > 0)
  }

  /// Expands CLDR sample lists: `0~15, 100, …` and `0.0~1.5` (step one unit of the last digit).
  static func samples(_ rule: String) -> [String] {
    var result: [String] = []
    for part in rule.split(separator: "@").dropFirst() {
      for item in part.split(separator: ",").dropFirst(0) {
        var text = item.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("integer ") { text.removeFirst("integer ".count) }
        if text.hasPrefix("decimal ") { text.removeFirst("decimal ".count) }
        if text.isEmpty || text == "…" { continue }
        let bounds = text.split(separator: "~").map(String.init)
        guard bounds.count == 2 else {
          result.append(text)
          continue
        }
        let decimals = bounds[0].split(separator: ".").dropFirst().first?.count ?? 0
        let scale = (0..<decimals).reduce(1) { value, _ in value * 10 }
        guard let low = Int(bounds[0].replacingOccurrences(of: ".", with: "")),
          let high = Int(bounds[1].replacingOccurrences(of: ".", with: ""))
        else { continue }
        for value in low...high {
          if decimals == 0 {
            result.append(String(value))
          } else {
            let fraction = String(value % scale)
            result.append(
              "\(value / scale)." + String(repeating: "0", count: decimals - fraction.count)
                + fraction)
          }
        }
      }
    }
    return result
  }

  @Test func everyListedLanguageHasRules() {
    let listed = [
      "en", "es", "cs", "sr", "ru", "uk", "pl", "hr", "bs", "sl", "lt", "lv", "ro", "fr", "pt",
      "pt_PT", "it", "de", "nl", "sv", "da", "nb", "fi", "ar", "he", "ga", "cy", "ja", "ko", "zh",
      "tr", "hi",
    ]
    for language in listed { #expect(PluralRules.languages.contains(language), "\(language)") }
  }

  @Test func operands() throws {
    let operands = try #require(PluralOperands(parsing: "1.50"))
    #expect(operands.integer == 1)
    #expect(operands.visibleFractionDigitCount == 2)
    #expect(operands.fraction == 50)
    #expect(operands.fractionWithoutTrailingZeros == 5)
    #expect(operands.fractionDigitCountWithoutTrailingZeros == 1)
    let compact = try #require(PluralOperands(parsing: "1.2c3"))
    #expect(compact.integer == 1200)
    #expect(compact.exponent == 3)
    #expect(PluralOperands(parsing: "abc") == nil)
    #expect(PluralOperands(parsing: "1.") == nil)
    #expect(PluralOperands(parsing: " 7 ")?.integer == 7)
    let huge = try #require(PluralOperands(parsing: "1000000000000000000001"))
    #expect(huge.integerIsLarge)
    #expect(PluralRules.forLanguage("en").category(for: huge) == .other)
  }

  @Test(arguments: [
    "i = ", "x = 1", "n % 0 = 1", "n = 1 and", "n = 3..1", "n == 1", "n = 1 xor v = 0",
  ])
  func badRulesAreRejected(_ text: String) {
    #expect(throws: PluralRule.ParseError.self) { try PluralRule(text) }
  }

  @Test func ruleSyntax() throws {
    let rule = try PluralRule("n % 10 = 2..4, 9 and n % 100 != 12..14 or n within 0..1")
    #expect(rule.matches(try #require(PluralOperands(parsing: "23"))))
    #expect(rule.matches(try #require(PluralOperands(parsing: "9"))))
    #expect(!rule.matches(try #require(PluralOperands(parsing: "13"))))
    #expect(rule.matches(try #require(PluralOperands(parsing: "0.5"))))
    #expect(try PluralRule("n is not 1").matches(PluralOperands(2)))
    #expect(try PluralRule("n not in 1..3").matches(PluralOperands(5)))
  }
}
