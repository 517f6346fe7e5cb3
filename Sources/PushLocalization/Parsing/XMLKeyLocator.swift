import Foundation
import PushCore
import PushPayload

/// Finds where a key is written in an XML property list or a JSON catalog, so findings about
/// `.stringsdict` and `.xcstrings` files carry a line and column like those about `.strings`
/// (Architecture.md, house style 5). Foundation's readers give no positions; this scans the text
/// once.
struct KeyLocator: Sendable {
  private var occurrences: [String: [Int]] = [:]
  private let lines: LineIndex

  /// Indexes `<key>…</key>` elements (XML) or `"…":` object keys (JSON) in UTF-8 `text`.
  init(text: [UInt8], json: Bool) {
    lines = LineIndex(text)
    var index = 0
    let count = text.count
    let open = Array("<key>".utf8)
    while index < count {
      if json {
        guard text[index] == UInt8(ascii: "\"") else {
          index += 1
          continue
        }
        let start = index
        index += 1
        var bytes: [UInt8] = []
        while index < count, text[index] != UInt8(ascii: "\"") {
          if text[index] == UInt8(ascii: "\\"), index + 1 < count {
            bytes.append(text[index])
            index += 1
          }
          bytes.append(text[index])
          index += 1
        }
        index += 1
        var after = index
        while after < count, [0x20, 0x09, 0x0A, 0x0D].contains(text[after]) { after += 1 }
        if after < count, text[after] == UInt8(ascii: ":") {
          let key = Self.unescapeJSON(String(decoding: bytes, as: UTF8.self))
          occurrences[key, default: []].append(start)
        }
      } else {
        guard text[index] == UInt8(ascii: "<"), text[index...].starts(with: open) else {
          index += 1
          continue
        }
        let start = index
        index += open.count
        let keyStart = index
        while index < count, text[index] != UInt8(ascii: "<") { index += 1 }
        let key = Self.unescapeXML(
          String(decoding: text[keyStart..<min(index, count)], as: UTF8.self))
        occurrences[key, default: []].append(start)
      }
    }
  }

  /// The line and column of the first occurrence of `key` at or after byte `offset`.
  func position(of key: String, after offset: Int = 0) -> (line: Int, column: Int, offset: Int)? {
    guard let list = occurrences[key], let found = list.first(where: { $0 >= offset }) else {
      return nil
    }
    let (line, column) = lines.lineAndColumn(of: found)
    return (line, column, found)
  }

  private static func unescapeXML(_ text: String) -> String {
    guard text.contains("&") else { return text }
    return
      text
      .replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"")
      .replacingOccurrences(of: "&apos;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  private static func unescapeJSON(_ text: String) -> String {
    guard text.contains("\\") else { return text }
    return
      text
      .replacingOccurrences(of: "\\\"", with: "\"")
      .replacingOccurrences(of: "\\/", with: "/")
      .replacingOccurrences(of: "\\\\", with: "\\")
  }
}
