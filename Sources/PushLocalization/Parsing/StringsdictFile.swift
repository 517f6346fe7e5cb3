public import Foundation

/// A `.stringsdict` file: plural formats by key (Localization.md §2.1, §2.5).
///
/// The property list (XML, binary, or old-style text) is read with `PropertyListSerialization`;
/// each entry is a dictionary with `NSStringLocalizedFormatKey` and one dictionary per variable
/// (`NSStringFormatSpecTypeKey` = `NSStringPluralRuleType`, `NSStringFormatValueTypeKey`, and the
/// categories `zero one two few many other`). Findings carry the line and column of the key in
/// the file's text where it can be found.
public struct StringsdictFile: Sendable {
  /// The file name used in diagnostics.
  public var file: String
  /// The entries the device can use, by key.
  public var entries: [String: PluralFormat]
  /// Every entry as written (for `pushsim strings dump`).
  public var rawEntries: [String: PropertyListValue]
  /// Whether the file could be read at all.
  public var isLoaded: Bool
  /// Errors and warnings.
  public var diagnostics: [LocalizationDiagnostic]

  /// The entries as a table, to merge over a `.strings` table (Localization.md §2.2).
  public var table: StringsTable { StringsTable(entries: entries.mapValues { .plural($0) }) }

  /// Reads a file from disk.
  public static func read(contentsOf url: URL, name: String? = nil) -> StringsdictFile {
    let file = name ?? url.path
    guard let data = try? Data(contentsOf: url) else {
      return StringsdictFile(
        file: file, entries: [:], rawEntries: [:], isLoaded: false,
        diagnostics: [.unreadableFile(file)])
    }
    return read(data: data, file: file)
  }

  /// Reads a file's bytes.
  public static func read(data: Data, file: String) -> StringsdictFile {
    var result = StringsdictFile(
      file: file, entries: [:], rawEntries: [:], isLoaded: false, diagnostics: [])
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      result.diagnostics.append(
        LocalizationDiagnostic(
          .error, code: "strings-syntax",
          message:
            "the property list does not parse (\(error.localizedDescription)); the device loads nothing from this file",
          source: .device, file: file, line: 1, column: 1))
      return result
    }
    guard let value = PropertyListValue(foundation: object), case .dictionary(let top) = value
    else {
      result.diagnostics.append(
        LocalizationDiagnostic(
          .error, code: "strings-not-dictionary",
          message: "the top-level object is not a dictionary; the device loads nothing",
          source: .device, file: file, line: 1, column: 1))
      return result
    }
    result.isLoaded = true
    result.rawEntries = top
    let locator = KeyLocator(text: [UInt8](data), json: false)
    for key in top.keys.sorted() {
      let keyPosition = locator.position(of: key)
      func diagnose(
        _ severity: LocalizationDiagnostic.Severity, _ code: String, _ message: String,
        at name: String? = nil
      ) {
        var position = keyPosition
        if let name, let found = locator.position(of: name, after: keyPosition?.offset ?? 0) {
          position = found
        }
        result.diagnostics.append(
          LocalizationDiagnostic(
            severity, code: code, message: message, source: .device, file: file,
            line: position?.line ?? 1, column: position?.column ?? 1))
      }
      guard case .dictionary(let entry)? = top[key] else {
        diagnose(.error, "stringsdict-entry", "\"\(key)\" is not a dictionary; it is ignored")
        continue
      }
      guard case .string(let format)? = entry["NSStringLocalizedFormatKey"] else {
        diagnose(
          .error, "stringsdict-entry",
          "\"\(key)\" has no NSStringLocalizedFormatKey string; the device cannot format it")
        continue
      }
      var variables: [String: PluralVariable] = [:]
      for (name, item) in entry where name != "NSStringLocalizedFormatKey" {
        guard case .dictionary(let spec) = item else { continue }
        guard spec["NSStringFormatSpecTypeKey"]?.stringValue == "NSStringPluralRuleType" else {
          diagnose(
            .warning, "stringsdict-variable",
            "variable '\(name)' of \"\(key)\" is not an NSStringPluralRuleType; it is ignored",
            at: name)
          continue
        }
        var variants: [PluralCategory: String] = [:]
        for category in PluralCategory.allCases {
          if let text = spec[category.rawValue]?.stringValue { variants[category] = text }
        }
        if variants[.other] == nil {
          diagnose(
            .warning, "plural-other-missing",
            "variable '\(name)' of \"\(key)\" has no 'other' form; numbers of a missing category print nothing",
            at: name)
        }
        variables[name] = PluralVariable(
          valueType: spec["NSStringFormatValueTypeKey"]?.stringValue, variants: variants)
      }
      for token in FormatToken.tokenize(format)
        + variables.values.flatMap({
          $0.variants.values.flatMap(FormatToken.tokenize)
        })
      {
        if case .variable(let name, _, let raw) = token, variables[name] == nil {
          diagnose(
            .error, "plural-variable-missing",
            "\"\(key)\" uses '\(raw)' but defines no variable '\(name)'")
        }
      }
      result.entries[key] = PluralFormat(format: format, variables: variables)
    }
    return result
  }
}
