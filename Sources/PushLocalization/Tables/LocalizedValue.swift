/// The value of one key in a localization's table: a plain format, or a plural format from a
/// `.stringsdict` entry or a String Catalog substitution.
///
/// Spec §2.1 (`.stringsdict`), §3 (`.xcstrings`); Rules.md §3 (plurals).
public enum LocalizedValue: Sendable, Hashable {
  /// A format string such as `"%1$@ wrote: %2$@"` (from `.strings` or a catalog `stringUnit`).
  case format(String)
  /// A format with plural variables (`%#@count@`).
  case plural(PluralFormat)

  /// The top-level format text.
  public var formatText: String {
    switch self {
    case .format(let text): text
    case .plural(let plural): plural.format
    }
  }
}

/// A `.stringsdict` entry: `NSStringLocalizedFormatKey` and its variables (Localization.md §2.1).
public struct PluralFormat: Sendable, Hashable {
  /// `NSStringLocalizedFormatKey`: the format with `%#@name@` or `%n$#@name@` variables.
  public var format: String
  /// The variables by name.
  public var variables: [String: PluralVariable]

  /// Creates a plural format.
  public init(format: String, variables: [String: PluralVariable]) {
    self.format = format
    self.variables = variables
  }
}

/// One plural variable (`NSStringPluralRuleType`): its value type and one text per category.
///
/// Variant texts may use further variables of the same entry (nested variables, Localization.md
/// §2.1).
public struct PluralVariable: Sendable, Hashable {
  /// `NSStringFormatValueTypeKey`, the printf conversion of the number (`d`, `ld`, `lld`, `f`…),
  /// or a catalog substitution's `formatSpecifier`.
  public var valueType: String?
  /// The argument this variable reads (1-based), when the source names it (a catalog
  /// substitution's `argNum`); otherwise the position of `%#@name@` in the format decides.
  public var argumentNumber: Int?
  /// The text for each category present in the file.
  public var variants: [PluralCategory: String]

  /// Creates a variable.
  public init(
    valueType: String? = nil, argumentNumber: Int? = nil, variants: [PluralCategory: String]
  ) {
    self.valueType = valueType
    self.argumentNumber = argumentNumber
    self.variants = variants
  }
}

/// A CLDR plural category, plus Apple's use of `zero` for the value 0 (Localization.md §2.3).
public enum PluralCategory: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
  /// `zero`
  case zero
  /// `one`
  case one
  /// `two`
  case two
  /// `few`
  case few
  /// `many`
  case many
  /// `other`
  case other

  /// CLDR order: zero, one, two, few, many, other.
  public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}

extension PluralFormat {
  /// Chains of variables whose forms use a variable already being expanded (`["a", "a"]` for
  /// `%#@a@` inside a form of `a`, `["a", "b", "a"]` for two that use each other), one per
  /// cycle found, in name order. Such an entry cannot be expanded to an end: the formatter
  /// prints the repeated variable as written (`plural-variable-cycle`).
  ///
  /// - Complexity: O(total length of the forms); each variable is visited once.
  public var variableCycles: [[String]] {
    var uses: [String: [String]] = [:]
    for (name, variable) in variables {
      var used: [String] = []
      for text in variable.variants.values.sorted() {
        for case .variable(let inner, _, _) in FormatToken.tokenize(text)
        where variables[inner] != nil && !used.contains(inner) {
          used.append(inner)
        }
      }
      uses[name] = used.sorted()
    }
    var finished = Set<String>()
    var stack: [String] = []
    var cycles: [[String]] = []
    func visit(_ name: String) {
      if let start = stack.firstIndex(of: name) {
        cycles.append(Array(stack[start...]) + [name])
        return
      }
      // Deeper than the formatter ever expands (it stops at 8): not followed, so that a
      // hostile chain of thousands of variables cannot exhaust the stack.
      guard stack.count < 64, finished.insert(name).inserted else { return }
      stack.append(name)
      for inner in uses[name] ?? [] { visit(inner) }
      stack.removeLast()
    }
    for name in variables.keys.sorted() { visit(name) }
    return cycles
  }
}
