/// Which plural forms a variable lacks for the numbers its value can really take (Localization.md
/// §2.3, §2.4): what `plural-other-missing` and `plural-form-missing` report.
///
/// A variable whose value type is an integer conversion (`d`, `ld`, `lld`, `u`, `i`…, see
/// ``isIntegerValueType(_:)``) only ever receives whole numbers, so only the categories whole
/// numbers select can be missing: a Russian, Ukrainian, Belarusian or Polish integer plural with
/// `one`, `few` and `many` lacks nothing, as no whole number selects `other` there. Any other
/// value type (`f`, `g`, `@`) can receive a decimal, and every category the language has is
/// reachable. `zero`, when present, takes the number 0 (Apple's rule, Localization.md §2.3).
///
/// Two exceptions when the variable has an `other` form (`source: model`). Where no value of
/// the type selects `other` (integers in Polish or Russian), a single missing category is no
/// gap: the `other` form stands in for it, as translators often write it. And a category that only
/// multiples of a million select among whole numbers (`many` in French, Spanish, Italian,
/// Portuguese, Catalan) is not a gap. CLDR has it for "1 million de fichiers"; a number printed
/// with digits reads right with the `other` form ("1000000 fichiers"), and teams rarely write it.
struct PluralCoverage {
  /// A category some value selects but the variable has no form for.
  struct Gap: Hashable {
    /// The missing category.
    var category: PluralCategory
    /// Up to three whole numbers that select it (empty when only decimals do).
    var examples: [Int]
    /// Whether more whole numbers than `examples` select it.
    var hasMore: Bool
  }

  /// The gaps of a variable with these `variants` in a language with `rules`.
  static func gaps(
    variants: [PluralCategory: String], valueType: String?, rules: PluralRules
  ) -> [Gap] {
    let present = Set(variants.keys)
    let missing = rules.categories.filter { !present.contains($0) }
    guard !missing.isEmpty else { return [] }
    let whole = rules.integerCategories(excludingZero: present.contains(.zero))
    let integerOnly = isIntegerValueType(valueType)
    let gaps: [Gap] = missing.compactMap { category in
      if let item = whole.first(where: { $0.category == category }) {
        if present.contains(.other), item.examples.allSatisfy({ $0 > 0 && $0 % 1_000_000 == 0 }) {
          return nil
        }
        return Gap(category: category, examples: item.examples, hasMore: item.hasMore)
      }
      return integerOnly ? nil : Gap(category: category, examples: [], hasMore: false)
    }
    // When no value of the type selects `other`, its form serves the numbers of the one
    // category that lacks a form (a Polish "%lld nowych postów" under `other` prints right
    // for 5): a gap only when two categories share it.
    let otherIsReachable = !integerOnly || whole.contains { $0.category == .other }
    if present.contains(.other), !otherIsReachable, gaps.count == 1 { return [] }
    return gaps
  }

  /// Whether a `NSStringFormatValueTypeKey` (or a catalog `formatSpecifier`) is an integer
  /// conversion: `d`, `i`, `o`, `u`, `x`, `X`, `D`, `U`, `O` with any length modifier (`ld`,
  /// `lld`, `lu`, `hd`, `zu`…), with or without a leading `%`. A missing value type is read as
  /// an integer (every example Apple gives counts things) and so are the others as decimals
  /// (`f`, `g`, `@`: `source: model`).
  static func isIntegerValueType(_ valueType: String?) -> Bool {
    guard let valueType else { return true }
    let written = valueType.hasPrefix("%") ? valueType : "%" + valueType
    let tokens = FormatToken.tokenize(written)
    guard tokens.count == 1, case .conversion(let conversion) = tokens[0] else { return false }
    return conversion.isInteger
  }
}
