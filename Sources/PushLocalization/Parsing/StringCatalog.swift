public import Foundation
public import PushCore
import PushPayload

/// An `.xcstrings` String Catalog turned into one table per language, as Xcode compiles it into
/// `.strings`/`.stringsdict` (Localization.md §3).
///
/// Read with `JSONSerialization`. Per key and language: a `stringUnit`'s `value`; or
/// `variations.device` (PushSim is an iPhone: `iphone`, else `other`); or `variations.plural`
/// (a plural over the first numeric conversion of its `other` text); and `substitutions`, whose
/// `%#@name@` reads argument `argNum` and whose variants write that argument as `%arg` (printed
/// with `formatSpecifier`). Variations nest. A key with no entry for the source language uses
/// the key itself there, as Xcode does for extracted strings.
public struct StringCatalog: Sendable {
  /// The file name used in diagnostics.
  public var file: String
  /// `sourceLanguage`.
  public var sourceLanguage: String
  /// The table for each language in the catalog.
  public var tables: [String: StringsTable]
  /// Whether the file could be read at all.
  public var isLoaded: Bool
  /// Errors and warnings.
  public var diagnostics: [Diagnostic]

  /// The languages, sorted.
  public var languages: [String] { tables.keys.sorted() }

  /// Reads a catalog from disk.
  public static func read(contentsOf url: URL, name: String? = nil) -> StringCatalog {
    let file = name ?? url.path
    guard let data = try? Data(contentsOf: url) else {
      return StringCatalog(
        file: file, sourceLanguage: "", tables: [:], isLoaded: false,
        diagnostics: [.unreadableFile(file)])
    }
    return read(data: data, file: file)
  }

  /// Reads a catalog's bytes.
  public static func read(data: Data, file: String) -> StringCatalog {
    var catalog = StringCatalog(
      file: file, sourceLanguage: "", tables: [:], isLoaded: false, diagnostics: [])
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      let bytes = [UInt8](data)
      let (line, column) = Self.syntaxErrorPosition(error as NSError, in: bytes)
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
      catalog.diagnostics.append(
        Diagnostic(
          .error, code: .stringsSyntax, location: .file(file, line: line, column: column),
          message: "the catalog is not valid JSON (\(detail ?? error.localizedDescription))",
          source: .device))
      return catalog
    }
    guard let top = object as? [String: Any], let source = top["sourceLanguage"] as? String,
      let strings = top["strings"] as? [String: Any]
    else {
      catalog.diagnostics.append(
        Diagnostic(
          .error, code: .catalogStructure, location: .file(file, line: 1, column: 1),
          message: "a catalog needs a \"sourceLanguage\" string and a \"strings\" object",
          source: .device))
      return catalog
    }
    catalog.sourceLanguage = source
    catalog.isLoaded = true
    let locator = KeyLocator(text: [UInt8](data), json: true)
    var tables: [String: [String: LocalizedValue]] = [:]
    for key in strings.keys.sorted() {
      let position = locator.position(of: key)
      var reader = EntryReader(key: key)
      let localizations = (strings[key] as? [String: Any])?["localizations"] as? [String: Any]
      for (language, node) in (localizations ?? [:]).sorted(by: { $0.key < $1.key }) {
        if let value = reader.value(of: node) {
          tables[language, default: [:]][key] = value
          if case .plural(let plural) = value {
            for name in plural.variables.keys.sorted() {
              guard let variable = plural.variables[name] else { continue }
              let isVariation = name == EntryReader.variationName
              let subject =
                isVariation
                ? "the plural variation of \"\(key)\" (\(language))"
                : "substitution '\(name)' of \"\(key)\" (\(language))"
              let valueType =
                isVariation
                ? EntryReader.numericValueType(in: variable.variants[.other] ?? "")
                : variable.valueType
              guard
                let finding = StringsdictFile.coverageFinding(
                  subject: subject, variants: variable.variants, valueType: valueType,
                  language: language)
              else { continue }
              catalog.diagnostics.append(
                Diagnostic(
                  .warning, code: finding.code,
                  location: .file(file, line: position?.line ?? 1, column: position?.column ?? 1),
                  message: finding.message,
                  source: finding.code == .pluralFormMissing ? .lint : .device))
            }
            for cycle in plural.variableCycles {
              catalog.diagnostics.append(
                Diagnostic(
                  .error, code: .pluralVariableCycle,
                  location: .file(file, line: position?.line ?? 1, column: position?.column ?? 1),
                  message:
                    "\"\(key)\" (\(language)): substitution '\(cycle[0])' is used inside its own forms (\(cycle.joined(separator: " → "))); it cannot be expanded, and PushSim prints it as written",
                  source: .model))
            }
          }
        }
      }
      if localizations?[source] == nil {
        tables[source, default: [:]][key] = .format(key)
      }
      for message in reader.problems {
        catalog.diagnostics.append(
          Diagnostic(
            .warning, code: .catalogEntry,
            location: .file(file, line: position?.line ?? 1, column: position?.column ?? 1),
            message: "\"\(key)\": \(message)", source: .device))
      }
    }
    catalog.tables = tables.mapValues { StringsTable(entries: $0) }
    return catalog
  }

  /// Turns one localization node into a value.
  private struct EntryReader {
    /// The variable a `variations.plural` becomes.
    static let variationName = "__plural"
    var key: String
    var problems: [String] = []

    init(key: String) { self.key = key }

    mutating func value(of node: Any) -> LocalizedValue? {
      guard let node = node as? [String: Any] else {
        problems.append("a localization is not an object")
        return nil
      }
      var variables: [String: PluralVariable] = [:]
      var renames: [String: Int] = [:]
      if let substitutions = node["substitutions"] as? [String: Any] {
        for (name, item) in substitutions {
          guard let item = item as? [String: Any] else { continue }
          let argumentNumber = (item["argNum"] as? NSNumber)?.intValue
          let specifier = (item["formatSpecifier"] as? String) ?? "@"
          guard let variants = pluralVariants(of: item["variations"]) else {
            problems.append("substitution '\(name)' has no plural variations")
            continue
          }
          let written = variants.mapValues { text in
            text.replacingOccurrences(
              of: "%arg",
              with: argumentNumber.map { "%\($0)$\(specifier)" } ?? "%\(specifier)")
          }
          variables[name] = PluralVariable(
            valueType: specifier, argumentNumber: argumentNumber, variants: written)
          if let argumentNumber { renames[name] = argumentNumber }
        }
      }
      guard let resolved = resolve(node) else { return nil }
      switch resolved {
      case .text(var text):
        for (name, number) in renames {
          text = text.replacingOccurrences(of: "%#@\(name)@", with: "%\(number)$#@\(name)@")
        }
        if variables.isEmpty { return .format(text) }
        return .plural(PluralFormat(format: text, variables: variables))
      case .plural(let variants):
        let argument = Self.firstNumericArgument(
          in: variants[.other] ?? variants.values.first ?? "")
        var all = variables
        let name = Self.variationName
        all[name] = PluralVariable(argumentNumber: argument, variants: variants)
        return .plural(PluralFormat(format: "%\(argument)$#@\(name)@", variables: all))
      }
    }

    private enum Resolved {
      case text(String)
      case plural([PluralCategory: String])
    }

    /// A `stringUnit`, or a variation resolved for an iPhone.
    private mutating func resolve(_ node: [String: Any]) -> Resolved? {
      if let variations = node["variations"] as? [String: Any] {
        if let device = variations["device"] as? [String: Any] {
          guard let chosen = (device["iphone"] ?? device["other"]) as? [String: Any] else {
            return nil
          }
          return resolve(chosen)
        }
        if let variants = pluralVariants(of: variations) {
          return .plural(variants)
        }
        problems.append("unknown variations \(variations.keys.sorted())")
        return nil
      }
      if let unit = node["stringUnit"] as? [String: Any] {
        guard let value = unit["value"] as? String else {
          problems.append("a stringUnit has no value")
          return nil
        }
        return .text(value)
      }
      return nil
    }

    /// The variants of a `{ "plural": { category: { stringUnit } } }` object.
    private mutating func pluralVariants(of variations: Any?) -> [PluralCategory: String]? {
      guard let variations = variations as? [String: Any],
        let plural = variations["plural"] as? [String: Any]
      else { return nil }
      var variants: [PluralCategory: String] = [:]
      for (name, item) in plural {
        guard let category = PluralCategory(rawValue: name) else {
          problems.append("unknown plural category '\(name)'")
          continue
        }
        guard let item = item as? [String: Any], case .text(let text)? = resolve(item) else {
          continue
        }
        variants[category] = text
      }
      return variants
    }

    /// The value type (`lld`, `d`, `f`…) of the first numeric conversion in `text`, if any.
    static func numericValueType(in text: String) -> String? {
      for case .conversion(let conversion) in FormatToken.tokenize(text)
      where conversion.isNumeric {
        return conversion.length + String(conversion.conversion)
      }
      return nil
    }

    /// The argument number of the first numeric conversion in `text` (1 when there is none).
    static func firstNumericArgument(in text: String) -> Int {
      var next = 1
      for token in FormatToken.tokenize(text) {
        guard case .conversion(let conversion) = token else { continue }
        if conversion.isNumeric { return conversion.position ?? next }
        if conversion.position == nil { next += 1 }
      }
      return 1
    }
  }

  /// Where `JSONSerialization` found a syntax error: its `NSJSONSerializationErrorIndex` (a
  /// byte offset) when it gives one, else the offset or line and column its description names
  /// ("around character 18", "around line 3, column 7"); 1:1 when it says nothing.
  static func syntaxErrorPosition(_ error: NSError, in bytes: [UInt8]) -> (line: Int, column: Int) {
    let lines = LineIndex(bytes)
    if let index = error.userInfo["NSJSONSerializationErrorIndex"] as? Int, index >= 0 {
      return lines.lineAndColumn(of: index)
    }
    let text = (error.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ""
    func number(after marker: String) -> Int? {
      guard let range = text.range(of: marker) else { return nil }
      return Int(text[range.upperBound...].prefix(while: \.isNumber))
    }
    if let line = number(after: "line "), let column = number(after: "column ") {
      return (max(1, line), max(1, column))
    }
    if let index = number(after: "character ") {
      return lines.lineAndColumn(of: index)
    }
    return (1, 1)
  }
}
