public import Foundation
public import PushCore
import PushPayload

/// A `.strings` file as the device loads it, with every finding about it.
///
/// Text files (UTF-8, UTF-16 with or without BOM, UTF-32 with BOM; Localization.md §1.7) are read
/// by our own parser (``OldStylePropertyListParser``), which follows CoreFoundation and also knows
/// where Apple's parser silently stops (Localization.md §1.5). XML and binary property lists (what
/// built apps ship) are read with `PropertyListSerialization`.
public struct StringsFile: Sendable {
  /// How the file was stored.
  public enum Format: String, Sendable, Hashable, Codable {
    /// Old-style text in UTF-8 (with or without BOM).
    case textUTF8 = "text-utf8"
    /// Old-style text in UTF-16 with a byte order mark.
    case textUTF16 = "text-utf16"
    /// Old-style text in UTF-16 without a byte order mark, as CoreFoundation detects it.
    case textUTF16WithoutBOM = "text-utf16-no-bom"
    /// Old-style text in UTF-32 with a byte order mark.
    case textUTF32 = "text-utf32"
    /// An XML property list.
    case xml
    /// A binary property list (`bplist00`).
    case binary
  }

  /// One `key = value;` pair, in file order.
  public struct Entry: Sendable, Hashable {
    /// The key.
    public var key: String
    /// The value (a string in a well-formed table).
    public var value: PropertyListValue
    /// 1-based line of the key (0 when the format has no positions: XML, binary).
    public var line: Int
    /// 1-based column of the key (0 when unknown).
    public var column: Int
  }

  /// The file name used in diagnostics.
  public var file: String
  /// How it was stored.
  public var format: Format
  /// The entries the device loads, in file order, duplicates included.
  public var entries: [Entry]
  /// What the device loads: key → value, the last duplicate winning (Localization.md §1.6). Empty
  /// when the file failed to parse (Localization.md §2.2: a table that fails to parse counts as
  /// empty).
  public var values: [String: PropertyListValue]
  /// Whether the device could load the file at all.
  public var isLoaded: Bool
  /// Entries after a silent truncation that the device does not see (Localization.md §1.5).
  public var unseenEntryCount: Int
  /// Errors and warnings, each with file, line and column where known.
  public var diagnostics: [Diagnostic]

  /// The table of string values (non-string values are left out, with a diagnostic).
  public var table: StringsTable {
    var entries: [String: LocalizedValue] = [:]
    entries.reserveCapacity(values.count)
    for (key, value) in values {
      if case .string(let text) = value { entries[key] = .format(text) }
    }
    return StringsTable(entries: entries)
  }

  /// Reads a `.strings` file from disk; an unreadable file is a failed table with an error.
  public static func read(contentsOf url: URL, name: String? = nil) -> StringsFile {
    let file = name ?? url.path
    guard let data = try? Data(contentsOf: url) else {
      return failed(
        file: file, format: .textUTF8,
        .unreadableFile(file))
    }
    return read(data: data, file: file)
  }

  /// Reads a `.strings` file's bytes.
  ///
  /// - Complexity: O(n) in the size of the file.
  public static func read(data: Data, file: String) -> StringsFile {
    let bytes = [UInt8](data)
    if bytes.starts(with: Array("bplist00".utf8)) {
      return readPropertyList(data: data, file: file, format: .binary)
    }
    guard let (text, format) = decode(bytes) else {
      return failed(
        file: file, format: .textUTF8,
        Diagnostic(
          .error, code: .stringsEncoding, location: .file(file, line: 1, column: 1),
          message:
            "Conversion of string failed: the file is neither UTF-8 nor UTF-16; the device loads nothing from it",
          source: .device))
    }
    if looksLikeXML(text) {
      return readPropertyList(data: data, file: file, format: .xml)
    }
    return readText(text, file: file, format: format)
  }

  // MARK: - Encodings (Localization.md §1.7)

  /// Decodes the bytes to UTF-8 the way CoreFoundation chooses an encoding: UTF-32 and UTF-8
  /// and UTF-16 byte order marks; a zero in either of the first two bytes means BOM-less UTF-16,
  /// read in the machine's (little-endian) order after skipping the first two bytes, as
  /// CoreFoundation does (checked with the toolchain's `plutil`); otherwise UTF-8. `nil` when
  /// the bytes are not valid in that encoding.
  static func decode(_ bytes: [UInt8]) -> (text: [UInt8], format: Format)? {
    if bytes.count > 4 {
      if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
        return decodeUTF32(bytes.dropFirst(4), bigEndian: true).map { ($0, .textUTF32) }
      }
      if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
        return decodeUTF32(bytes.dropFirst(4), bigEndian: false).map { ($0, .textUTF32) }
      }
    }
    if bytes.count > 3, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      let rest = Array(bytes.dropFirst(3))
      return String(validating: rest, as: UTF8.self) == nil ? nil : (rest, .textUTF8)
    }
    if bytes.count > 2 {
      if bytes[0] == 0xFF, bytes[1] == 0xFE {
        return decodeUTF16(bytes.dropFirst(2), bigEndian: false).map { ($0, .textUTF16) }
      }
      if bytes[0] == 0xFE, bytes[1] == 0xFF {
        return decodeUTF16(bytes.dropFirst(2), bigEndian: true).map { ($0, .textUTF16) }
      }
      if bytes[0] == 0 || bytes[1] == 0 {
        return decodeUTF16(bytes.dropFirst(2), bigEndian: false).map {
          ($0, .textUTF16WithoutBOM)
        }
      }
    }
    return String(validating: bytes, as: UTF8.self) == nil ? nil : (bytes, .textUTF8)
  }

  /// Transcodes UTF-16 bytes straight to UTF-8 in one pass (lone surrogates become U+FFFD, as
  /// Swift strings cannot hold them); `nil` for an odd byte count.
  ///
  /// - Complexity: O(n), one output allocation.
  private static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8]? {
    guard bytes.count % 2 == 0 else { return nil }
    let unitCount = bytes.count / 2
    return bytes.withUnsafeBufferPointer { input -> [UInt8] in
      [UInt8](unsafeUninitializedCapacity: unitCount * 3) { output, written in
        var out = 0
        var index = 0
        @inline(__always) func unit(at position: Int) -> UInt32 {
          let first = UInt32(input[2 * position])
          let second = UInt32(input[2 * position + 1])
          return bigEndian ? first << 8 | second : second << 8 | first
        }
        while index < unitCount {
          var value = unit(at: index)
          index += 1
          if value < 0x80 {
            output[out] = UInt8(value)
            out += 1
            continue
          }
          if value < 0x800 {
            output[out] = UInt8(0xC0 | value >> 6)
            output[out + 1] = UInt8(0x80 | value & 0x3F)
            out += 2
            continue
          }
          if value >= 0xD800, value <= 0xDFFF {
            if value <= 0xDBFF, index < unitCount {
              let low = unit(at: index)
              if low >= 0xDC00, low <= 0xDFFF {
                index += 1
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                output[out] = UInt8(0xF0 | value >> 18)
                output[out + 1] = UInt8(0x80 | (value >> 12) & 0x3F)
                output[out + 2] = UInt8(0x80 | (value >> 6) & 0x3F)
                output[out + 3] = UInt8(0x80 | value & 0x3F)
                out += 4
                continue
              }
            }
            value = 0xFFFD
          }
          output[out] = UInt8(0xE0 | value >> 12)
          output[out + 1] = UInt8(0x80 | (value >> 6) & 0x3F)
          output[out + 2] = UInt8(0x80 | value & 0x3F)
          out += 3
        }
        written = out
      }
    }
  }

  private static func decodeUTF32(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8]? {
    guard bytes.count % 4 == 0 else { return nil }
    var output: [UInt8] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      var value: UInt32 = 0
      for offset in 0..<4 {
        let byte = UInt32(bytes[index + (bigEndian ? offset : 3 - offset)])
        value = value << 8 | byte
      }
      guard let scalar = Unicode.Scalar(value) else { return nil }
      output.append(contentsOf: String(Character(scalar)).utf8)
      index += 4
    }
    return output
  }

  private static func looksLikeXML(_ text: [UInt8]) -> Bool {
    var index = 0
    while index < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[index]) { index += 1 }
    let rest = text[index...]
    return rest.starts(with: Array("<?xml".utf8)) || rest.starts(with: Array("<!DOCTYPE".utf8))
      || rest.starts(with: Array("<plist".utf8))
  }

  // MARK: - Text

  static func readText(_ text: [UInt8], file: String, format: Format) -> StringsFile {
    if text.isEmpty {
      // CFBundle reads an empty file as a table with no keys, while `plutil` refuses it; the
      // table is not "loaded" (as plutil says) and counts as empty (Localization.md §2.2), which is
      // what the device does. Teams ship empty files as placeholders for a language still to be
      // translated, so this is information, not an error (`source: model` for the severity).
      return failed(
        file: file, format: format,
        Diagnostic(
          .info, code: .stringsEmptyFile, location: .file(file, line: 1, column: 1),
          message:
            "the file is empty: the device reads it as a table with no keys, so every lookup in this language finds nothing (plutil refuses the file)",
          source: .device))
    }
    let outcome = OldStylePropertyListParser.parse(text)
    let lines = LineIndex(text)
    var diagnostics: [Diagnostic] = []
    if let failure = outcome.failure {
      let (line, column) = lines.lineAndColumn(of: failure.offset)
      diagnostics.append(
        Diagnostic(
          .error, code: .stringsSyntax, location: .file(file, line: line, column: column),
          message: "\(failure.message); the device loads nothing from this file", source: .device))
      return StringsFile(
        file: file, format: format, entries: [], values: [:], isLoaded: false,
        unseenEntryCount: 0, diagnostics: diagnostics)
    }
    if outcome.nonDictionary != nil {
      diagnostics.append(
        Diagnostic(
          .error, code: .stringsNotDictionary, location: .file(file, line: 1, column: 1),
          message: "the file holds a single value, not key = value pairs; the device loads nothing",
          source: .device))
      return StringsFile(
        file: file, format: format, entries: [], values: [:], isLoaded: false,
        unseenEntryCount: 0, diagnostics: diagnostics)
    }
    let parsed = outcome.entries ?? []
    var entries: [Entry] = []
    entries.reserveCapacity(parsed.count)
    var values: [String: PropertyListValue] = [:]
    values.reserveCapacity(parsed.count)
    var firstLines: [String: Int] = [:]
    for item in parsed {
      let (line, column) = lines.lineAndColumn(of: item.offset)
      entries.append(Entry(key: item.key, value: item.value, line: line, column: column))
      if values.updateValue(item.value, forKey: item.key) != nil {
        diagnostics.append(
          Diagnostic(
            .warning, code: .duplicateKey, location: .file(file, line: line, column: column),
            message:
              "duplicate key \"\(item.key)\" (first on line \(firstLines[item.key] ?? 0)); the last value wins",
            source: .lint))
      } else {
        firstLines[item.key] = line
      }
      if item.value.stringValue == nil {
        diagnostics.append(
          Diagnostic(
            .warning, code: .valueNotString, location: .file(file, line: line, column: column),
            message: "the value of \"\(item.key)\" is not a string; lookups of it show the key",
            source: .lint))
      }
    }
    var unseen = 0
    if let truncation = outcome.truncation, truncation.unseenEntries > 0 {
      unseen = truncation.unseenEntries
      let (line, column) = lines.lineAndColumn(of: truncation.offset)
      let count =
        truncation.countIsComplete
        ? "\(truncation.unseenEntries)" : "at least \(truncation.unseenEntries)"
      let noun = truncation.unseenEntries == 1 ? "entry" : "entries"
      diagnostics.append(
        Diagnostic(
          .error, code: .silentTruncation, location: .file(file, line: line, column: column),
          message:
            "Apple's parser silently stops here at \(truncation.cause): the device will not see the \(count) \(noun) after this point",
          source: .lint))
    } else if let truncation = outcome.truncation {
      let (line, column) = lines.lineAndColumn(of: truncation.offset)
      diagnostics.append(
        Diagnostic(
          .warning, code: .trailingJunk, location: .file(file, line: line, column: column),
          message: "Apple's parser silently stops here at \(truncation.cause); nothing follows it",
          source: .lint))
    }
    return StringsFile(
      file: file, format: format, entries: entries, values: values, isLoaded: true,
      unseenEntryCount: unseen, diagnostics: diagnostics)
  }

  // MARK: - XML and binary

  private static func readPropertyList(data: Data, file: String, format: Format) -> StringsFile {
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      return failed(
        file: file, format: format,
        Diagnostic(
          .error, code: .stringsSyntax, location: .file(file, line: 1, column: 1),
          message:
            "the \(format == .xml ? "XML" : "binary") property list does not parse (\(error.localizedDescription)); the device loads nothing from this file",
          source: .device))
    }
    guard let value = PropertyListValue(foundation: object), case .dictionary(let values) = value
    else {
      return failed(
        file: file, format: format,
        Diagnostic(
          .error, code: .stringsNotDictionary, location: .file(file, line: 1, column: 1),
          message: "the top-level object is not a dictionary; the device loads nothing",
          source: .device))
    }
    var diagnostics: [Diagnostic] = []
    let entries = values.keys.sorted().map { key in
      Entry(key: key, value: values[key] ?? .string(""), line: 0, column: 0)
    }
    for entry in entries where entry.value.stringValue == nil {
      diagnostics.append(
        Diagnostic(
          .warning, code: .valueNotString, location: .file(file),
          message: "the value of \"\(entry.key)\" is not a string; lookups of it show the key",
          source: .lint))
    }
    return StringsFile(
      file: file, format: format, entries: entries, values: values, isLoaded: true,
      unseenEntryCount: 0, diagnostics: diagnostics)
  }

  private static func failed(
    file: String, format: Format, _ diagnostic: Diagnostic
  ) -> StringsFile {
    StringsFile(
      file: file, format: format, entries: [], values: [:], isLoaded: false, unseenEntryCount: 0,
      diagnostics: [diagnostic])
  }
}
