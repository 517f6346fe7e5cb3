import Foundation
public import PushCore
import PushDevice
public import PushPayload
import PushScenario

/// A payload printed as indented JSON in HTML, with the keys that mattered marked.
///
/// Members keep their source order, duplicates included; an earlier duplicate is struck
/// through, because the last one wins (Rules.md §1). A key a diagnostic names is
/// marked with the diagnostic's severity (its message in the `title`); a key the device or the
/// app read is marked as used. Every key and string is escaped twice over: JSON escapes for
/// the listing, then HTML escapes, so payload text never becomes markup.
public struct PayloadListing: Sendable {
  /// How a key is marked.
  public enum Mark: String, Sendable, Hashable {
    /// The device or the app read it.
    case used
    /// A warning names it.
    case warning
    /// An error names it.
    case error
  }

  private var marks: [String: Mark] = [:]
  private var notes: [String: String] = [:]

  /// Creates a listing that marks `usedPaths` and the paths `diagnostics` name.
  ///
  /// Paths are written as ``JSONPath`` writes them (`aps.alert.loc-args[1]`, `["a key"]`).
  public init(usedPaths: Set<String>, diagnostics: [Diagnostic]) {
    for path in usedPaths { marks[path] = .used }
    for diagnostic in diagnostics {
      guard let path = diagnostic.path, !path.isEmpty else { continue }
      let mark: Mark = diagnostic.severity == .error ? .error : .warning
      if marks[path] != .error { marks[path] = mark }
      let note = "\(diagnostic.code) (\(diagnostic.source.rawValue)): \(diagnostic.message)"
      notes[path] = notes[path].map { $0 + "\n" + note } ?? note
    }
  }

  /// The longest listing a page shows (UTF-8 bytes, before the closing note): a payload APNs
  /// accepts is at most 5 KiB, so only a raw body sent to show a rejection gets near it.
  public static let maximumLength = 256 * 1024
  /// The deepest indentation drawn: deeper values stay at this indentation, so a deeply nested
  /// body does not grow the page with the square of its depth.
  public static let maximumIndent = 32

  /// The payload as HTML (to go inside `<pre>`), cut after ``maximumLength`` bytes with a note.
  /// - Complexity: O(n) in the size of the payload, and the output is at most
  ///   ``maximumLength`` plus one value.
  public func html(_ value: JSONValue) -> String {
    var output = ""
    write(value, path: JSONPath(), indent: 0, into: &output)
    if output.utf8.count > Self.maximumLength {
      output +=
        "\n<span class=\"j-cut\">… the listing stops here: the payload is too large to "
        + "show whole</span>"
    }
    return output
  }

  /// Indentation for `depth`, capped at ``maximumIndent``.
  private static func indentation(_ depth: Int) -> String {
    String(repeating: "  ", count: min(depth, maximumIndent))
  }

  private func write(
    _ value: JSONValue, path: JSONPath, indent: Int, into output: inout String
  ) {
    switch value.kind {
    case .null: output += "<span class=\"j-null\">null</span>"
    case .bool(let flag): output += "<span class=\"j-bool\">\(flag)</span>"
    case .number(let number): output += "<span class=\"j-num\">\(HTML.escape(number.text))</span>"
    case .string(let text):
      output += "<span class=\"j-str\">\(HTML.escape(Self.quoted(Self.redacted(text))))</span>"
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "[]"
        return
      }
      output += "[\n"
      for (index, element) in elements.enumerated() {
        guard output.utf8.count <= Self.maximumLength else { return }
        let elementPath = path.appending(index: index)
        output += Self.indentation(indent + 1)
        if let mark = marks[elementPath.description] {
          output += open(mark, path: elementPath)
          write(element, path: elementPath, indent: indent + 1, into: &output)
          output += "</mark>"
        } else {
          write(element, path: elementPath, indent: indent + 1, into: &output)
        }
        output += index < elements.count - 1 ? ",\n" : "\n"
      }
      output += Self.indentation(indent) + "]"
    case .object(let object):
      guard !object.members.isEmpty else {
        output += "{}"
        return
      }
      output += "{\n"
      let winners = Dictionary(
        object.members.enumerated().map { ($0.element.key, $0.offset) },
        uniquingKeysWith: { _, last in last })
      for (index, member) in object.members.enumerated() {
        guard output.utf8.count <= Self.maximumLength else { return }
        let memberPath = path.appending(member.key)
        output += Self.indentation(indent + 1)
        let key = "<span class=\"j-key\">\(HTML.escape(Self.quoted(member.key)))</span>"
        if winners[member.key] != index {
          output += "<del title=\"a later duplicate of this key wins\">\(key)</del>"
        } else if let mark = marks[memberPath.description] {
          output += open(mark, path: memberPath) + key + "</mark>"
        } else {
          output += key
        }
        output += ": "
        write(member.value, path: memberPath, indent: indent + 1, into: &output)
        output += index < object.members.count - 1 ? ",\n" : "\n"
      }
      output += Self.indentation(indent) + "}"
    }
  }

  private func open(_ mark: Mark, path: JSONPath) -> String {
    let title = notes[path.description] ?? "read by the device or the app"
    return "<mark class=\"k-\(mark.rawValue)\" title=\"\(HTML.escape(title))\">"
  }

  /// A string that is a URL with a user name or password, shown with them replaced by `***`:
  /// a published page never carries a credential from a payload.
  static func redacted(_ text: String) -> String {
    guard text.contains("@"), text.contains("://"), let url = URL(string: text),
      url.user != nil || url.password != nil
    else { return text }
    return url.redactedString
  }

  /// `text` as a JSON string literal.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
