public import Foundation
public import PushCore
import PushPayload

/// `pushsim strings dump FILE`: a strings file's table as one JSON object (CommandLine.md).
///
/// `.strings`: key → value, what the device loads (after a silent truncation, only the entries
/// before it; Localization.md §1.5). `.stringsdict`: key → the entry's dictionary. `.xcstrings`:
/// `{"<lang>": {key: value}}`, plural values as the `.stringsdict` dictionary Xcode would
/// compile. Data values print as base64 strings.
public enum StringsDump {
  /// The kind of strings file, from its extension.
  public enum Kind: String, Sendable, CaseIterable {
    /// `.strings`
    case strings
    /// `.stringsdict`
    case stringsdict
    /// `.xcstrings`
    case xcstrings

    /// The kind of `url`, or `nil` for another extension.
    public init?(url: URL) {
      self.init(rawValue: url.pathExtension.lowercased())
    }
  }

  /// The dump of one file: the JSON value and the file's findings; `nil` value when the file
  /// could not be read at all.
  ///
  /// A NaN or an infinite number (only XML and binary property lists can hold one) prints as
  /// the string `"nan"`, `"inf"` or `"-inf"`, since JSON has no such numbers, with the error
  /// `dump-non-finite-number` naming where it is.
  public static func dump(
    contentsOf url: URL, name: String? = nil
  ) -> (value: PropertyListValue?, diagnostics: [Diagnostic]) {
    let file = name ?? url.path
    var (value, diagnostics) = read(url: url, file: file)
    let paths = value?.nonFinitePaths() ?? []
    if !paths.isEmpty {
      diagnostics.append(
        Diagnostic(
          .error, code: .dumpNonFiniteNumber, location: .file(file),
          message:
            "\(paths.joined(separator: ", ")) \(paths.count == 1 ? "holds" : "hold") NaN or infinity, which JSON cannot hold; printed as a string",
          source: .lint))
    }
    return (value, diagnostics)
  }

  private static func read(
    url: URL, file: String
  ) -> (value: PropertyListValue?, diagnostics: [Diagnostic]) {
    switch Kind(url: url) ?? .strings {
    case .strings:
      let parsed = StringsFile.read(contentsOf: url, name: file)
      // An empty file is an empty table on the device (`strings-empty-file`).
      let empty = parsed.diagnostics.map(\.code) == [.stringsEmptyFile]
      return (
        parsed.isLoaded || empty ? .dictionary(parsed.values) : nil, parsed.diagnostics
      )
    case .stringsdict:
      let parsed = StringsdictFile.read(contentsOf: url, name: file)
      return (parsed.isLoaded ? .dictionary(parsed.rawEntries) : nil, parsed.diagnostics)
    case .xcstrings:
      let catalog = StringCatalog.read(contentsOf: url, name: file)
      guard catalog.isLoaded else { return (nil, catalog.diagnostics) }
      let languages = catalog.tables.mapValues { table in
        PropertyListValue.dictionary(table.entries.mapValues(\.propertyListValue))
      }
      return (.dictionary(languages), catalog.diagnostics)
    }
  }

  /// JSON text with sorted keys, two-space indentation as `JSONSerialization` prints it, and a
  /// final newline: byte for byte what `JSONSerialization.data(withJSONObject:options:)` with
  /// `[.sortedKeys, .prettyPrinted, .withoutEscapingSlashes, .fragmentsAllowed]` writes, in
  /// linear time plus the key sort (``JSONKeyOrder``). A NaN or an infinity prints as a string
  /// (see ``dump(contentsOf:name:)``).
  public static func json(_ value: PropertyListValue) -> String {
    var writer = JSONWriter()
    write(value, into: &writer, level: 0)
    writer.raw(byte: UInt8(ascii: "\n"))
    return writer.text
  }

  /// Writes `value` at nesting `level`.
  private static func write(_ value: PropertyListValue, into writer: inout JSONWriter, level: Int) {
    switch value {
    case .string(let string): writer.string(string)
    case .data(let bytes): writer.string(Data(bytes).base64EncodedString())
    case .integer(let integer): writer.integer(integer)
    case .boolean(let boolean): writer.bool(boolean)
    case .real(let number), .date(let number):
      guard number.isFinite else {
        // JSON has no NaN or infinity (`dump-non-finite-number`).
        writer.string(PropertyListValue.nonFiniteText(number))
        return
      }
      var text = number.description
      if text.hasSuffix(".0") { text.removeLast(2) }
      text.withUTF8 { writer.raw($0) }
    case .array(let elements):
      writer.raw("[")
      for (index, element) in elements.enumerated() {
        if index > 0 { writer.raw(",") }
        writer.newline(indentation: 2 * (level + 1))
        write(element, into: &writer, level: level + 1)
      }
      if elements.isEmpty { writer.raw("\n") }
      writer.newline(indentation: 2 * level)
      writer.raw("]")
    case .dictionary(let dictionary):
      writer.raw("{")
      for (index, key) in JSONKeyOrder.sorted(dictionary.keys).enumerated() {
        guard let element = dictionary[key] else { continue }
        if index > 0 { writer.raw(",") }
        writer.newline(indentation: 2 * (level + 1))
        writer.string(key)
        writer.raw(" : ")
        write(element, into: &writer, level: level + 1)
      }
      if dictionary.isEmpty { writer.raw("\n") }
      writer.newline(indentation: 2 * level)
      writer.raw("}")
    }
  }
}

extension LocalizedValue {
  /// The value as a property list: a string, or a `.stringsdict` entry dictionary.
  public var propertyListValue: PropertyListValue {
    switch self {
    case .format(let text):
      return .string(text)
    case .plural(let plural):
      var entry: [String: PropertyListValue] = [
        "NSStringLocalizedFormatKey": .string(plural.format)
      ]
      for (name, variable) in plural.variables {
        var spec: [String: PropertyListValue] = [
          "NSStringFormatSpecTypeKey": .string("NSStringPluralRuleType")
        ]
        if let valueType = variable.valueType {
          spec["NSStringFormatValueTypeKey"] = .string(valueType)
        }
        for (category, text) in variable.variants { spec[category.rawValue] = .string(text) }
        entry[name] = .dictionary(spec)
      }
      return .dictionary(entry)
    }
  }
}
