public import Foundation
public import PushCore
import PushPayload

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
  public var diagnostics: [Diagnostic]

  /// The entries as a table, to merge over a `.strings` table (Localization.md §2.2).
  public var table: StringsTable { StringsTable(entries: entries.mapValues { .plural($0) }) }

  /// Reads a file from disk.
  ///
  /// The language whose plural rules judge missing forms is the file's `<language>.lproj`
  /// folder (none for `Base.lproj` or a file outside one).
  public static func read(contentsOf url: URL, name: String? = nil) -> StringsdictFile {
    let file = name ?? url.path
    guard let data = try? Data(contentsOf: url) else {
      return StringsdictFile(
        file: file, entries: [:], rawEntries: [:], isLoaded: false,
        diagnostics: [.unreadableFile(file)])
    }
    return read(data: data, file: file, language: language(of: url))
  }

  /// The language of a file inside `<language>.lproj` (`nil` for `Base.lproj` or none).
  /// Where and why `PropertyListSerialization` refused a property list: the line its message
  /// names, or the last line for an unexpected end of file, else 1.
  ///
  /// Foundation's property-list readers report a line at best ("Encountered unknown tag strin on
  /// line 5"), never a column, so every position here is at column 1 of that line. An XML file
  /// (one that starts with `<`) is judged by the XML reader's message; anything else by the
  /// old-style (text) reader's, which Foundation nests under `kCFPropertyListOldStyleParsingError`
  /// after the XML reader has given up. A binary property list gets 1:1.
  static func syntaxError(_ error: NSError, in bytes: [UInt8]) -> (line: Int, reason: String) {
    var text = bytes[...]
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
    let isXML = text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "<")
    var message = (error.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ""
    // On Linux the nested error is a CoreFoundation error that does not cast to `NSError` from
    // `Any`; its description holds `NSDebugDescription=<message>}`.
    if !isXML, let nested = error.userInfo["kCFPropertyListOldStyleParsingError"] {
      let text = String(describing: nested)
      if let start = text.range(of: "NSDebugDescription=") {
        message = String(text[start.upperBound...].prefix { $0 != "}" })
      }
    }
    let reason = message.isEmpty ? error.localizedDescription : message
    let lastLine = LineIndex(bytes).position(of: bytes.count).line
    if message.contains("unexpected EOF") || message.contains("Unexpected EOF") {
      return (lastLine, reason)
    }
    for marker in [" on line ", " at line "] {
      guard let range = message.range(of: marker) else { continue }
      if let line = Int(message[range.upperBound...].prefix(while: \.isNumber)), line >= 1 {
        return (min(line, lastLine), reason)
      }
    }
    return (1, reason)
  }

  static func language(of url: URL) -> String? {
    let folder = url.deletingLastPathComponent()
    guard folder.pathExtension == "lproj" else { return nil }
    let name = folder.deletingPathExtension().lastPathComponent
    return name.lowercased() == "base" || name.isEmpty ? nil : name
  }

  /// Reads a file's bytes. `language` (a tag such as `ru`, `pt_BR`) chooses the plural rules
  /// that judge missing forms; without it only a missing `other` form is reported.
  public static func read(data: Data, file: String, language: String? = nil) -> StringsdictFile {
    var result = StringsdictFile(
      file: file, entries: [:], rawEntries: [:], isLoaded: false, diagnostics: [])
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      let bytes = [UInt8](data)
      let (line, reason) = Self.syntaxError(error as NSError, in: bytes)
      result.diagnostics.append(
        Diagnostic(
          .error, code: .stringsSyntax, location: .file(file, line: line, column: 1),
          message:
            "the property list does not parse (\(reason)); the device loads nothing from this file",
          source: .device))
      return result
    }
    guard let value = PropertyListValue(foundation: object), case .dictionary(let top) = value
    else {
      result.diagnostics.append(
        Diagnostic(
          .error, code: .stringsNotDictionary, location: .file(file, line: 1, column: 1),
          message: "the top-level object is not a dictionary; the device loads nothing",
          source: .device))
      return result
    }
    result.isLoaded = true
    result.rawEntries = top
    let locator = KeyLocator(text: [UInt8](data), json: false)
    for key in top.keys.sorted() {
      let keyPosition = locator.position(of: key)
      func diagnose(
        _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String,
        at name: String? = nil, source: DiagnosticSource = .device
      ) {
        var position = keyPosition
        if let name, let found = locator.position(of: name, after: keyPosition?.offset ?? 0) {
          position = found
        }
        result.diagnostics.append(
          Diagnostic(
            severity, code: code,
            location: .file(file, line: position?.line ?? 1, column: position?.column ?? 1),
            message: message, source: source))
      }
      guard case .dictionary(let entry)? = top[key] else {
        diagnose(.error, .stringsdictEntry, "\"\(key)\" is not a dictionary; it is ignored")
        continue
      }
      guard case .string(let format)? = entry["NSStringLocalizedFormatKey"] else {
        diagnose(
          .error, .stringsdictEntry,
          "\"\(key)\" has no NSStringLocalizedFormatKey string; the device cannot format it")
        continue
      }
      var variables: [String: PluralVariable] = [:]
      for (name, item) in entry where name != "NSStringLocalizedFormatKey" {
        guard case .dictionary(let spec) = item else { continue }
        guard spec["NSStringFormatSpecTypeKey"]?.stringValue == "NSStringPluralRuleType" else {
          diagnose(
            .warning, .stringsdictVariable,
            "variable '\(name)' of \"\(key)\" is not an NSStringPluralRuleType; it is ignored",
            at: name)
          continue
        }
        var variants: [PluralCategory: String] = [:]
        for category in PluralCategory.allCases {
          if let text = spec[category.rawValue]?.stringValue { variants[category] = text }
        }
        let valueType = spec["NSStringFormatValueTypeKey"]?.stringValue
        if let finding = Self.coverageFinding(
          subject: "variable '\(name)' of \"\(key)\"", variants: variants, valueType: valueType,
          language: language)
        {
          diagnose(
            .warning, finding.code, finding.message, at: name,
            source: finding.code == .pluralFormMissing ? .lint : .device)
        }
        variables[name] = PluralVariable(valueType: valueType, variants: variants)
      }
      for token in FormatToken.tokenize(format)
        + variables.values.flatMap({
          $0.variants.values.flatMap(FormatToken.tokenize)
        })
      {
        if case .variable(let name, _, let raw) = token, variables[name] == nil {
          diagnose(
            .error, .pluralVariableMissing,
            "\"\(key)\" uses '\(raw)' but defines no variable '\(name)'")
        }
      }
      let plural = PluralFormat(format: format, variables: variables)
      for cycle in plural.variableCycles {
        diagnose(
          .error, .pluralVariableCycle,
          "\"\(key)\": variable '\(cycle[0])' is used inside its own forms (\(cycle.joined(separator: " → "))); it cannot be expanded, and PushSim prints it as written",
          at: cycle[0], source: .model)
      }
      result.entries[key] = plural
    }
    return result
  }

  /// `plural-other-missing` or `plural-form-missing` for a variable, if a number its value type
  /// can take selects a category it has no form for (``PluralCoverage``).
  /// `subject` names the variable in the message (`variable 'n' of "FILES"`).
  static func coverageFinding(
    subject: String, variants: [PluralCategory: String], valueType: String?, language: String?
  ) -> (code: DiagnosticCode, message: String)? {
    guard let language else {
      guard variants[.other] == nil else { return nil }
      return (
        .pluralOtherMissing,
        "\(subject) has no 'other' form; numbers of a missing category print nothing"
      )
    }
    let gaps = PluralCoverage.gaps(
      variants: variants, valueType: valueType, rules: PluralRules.forLanguage(language))
    guard !gaps.isEmpty else { return nil }
    let kind = PluralCoverage.isIntegerValueType(valueType) ? "whole numbers" : "numbers"
    let list = gaps.map { gap in
      let numbers =
        gap.examples.isEmpty
        ? "decimals"
        : gap.examples.map(String.init).joined(separator: ", ") + (gap.hasMore ? "…" : "")
      return "'\(gap.category.rawValue)' (\(numbers))"
    }.joined(separator: ", ")
    if variants[.other] == nil {
      return (
        .pluralOtherMissing,
        "\(subject) has no 'other' form, and in \(language) \(kind) select \(list), which it lacks: they print nothing"
      )
    }
    return (
      .pluralFormMissing,
      "\(subject) lacks forms that \(kind) select in \(language): \(list); they print the 'other' form"
    )
  }
}
