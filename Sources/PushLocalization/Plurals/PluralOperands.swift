/// The operands of a number that CLDR plural rules test (UTS #35 Part 3, "Plural rules syntax";
/// Localization.md §2.4).
///
/// Built from the number's decimal text, because visible fraction digits matter: `1` is `one` in
/// English but `1.0` is `other`. `n` absolute value, `i` integer digits, `v` number of visible
/// fraction digits, `w` the same without trailing zeros, `f` visible fraction digits as an
/// integer, `t` the same without trailing zeros, `e` (= `c`) the compact decimal exponent.
public struct PluralOperands: Sendable, Hashable {
  /// `i`: the integer digits (the last 18 when there are more; see ``integerIsLarge``).
  public var integer: Int
  /// Whether `i` has more than 18 digits (then no small equality can hold).
  public var integerIsLarge: Bool
  /// `v`: number of visible fraction digits.
  public var visibleFractionDigitCount: Int
  /// `w`: number of fraction digits without trailing zeros.
  public var fractionDigitCountWithoutTrailingZeros: Int
  /// `f`: visible fraction digits as an integer (the first 18 digits).
  public var fraction: Int
  /// `t`: `f` without trailing zeros.
  public var fractionWithoutTrailingZeros: Int
  /// `e` / `c`: compact decimal exponent (`1.2c6` has 6).
  public var exponent: Int

  /// Operands of an integer.
  public init(_ value: Int) {
    integer = value.magnitude > UInt(Int.max) ? Int.max : Int(value.magnitude)
    integerIsLarge = false
    visibleFractionDigitCount = 0
    fractionDigitCountWithoutTrailingZeros = 0
    fraction = 0
    fractionWithoutTrailingZeros = 0
    exponent = 0
  }

  /// Parses a decimal number as a person or a payload writes it: an optional sign, digits, an
  /// optional fraction, and an optional CLDR compact exponent (`1.5c3`, also `e`). Surrounding
  /// spaces are ignored. `nil` when the text is not such a number.
  public init?(parsing text: String) {
    var scalars = Substring(text).drop(while: { $0 == " " })
    while scalars.last == " " { scalars = scalars.dropLast() }
    if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
    var mantissa = scalars
    var exponentValue = 0
    if let marker = scalars.firstIndex(where: { $0 == "c" || $0 == "e" }) {
      mantissa = scalars[..<marker]
      let exponentText = scalars[scalars.index(after: marker)...]
      guard !exponentText.isEmpty, exponentText.count <= 3, exponentText.allSatisfy(\.isASCIIDigit),
        let parsed = Int(exponentText)
      else { return nil }
      exponentValue = parsed
    }
    let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let integerText = parts.first, !integerText.isEmpty,
      integerText.allSatisfy(\.isASCIIDigit)
    else { return nil }
    var integerDigits = String(integerText)
    var fractionDigits = ""
    if parts.count == 2 {
      guard !parts[1].isEmpty, parts[1].allSatisfy(\.isASCIIDigit) else { return nil }
      fractionDigits = String(parts[1])
    }
    // Apply the exponent by moving the decimal point.
    if exponentValue > 0 {
      let moved = fractionDigits.prefix(exponentValue)
      integerDigits += moved + String(repeating: "0", count: exponentValue - moved.count)
      fractionDigits = String(fractionDigits.dropFirst(moved.count))
    }
    let trimmedInteger = integerDigits.drop(while: { $0 == "0" })
    integerIsLarge = trimmedInteger.count > 18
    integer = Int(trimmedInteger.suffix(18)) ?? 0
    visibleFractionDigitCount = fractionDigits.count
    let withoutTrailing = fractionDigits.reversed().drop(while: { $0 == "0" }).reversed()
    fractionDigitCountWithoutTrailingZeros = withoutTrailing.count
    fraction = Int(fractionDigits.prefix(18)) ?? 0
    fractionWithoutTrailingZeros = Int(String(withoutTrailing).prefix(18)) ?? 0
    exponent = exponentValue
  }

  /// Whether the number has no non-zero fraction digits (so `n` is an integer).
  var isIntegral: Bool { fractionWithoutTrailingZeros == 0 }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
