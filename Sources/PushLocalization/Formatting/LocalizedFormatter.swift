public import PushCore

/// An argument to a localized format: text (a `loc-args` item) or a number (a count the device
/// supplies, such as `%u` in a category's `categorySummaryFormat`).
public enum FormatArgument: Sendable, Hashable, ExpressibleByStringLiteral,
  ExpressibleByIntegerLiteral, CustomStringConvertible
{
  /// Text, printed by `%@`.
  case text(String)
  /// A whole number, printed by `%@`, `%d`, `%u`, `%ld`…
  case number(Int)

  /// A text argument.
  public init(stringLiteral value: String) { self = .text(value) }

  /// A number argument.
  public init(integerLiteral value: Int) { self = .number(value) }

  /// The text `%@` prints.
  public var description: String {
    switch self {
    case .text(let text): text
    case .number(let number): String(number)
    }
  }
}

/// The text a format produced and what was wrong with it.
public struct FormattedText: Sendable, Hashable {
  /// The text.
  public var text: String
  /// Findings (`unsupported-specifier`, `missing-loc-arg`, `unused-loc-arg`…).
  public var diagnostics: [Diagnostic]

  /// Creates a result.
  public init(text: String, diagnostics: [Diagnostic] = []) {
    self.text = text
    self.diagnostics = diagnostics
  }
}

/// Formats localized strings the way Rules.md §3 decides (Localization.md §4.1, §4.2, §2.1–2.3).
///
/// - `%@` takes the next argument, `%n$@` argument n (1-based), `%%` is `%`.
/// - Other conversions (`%d`, `%s`, `%f`…) take an argument the same way and print it unchanged,
///   with the error `unsupported-specifier` (iOS renders garbage or nothing there), except where
///   the argument is a number the device supplies (`.number`), or inside a plural variant for the
///   variable's own argument (then the number prints without a diagnostic).
/// - A missing argument prints as empty (`missing-loc-arg`); an argument no specifier uses is
///   reported (`unused-loc-arg`). A `%` followed by a space (`"100% accurate"` reads as `% a`)
///   is also reported as `literal-percent`: a percent sign is written `%%`.
/// - Argument text is never read as a format.
/// - `%#@name@` / `%n$#@name@`: the matching argument is read as a decimal number (not a number:
///   `other`, warning `plural-arg-not-number`), its CLDR category chosen by ``PluralRules`` for the
///   language, Apple's `zero` used for 0 when present (Localization.md §2.3), a missing category
///   falls back to `other`; the variant is formatted in turn (nested variables work). Inside a
///   variant a bare numeric conversion (`%d`, `%ld`, `%u`…) names the variable's own argument and
///   does not move on to the next one (PushSim's reading of the `.stringsdict` convention; `source:
///   model`).
/// - A variable used inside its own forms, directly or through others (`%#@a@` in a form of
///   `a`), is printed as written, with the error `plural-variable-cycle` naming the chain
///   (`a → b → a`); the output stops at ``outputLimit`` bytes and ``expansionLimit`` variable
///   uses (`format-expansion-limit`). Apple does not say what the device does (`source: model`).
public struct LocalizedFormatter: Sendable {
  /// The language whose plural rules apply.
  public var language: String
  /// The most UTF-8 bytes a format may produce; a table whose plural variables multiply past it
  /// is hostile or broken, and formatting stops with `format-expansion-limit` (`source: model`;
  /// a notification shows far less than this).
  public static let outputLimit = 65_536
  /// The most plural variables one format may expand (`format-expansion-limit`, `source:
  /// model`); real entries use a handful.
  public static let expansionLimit = 1_000
  private var rules: PluralRules

  /// Creates a formatter for `language` (a tag such as `cs`, `sr-Latn`, `pt-PT`).
  public init(language: String) {
    self.language = language
    rules = PluralRules.forLanguage(language)
  }

  /// Where diagnostics point: the JSON paths of the format's key and of its arguments.
  public struct Paths: Sendable, Hashable {
    /// The path of the key or format (`aps.alert.loc-key`).
    public var format: String?
    /// The path of the argument array (`aps.alert.loc-args`); items are cited as `[i]`.
    public var arguments: String?

    /// Creates paths.
    public init(format: String? = nil, arguments: String? = nil) {
      self.format = format
      self.arguments = arguments
    }
  }

  /// Formats `value` with `arguments`.
  ///
  /// - Complexity: O(length of the format and its variants + arguments).
  public func format(
    _ value: LocalizedValue, arguments: [FormatArgument], paths: Paths = Paths()
  ) -> FormattedText {
    var run = Run(formatter: self, arguments: arguments, paths: paths)
    switch value {
    case .format(let format):
      run.render(format, variables: [:], own: nil, depth: 0)
    case .plural(let plural):
      run.render(plural.format, variables: plural.variables, own: nil, depth: 0)
    }
    run.reportUnused()
    return FormattedText(text: run.output, diagnostics: run.diagnostics)
  }

  /// Formats a plain format string.
  public func format(
    _ format: String, arguments: [FormatArgument], paths: Paths = Paths()
  ) -> FormattedText {
    self.format(.format(format), arguments: arguments, paths: paths)
  }

  /// The plural category for a number argument, with Apple's `zero` rule applied when the
  /// variable has a `zero` variant (Localization.md §2.3).
  func category(for operands: PluralOperands, hasZeroVariant: Bool) -> PluralCategory {
    if hasZeroVariant, operands.integer == 0, operands.isIntegral, !operands.integerIsLarge {
      return .zero
    }
    return rules.category(for: operands)
  }

  private struct Run {
    let formatter: LocalizedFormatter
    let arguments: [FormatArgument]
    let paths: Paths
    var output = ""
    var diagnostics: [Diagnostic] = []
    var used = Set<Int>()
    var next = 1
    var reportedMissing = Set<Int>()
    /// The variables being expanded, outermost first (to find a variable that uses itself).
    var chain: [String] = []
    /// Variables expanded so far, against ``LocalizedFormatter/expansionLimit``.
    var expansions = 0
    /// Set when the output or the expansions reached their limit: nothing more is printed.
    var stopped = false
    var reportedCycles = Set<String>()

    init(formatter: LocalizedFormatter, arguments: [FormatArgument], paths: Paths) {
      self.formatter = formatter
      self.arguments = arguments
      self.paths = paths
    }

    mutating func render(
      _ format: String, variables: [String: PluralVariable], own: Int?, depth: Int
    ) {
      for token in FormatToken.tokenize(format) {
        guard !stopped else { return }
        if output.utf8.count > LocalizedFormatter.outputLimit {
          stop("the formatted text passed \(LocalizedFormatter.outputLimit) bytes")
          return
        }
        switch token {
        case .literal(let text):
          output += text
        case .percent:
          output += "%"
        case .memoryWrite(let raw):
          // Never a conversion here: printf would write to memory through the argument.
          output += raw
          diagnose(
            .warning, .invalidSpecifier,
            "'\(raw)' is printf's conversion that writes to memory; it is printed as is",
            source: .lint)
        case .invalid(let raw):
          output += raw
          diagnose(
            .warning, .invalidSpecifier,
            "'\(raw)' is not a complete format specifier; it is printed as is", source: .lint)
        case .variable(let name, let position, let raw):
          renderVariable(
            name: name, position: position, raw: raw, variables: variables, depth: depth)
        case .conversion(let conversion):
          renderConversion(conversion, own: own)
        }
      }
    }

    mutating func renderVariable(
      name: String, position: Int?, raw: Substring, variables: [String: PluralVariable],
      depth: Int
    ) {
      if let start = chain.firstIndex(of: name) {
        output += raw
        let cycle = (chain[start...] + [name]).joined(separator: " → ")
        guard reportedCycles.insert(cycle).inserted else { return }
        diagnose(
          .error, .pluralVariableCycle,
          "'\(raw)' is used inside its own forms (\(cycle)); PushSim prints it as is",
          source: .model)
        return
      }
      expansions += 1
      guard expansions <= LocalizedFormatter.expansionLimit else {
        stop(
          "the format uses plural variables more than \(LocalizedFormatter.expansionLimit) times")
        return
      }
      guard let variable = variables[name], depth < 8 else {
        output += raw
        diagnose(
          .error, .pluralVariableMissing,
          depth < 8
            ? "the format uses '\(raw)' but the entry defines no variable '\(name)'"
            : "plural variables nest too deeply at '\(raw)'",
          source: .device)
        return
      }
      let index: Int
      if let position {
        index = position
      } else if let number = variable.argumentNumber {
        index = number
      } else {
        index = next
        next += 1
      }
      guard let argument = argument(at: index, specifier: raw) else {
        renderVariant(
          variable, named: name, category: .other, index: index, variables: variables,
          depth: depth)
        return
      }
      var category = PluralCategory.other
      switch argument {
      case .number(let number):
        category = formatter.category(
          for: PluralOperands(number), hasZeroVariant: variable.variants[.zero] != nil)
      case .text(let text):
        if let operands = PluralOperands(parsing: text) {
          category = formatter.category(
            for: operands, hasZeroVariant: variable.variants[.zero] != nil)
        } else {
          diagnose(
            .warning, .pluralArgNotNumber,
            "argument \(index) (\"\(text)\") chooses the plural form of '\(raw)' but is not a number; 'other' is used",
            source: .model, argument: index)
        }
      }
      renderVariant(
        variable, named: name, category: category, index: index, variables: variables,
        depth: depth)
    }

    mutating func renderVariant(
      _ variable: PluralVariable, named name: String, category: PluralCategory, index: Int,
      variables: [String: PluralVariable], depth: Int
    ) {
      guard let text = variable.variants[category] ?? variable.variants[.other] else {
        diagnose(
          .error, .pluralCategoryMissing,
          "the plural variable has neither a '\(category.rawValue)' nor an 'other' form",
          source: .device)
        return
      }
      chain.append(name)
      render(text, variables: variables, own: index, depth: depth + 1)
      chain.removeLast()
    }

    /// Stops formatting at a limit, with an error naming it (`source: model`).
    mutating func stop(_ reason: String) {
      stopped = true
      diagnose(
        .error, .formatExpansionLimit,
        "\(reason) (variables \(chain.joined(separator: " → "))); PushSim stops formatting there",
        source: .model)
    }

    mutating func renderConversion(_ conversion: FormatConversion, own: Int?) {
      if conversion.flags.contains(" ") {
        // `"100% accurate"` reads as the conversion `% a`: say how to write a percent sign.
        diagnose(
          .warning, .literalPercent,
          "'\(conversion.raw)' reads as a conversion; a literal percent sign is written %%",
          source: .lint)
      }
      if conversion.position == 0 {
        output += conversion.raw
        diagnose(
          .warning, .invalidSpecifier,
          "'\(conversion.raw)' names argument 0; arguments count from 1, so it is printed as is",
          source: .lint)
        return
      }
      let index: Int
      if let position = conversion.position {
        index = position
      } else if let own, conversion.isNumeric {
        index = own
      } else {
        index = next
        next += 1
      }
      if conversion.usesStar {
        diagnose(
          .error, .unsupportedSpecifier,
          "'\(conversion.raw)' reads a width or precision argument; notifications support only %@ and %n$@",
          source: .model)
      }
      guard let argument = argument(at: index, specifier: conversion.raw) else { return }
      if conversion.conversion == "@" {
        output += argument.description
        return
      }
      if conversion.isNumeric, index == own {
        output += argument.description
        return
      }
      if conversion.isNumeric, case .number = argument {
        output += argument.description
        return
      }
      output += argument.description
      diagnose(
        .error, .unsupportedSpecifier,
        "'\(conversion.raw)' is not %@ or %n$@: iOS renders garbage or nothing there; PushSim prints argument \(index) unchanged",
        source: .model)
    }

    /// The argument at a 1-based index, marking it used; `nil` (and a warning) when missing.
    mutating func argument(at index: Int, specifier: Substring) -> FormatArgument? {
      guard index >= 1, index <= arguments.count else {
        if !reportedMissing.contains(index) {
          reportedMissing.insert(index)
          guard index != Int.max else {
            diagnose(
              .warning, .missingLocArg,
              "'\(specifier)' names an argument position too large to exist (\(arguments.count) \(arguments.count == 1 ? "was" : "were") given); it prints as empty",
              source: .model)
            return nil
          }
          diagnose(
            .warning, .missingLocArg,
            "'\(specifier)' needs argument \(index) but only \(arguments.count) \(arguments.count == 1 ? "was" : "were") given; it prints as empty",
            source: .model)
        }
        return nil
      }
      used.insert(index)
      return arguments[index - 1]
    }

    mutating func reportUnused() {
      for index in 1...max(1, arguments.count) where index <= arguments.count {
        guard !used.contains(index) else { continue }
        diagnose(
          .warning, .unusedLocArg,
          "argument \(index) (\"\(arguments[index - 1])\") is not used by the format",
          source: .model, argument: index)
      }
    }

    mutating func diagnose(
      _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String,
      source: DiagnosticSource, argument: Int? = nil
    ) {
      var path = paths.format
      if let argument, let arguments = paths.arguments {
        path = "\(arguments)[\(argument - 1)]"
      }
      diagnostics.append(
        Diagnostic(
          severity, code: code, path: path, message: message, source: source))
    }
  }
}
