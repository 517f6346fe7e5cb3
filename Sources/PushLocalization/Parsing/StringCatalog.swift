public import Foundation
public import PushCore
import PushPayload

/// An `.xcstrings` String Catalog turned into one table per language, as Xcode compiles it into
/// `.strings`/`.stringsdict` (Localization.md §3).
///
/// Read with PushSim's own JSON reader, one key at a time: the whole text is checked first, but
/// `strings` is never one tree (its members' places are kept, and each key's tree is built,
/// read and let go in turn), so a catalog costs a small multiple of its size in memory (a
/// `JSONSerialization` tree took about 40 to 105 bytes per byte of the file). Per key and
/// language: a `stringUnit`'s `value`; or `variations.device` (PushSim is an iPhone:
/// `iphone`, else `other`); or `variations.plural` (a plural over the first numeric conversion
/// of its `other` text); and `substitutions`, whose `%#@name@` reads argument `argNum` and
/// whose variants write that argument as `%arg` (printed with `formatSpecifier`). Variations
/// nest. A key with no entry for the source language uses the key itself there, as Xcode does
/// for extracted strings. A key written twice takes its last value, as Foundation reads it.
///
/// - Complexity: O(n) time in the file's bytes (plus sorting the keys); memory the file's bytes,
///   32 bytes a key, the tables made, and one key's tree at a time.
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
    // The file's bytes, without keeping the `Data` they were read into.
    guard let bytes = (try? Data(contentsOf: url)).map({ [UInt8]($0) }) else {
      return StringCatalog(
        file: file, sourceLanguage: "", tables: [:], isLoaded: false,
        diagnostics: [.unreadableFile(file)])
    }
    return read(bytes: bytes, file: file)
  }

  /// Reads a catalog's bytes.
  public static func read(data: Data, file: String) -> StringCatalog {
    read(bytes: [UInt8](data), file: file)
  }

  /// Reads a catalog's bytes (UTF-8 JSON).
  static func read(bytes: [UInt8], file: String) -> StringCatalog {
    var catalog = StringCatalog(
      file: file, sourceLanguage: "", tables: [:], isLoaded: false, diagnostics: [])
    let document: JSONDocument
    do {
      document = try JSONDocument(parsing: bytes, deferringObject: "strings")
    } catch {
      catalog.diagnostics.append(
        Diagnostic(
          .error, code: .stringsSyntax,
          location: .file(file, at: error.position),
          message: "the catalog is not valid JSON (\(error.message))", source: .device))
      return catalog
    }
    guard let source = document.root["sourceLanguage"]?.stringValue,
      let stringsValue = document.root["strings"], stringsValue.objectValue != nil
    else {
      catalog.diagnostics.append(
        Diagnostic(
          .error, code: .catalogStructure, location: .file(file, line: 1, column: 1),
          message: "a catalog needs a \"sourceLanguage\" string and a \"strings\" object",
          source: .device))
      return catalog
    }
    let strings = document.deferredObjects[stringsValue.byteRange.lowerBound]
    catalog.sourceLanguage = source
    catalog.isLoaded = true
    // Each key's member (the last, for a key written twice), read in sorted key order.
    var memberOfKey: [String: Int] = [:]
    for index in strings.map({ $0.members.indices }) ?? 0..<0 {
      guard let key = try? strings?.key(index, in: bytes) else { continue }
      memberOfKey[key] = index
    }
    var tables: [String: [String: LocalizedValue]] = [:]
    for key in memberOfKey.keys.sorted() {
      guard let strings, let index = memberOfKey[key],
        let node = try? strings.value(index, in: bytes)
      else { continue }
      let keyOffset = strings.members[index].key.lowerBound
      func location() -> DiagnosticLocation {
        .file(file, at: document.position(ofByte: keyOffset))
      }
      var reader = EntryReader(key: key)
      let localizations = node["localizations"]?.objectValue
      let byLanguage = (localizations?.uniqueMembers ?? []).sorted { $0.key < $1.key }
      for member in byLanguage {
        let language = member.key
        guard let value = reader.value(of: member.value) else { continue }
        tables[language, default: [:]][key] = value
        guard case .plural(let plural) = value else { continue }
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
              .warning, code: finding.code, location: location(), message: finding.message,
              source: finding.code == .pluralFormMissing ? .lint : .device))
        }
        for cycle in plural.variableCycles {
          catalog.diagnostics.append(
            Diagnostic(
              .error, code: .pluralVariableCycle, location: location(),
              message:
                "\"\(key)\" (\(language)): substitution '\(cycle.first ?? "")' is used inside its own forms (\(cycle.joined(separator: " → "))); it cannot be expanded, and PushSim prints it as written",
              source: .model))
        }
      }
      if localizations?[source] == nil {
        tables[source, default: [:]][key] = .format(key)
      }
      for message in reader.problems {
        catalog.diagnostics.append(
          Diagnostic(
            .warning, code: .catalogEntry, location: location(), message: "\"\(key)\": \(message)",
            source: .device))
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

    mutating func value(of node: JSONValue) -> LocalizedValue? {
      guard let node = node.objectValue else {
        problems.append("a localization is not an object")
        return nil
      }
      var variables: [String: PluralVariable] = [:]
      var renames: [String: Int] = [:]
      if let substitutions = node["substitutions"]?.objectValue {
        for member in substitutions.uniqueMembers {
          let name = member.key
          guard let item = member.value.objectValue else { continue }
          let argumentNumber = item["argNum"]?.numberValue.flatMap(Self.integer)
          let specifier = item["formatSpecifier"]?.stringValue ?? "@"
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

    /// A number as `NSNumber.intValue` reads it (towards zero); `nil` when no `Int` holds it.
    private static func integer(_ number: JSONNumber) -> Int? {
      if let integer = number.integer { return integer }
      let whole = number.double.rounded(.towardZero)
      return Int(exactly: whole)
    }

    private enum Resolved {
      case text(String)
      case plural([PluralCategory: String])
    }

    /// A `stringUnit`, or a variation resolved for an iPhone.
    private mutating func resolve(_ node: JSONObject) -> Resolved? {
      if let variations = node["variations"]?.objectValue {
        if let device = variations["device"]?.objectValue {
          guard let chosen = (device["iphone"] ?? device["other"])?.objectValue else {
            return nil
          }
          return resolve(chosen)
        }
        if let variants = pluralVariants(of: node["variations"]) {
          return .plural(variants)
        }
        problems.append("unknown variations \(Set(variations.keys).sorted())")
        return nil
      }
      if let unit = node["stringUnit"]?.objectValue {
        guard let value = unit["value"]?.stringValue else {
          problems.append("a stringUnit has no value")
          return nil
        }
        return .text(value)
      }
      return nil
    }

    /// The variants of a `{ "plural": { category: { stringUnit } } }` object.
    private mutating func pluralVariants(of variations: JSONValue?) -> [PluralCategory: String]? {
      guard let plural = variations?["plural"]?.objectValue else { return nil }
      var variants: [PluralCategory: String] = [:]
      for member in plural.uniqueMembers {
        guard let category = PluralCategory(rawValue: member.key) else {
          problems.append("unknown plural category '\(member.key)'")
          continue
        }
        guard let item = member.value.objectValue, case .text(let text)? = resolve(item) else {
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
}
