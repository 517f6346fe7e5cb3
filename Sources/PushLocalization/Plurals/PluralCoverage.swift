/// Which plural forms a variable lacks for the numbers its value can really take (spec §2.3,
/// §2.4): what `plural-other-missing` and `plural-form-missing` report.
///
/// A variable whose value type is an integer conversion (`d`, `ld`, `lld`, `u`, `i`…, see
/// ``isIntegerValueType(_:)``) only ever receives whole numbers, so only the categories whole
/// numbers select can be missing: a Russian, Ukrainian, Belarusian or Polish integer plural with
/// `one`, `few` and `many` lacks nothing, as no whole number selects `other` there. Any other
/// value type (`f`, `g`, `@`) can receive a decimal, and every category the language has is
/// reachable. `zero`, when present, takes the number 0 (Apple's rule, spec §2.3).
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
    return missing.compactMap { category in
      if let item = whole.first(where: { $0.category == category }) {
        return Gap(category: category, examples: item.examples, hasMore: item.hasMore)
      }
      return integerOnly ? nil : Gap(category: category, examples: [], hasMore: false)
    }
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
