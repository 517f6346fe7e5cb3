import Synchronization

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

  /// A category whole numbers select: up to three of the smallest such numbers, and whether
  /// there are infinitely many (`1, 21, 31…`) rather than only those listed (Welsh `few`: 3).
  public struct IntegerCategory: Sendable, Hashable {
    /// The category.
    public var category: PluralCategory
    /// Up to three of the smallest whole numbers that select it.
    public var examples: [Int]
    /// Whether more whole numbers than `examples` select it.
    public var hasMore: Bool
  }

  /// The categories that whole numbers (what `%d`, `%ld`, `%u`… print: `v = 0`) select, in
  /// category order, from `0` (or `1` with `excludingZero`, for a variable whose `zero` form
  /// takes 0, Localization.md §2.3). Cached per rule set.
  ///
  /// Decided by evaluating the rules on a finite set of numbers that provably holds a witness
  /// of every category (``integerCandidates(from:)``), not from CLDR's samples.
  public func integerCategories(excludingZero: Bool = false) -> [IntegerCategory] {
    let key = IntegerCategoriesKey(rules: self, excludingZero: excludingZero)
    if let cached = Self.integerCategoriesCache.withLock({ $0[key] }) { return cached }
    let (candidates, bound) = integerCandidates(from: excludingZero ? 1 : 0)
    var found: [PluralCategory: IntegerCategory] = [:]
    for number in candidates {
      let category = category(for: PluralOperands(number))
      var item =
        found[category] ?? IntegerCategory(category: category, examples: [], hasMore: false)
      // Past `bound` a category recurs with its residue: infinitely many numbers.
      if number > bound || item.examples.count == 3 { item.hasMore = true }
      if item.examples.count < 3 { item.examples.append(number) }
      found[category] = item
    }
    let result = found.keys.sorted().compactMap { found[$0] }
    Self.integerCategoriesCache.withLock { $0[key] = result }
    return result
  }

  /// Whole numbers from `start` among which every category whole numbers can select occurs,
  /// ascending, and `bound`, the largest constant compared with `n` or `i` outside a modulus.
  ///
  /// Why they suffice: above `bound`, each relation on `n`/`i` without a modulus has one fixed
  /// truth value, and each relation with modulus `m` depends only on the number modulo `m`
  /// (the other operands are 0 for whole numbers). With `L` the least common multiple of the
  /// moduli, `start…bound + L` therefore holds every behaviour. CLDR's moduli (10, 100,
  /// 1000000) make `L` a million, so when `L` is itself a modulus this uses a smaller set:
  /// let `V` be the values the `% L` relations compare with and `P` the least common multiple
  /// of the other moduli. A number `x > bound` with `x % L` in `V` behaves as the smallest
  /// `k·L + v > bound` (its residue modulo `L` fixes every other residue, since each modulus
  /// divides `L`); one with `x % L` not in `V` makes every `% L` relation false and depends only
  /// on `x % P`, and `bound + 1 … bound + (|V| + 1)·P` holds, for each residue modulo `P`,
  /// `|V| + 1` numbers less than `L` apart, so one of them is outside `V` modulo `L`.
  func integerCandidates(from start: Int) -> (numbers: [Int], bound: Int) {
    var bound = 0
    var moduli = Set<Int>()
    var relations: [(modulus: Int?, ranges: [ClosedRange<Int>])] = []
    for item in storage { relations += item.rule.integerRelations }
    for relation in relations {
      if let modulus = relation.modulus {
        moduli.insert(modulus)
      } else {
        bound = Self.capped(max(bound, relation.ranges.map(\.upperBound).max() ?? 0))
      }
    }
    let lcm = moduli.reduce(1) { Self.leastCommonMultiple($0, $1) }
    var end = Self.capped(bound + lcm)
    var extra: [Int] = []
    if lcm > 1_000, moduli.contains(lcm) {
      var values = Set<Int>()
      for relation in relations where relation.modulus == lcm {
        for range in relation.ranges where range.lowerBound < lcm {
          let clamped = range.clamped(to: 0...(lcm - 1))
          guard values.count + clamped.count <= 64 else {
            values.formUnion(0...64)  // too many: use the full window below
            break
          }
          values.formUnion(clamped)
        }
      }
      let others = moduli.subtracting([lcm]).reduce(1) { Self.leastCommonMultiple($0, $1) }
      if values.count <= 64, (values.count + 1) * others <= lcm {
        end = bound + (values.count + 1) * others
        for value in values {
          let first = value > bound ? value : value + ((bound - value) / lcm + 1) * lcm
          extra += [first, first + lcm, first + 2 * lcm].map(Self.capped)
        }
      }
    }
    // At least up to 100, so that examples go past the first few numbers.
    let window = Array(start...max(end, 100, start))
    let numbers = window + extra.filter { $0 > window.last ?? 0 }.sorted()
    return (numbers, bound)
  }

  /// CLDR's rules need at most about a million candidates; rules from elsewhere with huge
  /// constants or moduli are cut at ten million (then the result is no longer a proof).
  private static let candidateLimit = 10_000_000

  private static func capped(_ value: Int) -> Int { min(value, candidateLimit) }

  /// The least common multiple, saturating at ``candidateLimit`` rather than overflowing.
  private static func leastCommonMultiple(_ first: Int, _ second: Int) -> Int {
    let (product, overflow) = (first / greatestCommonDivisor(first, second))
      .multipliedReportingOverflow(by: second)
    return overflow ? candidateLimit : min(product, candidateLimit)
  }

  private struct IntegerCategoriesKey: Hashable {
    var rules: PluralRules
    var excludingZero: Bool
  }

  private static let integerCategoriesCache = Mutex<
    [IntegerCategoriesKey: [IntegerCategory]]
  >([:])

  private static func greatestCommonDivisor(_ first: Int, _ second: Int) -> Int {
    var (a, b) = (first, second)
    while b != 0 { (a, b) = (b, a % b) }
    return a
  }

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
