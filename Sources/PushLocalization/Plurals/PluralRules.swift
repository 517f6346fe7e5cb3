/// The cardinal plural rules of one language, evaluated from CLDR rule text (Localization.md §2.4,
/// Rules.md §3).
///
/// Rules come from ``CLDRPluralRuleTable`` (text copied from unicode-org/cldr
/// `common/supplemental/plurals.xml`) and are parsed by ``PluralRule``: no per-language code.
/// The first of `zero`, `one`, `two`, `few`, `many` whose condition holds wins; else `other`.
public struct PluralRules: Sendable, Hashable {
  /// The conditions in CLDR order (without `other`).
  public var rules: [(category: PluralCategory, rule: PluralRule)] {
    storage.map { ($0.category, $0.rule) }
  }
  private var storage: [Stored]

  private struct Stored: Sendable, Hashable {
    var category: PluralCategory
    var rule: PluralRule
  }

  /// Builds rules from CLDR rule texts; `other` entries are ignored (it is the fallback).
  public init(_ texts: [(PluralCategory, String)]) throws(PluralRule.ParseError) {
    var stored: [Stored] = []
    for (category, text) in texts where category != .other {
      stored.append(Stored(category: category, rule: try PluralRule(text)))
    }
    storage = stored.sorted { $0.category < $1.category }
  }

  /// The rules for a language tag (`sr-Latn`, `pt-PT`, `es_MX`): the tag with its region if the
  /// table has it (`pt_PT`), else its language; languages missing from the table use the root
  /// rules (everything is `other`).
  public static func forLanguage(_ tag: String) -> PluralRules {
    let parsed = LanguageTag(tag)
    if let region = parsed.region, let rules = table["\(parsed.language)_\(region.uppercased())"] {
      return rules
    }
    return table[parsed.language] ?? table["root"] ?? PluralRules(empty: ())
  }

  /// The category of a number.
  public func category(for operands: PluralOperands) -> PluralCategory {
    for item in storage where item.rule.matches(operands) { return item.category }
    return .other
  }

  /// The category of a number written as text (`"1"`, `"2.50"`), or `nil` when it is not one.
  public func category(for number: String) -> PluralCategory? {
    PluralOperands(parsing: number).map { category(for: $0) }
  }

  /// The categories this language uses (always including `other`).
  public var categories: [PluralCategory] { storage.map(\.category) + [.other] }

  private init(empty: Void) { storage = [] }

  /// Every language in ``CLDRPluralRuleTable``, parsed once.
  static let table: [String: PluralRules] = {
    var table: [String: PluralRules] = [:]
    for group in CLDRPluralRuleTable.groups {
      guard let rules = try? PluralRules(group.rules.map { ($0.category, $0.condition) }) else {
        continue
      }
      for locale in group.locales.split(separator: " ") { table[String(locale)] = rules }
    }
    return table
  }()

  /// Languages with rules (CLDR locale identifiers, `pt_PT` style).
  public static var languages: [String] { table.keys.sorted() }

  /// Equality by categories and rule texts.
  public static func == (lhs: PluralRules, rhs: PluralRules) -> Bool { lhs.storage == rhs.storage }

  /// Hashes categories and rule texts.
  public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}
