/// A piece of a format string: literal text, `%%`, a conversion such as `%@`/`%2$d`, or a plural
/// variable `%#@name@` / `%1$#@name@` (Localization.md §4.1, §2.1).
///
/// Printf syntax: `%` [position `n$`] [flags `-+ #0'`] [width] [`.` precision] [length
/// `hh h l ll q L z t j`] conversion. Text that does not complete a conversion (`%y`, a trailing
/// `%`) is kept as literal text and reported by the formatter.
enum FormatToken: Hashable, Sendable {
  /// Text printed as is.
  case literal(Substring)
  /// `%%`: a percent sign.
  case percent
  /// A conversion.
  case conversion(FormatConversion)
  /// A plural variable `%#@name@`.
  case variable(name: String, position: Int?, raw: Substring)
  /// `%` not followed by a valid conversion.
  case invalid(Substring)
  /// `%n` with any position, flags, width or length (`%1$n`, `%hn`): printf's conversion that
  /// writes the count of characters so far to memory through its argument. Never valid in a
  /// localized string (`strings lint`: `write-specifier`); printed as written.
  case memoryWrite(Substring)

  /// Splits a format into tokens.
  ///
  /// - Complexity: O(n).
  static func tokenize(_ format: String) -> [FormatToken] {
    var tokens: [FormatToken] = []
    let scalars = format.unicodeScalars
    var index = scalars.startIndex
    var literalStart = index
    func flushLiteral(upTo end: String.UnicodeScalarView.Index) {
      if literalStart < end {
        tokens.append(.literal(Substring(format.unicodeScalars[literalStart..<end])))
      }
    }
    while index < scalars.endIndex {
      guard scalars[index] == "%" else {
        index = scalars.index(after: index)
        continue
      }
      flushLiteral(upTo: index)
      let start = index
      let (token, end) = readSpecifier(format, from: start)
      tokens.append(token)
      index = end
      literalStart = end
    }
    flushLiteral(upTo: scalars.endIndex)
    return tokens
  }

  private static func readSpecifier(
    _ format: String, from start: String.UnicodeScalarView.Index
  ) -> (FormatToken, String.UnicodeScalarView.Index) {
    let scalars = format.unicodeScalars
    var index = scalars.index(after: start)
    func raw() -> Substring { Substring(scalars[start..<index]) }
    func peek() -> Unicode.Scalar? { index < scalars.endIndex ? scalars[index] : nil }
    func advance() { index = scalars.index(after: index) }
    func readDigits() -> String {
      var digits = ""
      while let scalar = peek(), ("0"..."9").contains(scalar) {
        digits.unicodeScalars.append(scalar)
        advance()
      }
      return digits
    }
    if peek() == "%" {
      advance()
      return (.percent, index)
    }
    // Position `n$`.
    var position: Int?
    let afterPercent = index
    let digits = readDigits()
    if !digits.isEmpty, peek() == "$" {
      advance()
      // A position too large for `Int` is clamped; it names no argument that can exist.
      position = Int(digits) ?? Int.max
    } else {
      index = afterPercent
    }
    // Plural variable `#@name@`.
    if peek() == "#" {
      let hash = index
      advance()
      if peek() == "@" {
        advance()
        var name = ""
        while let scalar = peek(), scalar != "@" {
          name.unicodeScalars.append(scalar)
          advance()
        }
        if peek() == "@" {
          advance()
          return (.variable(name: name, position: position, raw: raw()), index)
        }
        return (.invalid(raw()), index)
      }
      index = hash
    }
    var flags = ""
    while let scalar = peek(), "-+ #0'".unicodeScalars.contains(scalar) {
      flags.unicodeScalars.append(scalar)
      advance()
    }
    var usesStar = false
    if peek() == "*" {
      usesStar = true
      advance()
    } else {
      _ = readDigits()
    }
    if peek() == "." {
      advance()
      if peek() == "*" {
        usesStar = true
        advance()
      } else {
        _ = readDigits()
      }
    }
    var length = ""
    while let scalar = peek(), "hlqLztj".unicodeScalars.contains(scalar), length.count < 2 {
      length.unicodeScalars.append(scalar)
      advance()
    }
    guard let conversion = peek(), "@diouxXfFeEgGaAcCsSpDUO".unicodeScalars.contains(conversion)
    else {
      if peek() == "n" {
        advance()
        return (.memoryWrite(raw()), index)
      }
      return (.invalid(raw()), index)
    }
    advance()
    return (
      .conversion(
        FormatConversion(
          position: position, flags: flags, length: length, conversion: Character(conversion),
          usesStar: usesStar, raw: raw())), index
    )
  }
}

/// One printf conversion.
struct FormatConversion: Hashable, Sendable {
  /// `n` of `%n$…` (1-based), if written.
  var position: Int?
  /// Flags as written.
  var flags: String
  /// Length modifier (`l`, `ll`…).
  var length: String
  /// The conversion character (`@`, `d`, `s`…).
  var conversion: Character
  /// Whether a `*` width or precision reads an extra argument.
  var usesStar: Bool
  /// The specifier as written.
  var raw: Substring

  /// Whether this prints a number (`d i o u x X f F e E g G a A D U O`).
  var isNumeric: Bool { "diouxXfFeEgGaADUO".contains(conversion) }

  /// Whether this prints an integer (`d i o u x X D U O`).
  var isInteger: Bool { "diouxXDUO".contains(conversion) }
}
