/// One CLDR plural rule condition, parsed from its text and evaluated on ``PluralOperands``
/// (UTS #35 Part 3, "Plural rules syntax"; Localization.md §2.4).
///
/// Grammar: `condition = and_condition ('or' and_condition)*`,
/// `and_condition = relation ('and' relation)*`,
/// `relation = expr ('=' | '!=' | 'is' ['not'] | ['not'] 'in' | ['not'] 'within') range_list`,
/// `expr = operand ('%' value)?`, operands `n i v w f t e c`, `range_list` of values and
/// `x..y` ranges. Samples after `@` are ignored. With `=`/`in`, a range holds integers only
/// (`n = 2..4` is false for 2.5); `within` accepts any value inside.
public struct PluralRule: Sendable, Hashable {
  /// The rule text as given.
  public var text: String
  private var alternatives: [[Relation]]

  /// A rule that cannot be parsed, with the position of the problem.
  public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was expected.
    public var message: String
    /// 0-based offset of the token in the rule text.
    public var offset: Int
    /// `message at offset N`.
    public var description: String { "\(message) at offset \(offset)" }
  }

  fileprivate enum Operand: String, Hashable, Sendable {
    case n, i, v, w, f, t, e, c
  }

  fileprivate struct Relation: Hashable, Sendable {
    var operand: Operand
    var modulus: Int?
    var negated: Bool
    var within: Bool
    var ranges: [ClosedRange<Int>]
  }

  /// Parses the condition part of a CLDR rule (`i = 1 and v = 0 @integer 1`).
  public init(_ text: String) throws(ParseError) {
    self.text = text
    var tokens = Tokenizer(text)
    var alternatives: [[Relation]] = []
    var current: [Relation] = []
    if tokens.peek() == nil {
      // An empty condition (the `other` rule) is always true: no alternatives means false, so
      // represent it by one empty conjunction.
      self.alternatives = [[]]
      return
    }
    while true {
      current.append(try Self.parseRelation(&tokens))
      guard let next = tokens.peek() else { break }
      if next.text == "and" {
        _ = tokens.next()
      } else if next.text == "or" {
        _ = tokens.next()
        alternatives.append(current)
        current = []
      } else {
        throw ParseError(
          message: "expected 'and', 'or' or the end, found '\(next.text)'", offset: next.offset)
      }
    }
    alternatives.append(current)
    self.alternatives = alternatives
  }

  /// Whether the rule holds for `operands`.
  public func matches(_ operands: PluralOperands) -> Bool {
    alternatives.contains { relations in relations.allSatisfy { $0.holds(for: operands) } }
  }

  private static func parseRelation(_ tokens: inout Tokenizer) throws(ParseError) -> Relation {
    guard let operandToken = tokens.next() else {
      throw ParseError(message: "expected an operand", offset: tokens.offset)
    }
    guard let operand = Operand(rawValue: operandToken.text) else {
      throw ParseError(
        message: "expected an operand (n i v w f t e c), found '\(operandToken.text)'",
        offset: operandToken.offset)
    }
    var modulus: Int?
    if tokens.peek()?.text == "%" || tokens.peek()?.text == "mod" {
      _ = tokens.next()
      modulus = try parseValue(&tokens)
      if modulus == 0 { throw ParseError(message: "modulus 0", offset: tokens.offset) }
    }
    guard let op = tokens.next() else {
      throw ParseError(message: "expected '=' or '!='", offset: tokens.offset)
    }
    var negated = false
    var within = false
    switch op.text {
    case "=", "in": break
    case "!=": negated = true
    case "is":
      if tokens.peek()?.text == "not" {
        _ = tokens.next()
        negated = true
      }
    case "not":
      negated = true
      guard let word = tokens.next(), word.text == "in" || word.text == "within" else {
        throw ParseError(message: "expected 'in' or 'within' after 'not'", offset: op.offset)
      }
      within = word.text == "within"
    case "within": within = true
    default:
      throw ParseError(message: "expected '=' or '!=', found '\(op.text)'", offset: op.offset)
    }
    var ranges: [ClosedRange<Int>] = []
    repeat {
      let low = try parseValue(&tokens)
      var high = low
      if tokens.peek()?.text == ".." {
        _ = tokens.next()
        high = try parseValue(&tokens)
      }
      guard low <= high else {
        throw ParseError(message: "empty range \(low)..\(high)", offset: tokens.offset)
      }
      ranges.append(low...high)
    } while tokens.skip(",")
    return Relation(
      operand: operand, modulus: modulus, negated: negated, within: within, ranges: ranges)
  }

  private static func parseValue(_ tokens: inout Tokenizer) throws(ParseError) -> Int {
    guard let token = tokens.next(), let value = Int(token.text) else {
      throw ParseError(message: "expected a number", offset: tokens.offset)
    }
    return value
  }

  /// Splits rule text into words, numbers and operators; stops at `@` (samples).
  private struct Tokenizer {
    struct Token {
      var text: String
      var offset: Int
    }
    private var tokens: [Token] = []
    private var index = 0
    var offset: Int { index < tokens.count ? tokens[index].offset : (tokens.last?.offset ?? 0) }

    init(_ text: String) {
      let characters = Array(text.unicodeScalars)
      var position = 0
      while position < characters.count {
        let character = characters[position]
        if character == "@" { break }
        if character == " " || character == "\t" || character == "\n" {
          position += 1
          continue
        }
        let start = position
        if ("0"..."9").contains(character) {
          while position < characters.count, ("0"..."9").contains(characters[position]) {
            position += 1
          }
        } else if ("a"..."z").contains(character) {
          while position < characters.count, ("a"..."z").contains(characters[position]) {
            position += 1
          }
        } else if character == ".", position + 1 < characters.count,
          characters[position + 1] == "."
        {
          position += 2
        } else if character == "!", position + 1 < characters.count,
          characters[position + 1] == "="
        {
          position += 2
        } else {
          position += 1
        }
        var word = ""
        word.unicodeScalars.append(contentsOf: characters[start..<position])
        tokens.append(Token(text: word, offset: start))
      }
    }

    func peek() -> Token? { index < tokens.count ? tokens[index] : nil }

    mutating func next() -> Token? {
      defer { index += 1 }
      return peek()
    }

    mutating func skip(_ text: String) -> Bool {
      guard peek()?.text == text else { return false }
      index += 1
      return true
    }
  }
}

extension PluralRule.Relation {
  fileprivate func holds(for operands: PluralOperands) -> Bool {
    // The operand's value: an integer, or (for n with a fraction) not an integer.
    let value: Int
    var isIntegral = true
    var isLarge = false
    switch operand {
    case .n:
      value = operands.integer
      isIntegral = operands.isIntegral
      isLarge = operands.integerIsLarge
    case .i:
      value = operands.integer
      isLarge = operands.integerIsLarge
    case .v: value = operands.visibleFractionDigitCount
    case .w: value = operands.fractionDigitCountWithoutTrailingZeros
    case .f: value = operands.fraction
    case .t: value = operands.fractionWithoutTrailingZeros
    case .e, .c: value = operands.exponent
    }
    var result: Bool
    if let modulus {
      let reduced = value % modulus
      if isIntegral {
        result = ranges.contains { $0.contains(reduced) }
      } else {
        // n % m keeps n's fraction: only `within` can hold.
        result = within && ranges.contains { $0.lowerBound <= reduced && reduced < $0.upperBound }
      }
    } else if isLarge {
      result = false
    } else if isIntegral {
      result = ranges.contains { $0.contains(value) }
    } else {
      result = within && ranges.contains { $0.lowerBound <= value && value < $0.upperBound }
    }
    return negated ? !result : result
  }
}

extension PluralRule {
  /// The relations on `n` or `i`, the only operands that vary among whole numbers written
  /// without a fraction (what `%d`, `%ld`, `%u`… print: `v w f t e c` are all 0 there): each
  /// relation's modulus, if any, and the values it compares with.
  var integerRelations: [(modulus: Int?, ranges: [ClosedRange<Int>])] {
    alternatives.joined().filter { $0.operand == .n || $0.operand == .i }.map {
      ($0.modulus, $0.ranges)
    }
  }
}
