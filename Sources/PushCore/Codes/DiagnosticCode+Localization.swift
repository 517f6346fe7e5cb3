extension DiagnosticCode {
  // MARK: Strings tables and the localization of an alert (Rules.md §3, Localization.md)

  /// A `*-loc-key` is not in the chosen language's table: the literal is shown if there is one,
  /// else the key itself.
  public static let locKeyMissing = DiagnosticCode(rawValue: "loc-key-missing")
  /// The strings folder has no localizations (no `*.lproj` tables or catalogs).
  public static let stringsEmpty = DiagnosticCode(rawValue: "strings-empty")
  /// The format needs more arguments than `*-loc-args` has; the missing ones print as empty.
  public static let missingLocArg = DiagnosticCode(rawValue: "missing-loc-arg")
  /// An argument is not used by the format.
  public static let unusedLocArg = DiagnosticCode(rawValue: "unused-loc-arg")
  /// A conversion other than `%@`, `%n$@` or `%%` (`%d`, `%s`, a `*` width, …).
  public static let unsupportedSpecifier = DiagnosticCode(rawValue: "unsupported-specifier")
  /// A `%` that does not start a complete specifier; it is printed as is.
  public static let invalidSpecifier = DiagnosticCode(rawValue: "invalid-specifier")
  /// The argument that chooses a plural form is not a decimal number; the `other` form is used.
  public static let pluralArgNotNumber = DiagnosticCode(rawValue: "plural-arg-not-number")
  /// The plural variable has neither the needed category nor `other`; nothing is printed for it.
  public static let pluralCategoryMissing = DiagnosticCode(rawValue: "plural-category-missing")
  /// A format uses `%#@name@` but the entry defines no variable `name` (or variables nest too
  /// deeply).
  public static let pluralVariableMissing = DiagnosticCode(rawValue: "plural-variable-missing")
  /// A plural variable has no `other` form and a number its value type can take (whole numbers for
  /// `%d`/`%ld`/`%u`…, any number for `%f`/`%@`) selects a category it lacks: those numbers print
  /// nothing.
  public static let pluralOtherMissing = DiagnosticCode(rawValue: "plural-other-missing")
  /// A plural variable lacks a category that numbers of its value type select (Russian with only
  /// `one`/`other` misses `few` and `many` for integers); its `other` form prints there, usually in
  /// the wrong grammatical form.
  public static let pluralFormMissing = DiagnosticCode(rawValue: "plural-form-missing")
  /// `strings lint` without `--payload`: how many keys use numeric conversions (`%d`…); they matter
  /// only in a key a push uses as its loc-key, since loc-args are strings.
  public static let numericSpecifiers = DiagnosticCode(rawValue: "numeric-specifiers")
  /// A `%` followed by a space (`100% sure`): iOS reads it as a conversion.
  public static let literalPercent = DiagnosticCode(rawValue: "literal-percent")
  /// `%n` (with any position, flags or length: `%1$n`, `%hn`): printf's conversion that writes
  /// to memory through its argument, never valid in a localized string.
  public static let writeSpecifier = DiagnosticCode(rawValue: "write-specifier")
  /// An empty `.strings` file: the device reads a table with no keys (plutil refuses the file).
  public static let stringsEmptyFile = DiagnosticCode(rawValue: "strings-empty-file")
  /// A plural variable is used inside its own forms, directly or through others (`a → b → a`): iOS
  /// would recurse; PushSim prints the text as written and names the chain.
  public static let pluralVariableCycle = DiagnosticCode(rawValue: "plural-variable-cycle")
  /// Expanding nested plural variables passed PushSim's limits (64 KiB of text or 1,000 variable
  /// uses): the rest is cut.
  public static let formatExpansionLimit = DiagnosticCode(rawValue: "format-expansion-limit")
  /// `strings dump`: a plist table holds NaN or infinity, which JSON cannot hold; printed as
  /// `"nan"`/`"inf"`, exit status 1.
  public static let dumpNonFiniteNumber = DiagnosticCode(rawValue: "dump-non-finite-number")
  /// A `.stringsdict` entry is not a dictionary, or has no `NSStringLocalizedFormatKey` string; it
  /// is ignored.
  public static let stringsdictEntry = DiagnosticCode(rawValue: "stringsdict-entry")
  /// A `.stringsdict` variable is not an `NSStringPluralRuleType`; it is ignored.
  public static let stringsdictVariable = DiagnosticCode(rawValue: "stringsdict-variable")
  /// An `.xcstrings` file lacks a `sourceLanguage` string or a `strings` object; nothing loads from
  /// it.
  public static let catalogStructure = DiagnosticCode(rawValue: "catalog-structure")
  /// An `.xcstrings` entry cannot be read (an unexpected shape); that entry is skipped.
  public static let catalogEntry = DiagnosticCode(rawValue: "catalog-entry")
  /// A table does not parse (the message gives file, line and column, with the wording of Apple's
  /// parser); the device loads nothing from the file.
  public static let stringsSyntax = DiagnosticCode(rawValue: "strings-syntax")
  /// A `.strings` file is neither UTF-8 nor UTF-16 (nor UTF-32 with a BOM); nothing loads.
  public static let stringsEncoding = DiagnosticCode(rawValue: "strings-encoding")
  /// The file holds a single value or a non-dictionary property list, not key = value pairs;
  /// nothing loads.
  public static let stringsNotDictionary = DiagnosticCode(rawValue: "strings-not-dictionary")
  /// Apple's parser stops here without an error (a stray character, an unclosed quote) and the
  /// device will not see the entries after this point; the message counts them.
  public static let silentTruncation = DiagnosticCode(rawValue: "silent-truncation")
  /// Apple's parser stops at stray text after the last entry; nothing is lost, but the file is not
  /// clean.
  public static let trailingJunk = DiagnosticCode(rawValue: "trailing-junk")
  /// A `.strings` value is not a string (an array or dictionary); lookups of it show the key.
  public static let valueNotString = DiagnosticCode(rawValue: "value-not-string")
  /// A strings file or folder cannot be read; the device loads nothing from it.
  public static let unreadableFile = DiagnosticCode(rawValue: "unreadable-file")
  /// A key is in some localizations but not in others; a push with that key shows the key itself
  /// there.
  public static let keyMissingInLocalization = DiagnosticCode(
    rawValue: "key-missing-in-localization")
}
