import Foundation
import PushCore
import PushDevice
import PushMedia
import PushPayload
import PushScenario

/// A payload printed as indented JSON in HTML, with the keys that mattered marked.
///
/// Members keep their source order, duplicates included; an earlier duplicate is struck
/// through, because the last one wins (Rules.md §1). A key a diagnostic names is
/// marked with the diagnostic's severity (its message in the `title`); a key the device or the
/// app read is marked as used. Every key and string is escaped twice over: JSON escapes for
/// the listing, then HTML escapes (`HTMLNode` text), so payload text never becomes markup.
package struct PayloadListing: Sendable {
  /// How a key is marked.
  package enum Mark: String, Sendable, Hashable {
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
  package init(usedPaths: Set<String>, diagnostics: [Diagnostic]) {
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
  package static let maximumLength = 256 * 1024
  /// The deepest indentation drawn: deeper values stay at this indentation, so a deeply nested
  /// body does not grow the page with the square of its depth.
  package static let maximumIndent = 32

  /// The payload as HTML (to go inside `<pre>`), cut after ``maximumLength`` bytes with a note.
  /// - Complexity: O(n) in the size of the payload, and the output is at most
  ///   ``maximumLength`` plus one value.
  package func html(_ value: JSONValue) -> String {
    node(value).html
  }

  /// The payload as nodes to go inside `<pre>`: ``html(_:)`` before rendering.
  package func node(_ value: JSONValue) -> HTMLNode {
    var listing = Listing()
    write(value, path: JSONPath(), indent: 0, into: &listing)
    if listing.length > Self.maximumLength {
      listing.append("\n")
      listing.append(
        element("span", ["class": "j-cut"]) {
          "… the listing stops here: the payload is too large to show whole"
        })
    }
    return .fragment(listing.nodes)
  }

  /// The nodes written so far and the length of their markup, which the cut is measured on.
  private struct Listing {
    var nodes: [HTMLNode] = []
    /// UTF-8 bytes the nodes render to (with the start tags of marks still open).
    var length = 0

    mutating func append(_ node: HTMLNode) {
      length += node.renderedLength
      nodes.append(node)
    }

    mutating func append(_ text: String) {
      append(.text(text))
    }
  }

  /// Indentation for `depth`, capped at ``maximumIndent``.
  private static func indentation(_ depth: Int) -> String {
    String(repeating: "  ", count: min(depth, maximumIndent))
  }

  private func write(
    _ value: JSONValue, path: JSONPath, indent: Int, into output: inout Listing
  ) {
    switch value.kind {
    case .null: output.append(element("span", ["class": "j-null"]) { "null" })
    case .bool(let flag): output.append(element("span", ["class": "j-bool"]) { "\(flag)" })
    case .number(let number): output.append(element("span", ["class": "j-num"]) { number.text })
    case .string(let text):
      output.append(element("span", ["class": "j-str"]) { Self.quoted(Self.redacted(text)) })
    case .array(let elements):
      guard !elements.isEmpty else {
        output.append("[]")
        return
      }
      output.append("[\n")
      for (index, item) in elements.enumerated() {
        guard output.length <= Self.maximumLength else { return }
        let itemPath = path.appending(index: index)
        output.append(Self.indentation(indent + 1))
        if let mark = marks[itemPath.description] {
          // The mark's start tag counts before the value inside it, its end tag after.
          let empty = marked(mark, path: itemPath, around: [])
          var inner = Listing(length: output.length + empty.renderedLength - empty.endTagLength)
          write(item, path: itemPath, indent: indent + 1, into: &inner)
          output.nodes.append(marked(mark, path: itemPath, around: inner.nodes))
          output.length = inner.length + empty.endTagLength
        } else {
          write(item, path: itemPath, indent: indent + 1, into: &output)
        }
        output.append(index < elements.count - 1 ? ",\n" : "\n")
      }
      output.append(Self.indentation(indent) + "]")
    case .object(let object):
      guard !object.members.isEmpty else {
        output.append("{}")
        return
      }
      output.append("{\n")
      let winners = Dictionary(
        object.members.enumerated().map { ($0.element.key, $0.offset) },
        uniquingKeysWith: { _, last in last })
      for (index, member) in object.members.enumerated() {
        guard output.length <= Self.maximumLength else { return }
        let memberPath = path.appending(member.key)
        output.append(Self.indentation(indent + 1))
        let key = element("span", ["class": "j-key"]) { Self.quoted(member.key) }
        if winners[member.key] != index {
          output.append(element("del", ["title": "a later duplicate of this key wins"]) { key })
        } else if let mark = marks[memberPath.description] {
          output.append(marked(mark, path: memberPath, around: [key]))
        } else {
          output.append(key)
        }
        output.append(": ")
        write(member.value, path: memberPath, indent: indent + 1, into: &output)
        output.append(index < object.members.count - 1 ? ",\n" : "\n")
      }
      output.append(Self.indentation(indent) + "}")
    }
  }

  /// The `<mark>` around a key or value: the mark's class, and the diagnostics that name the
  /// path (or that the device or the app read it) in its `title`.
  private func marked(_ mark: Mark, path: JSONPath, around content: [HTMLNode]) -> HTMLNode {
    let title = notes[path.description] ?? "read by the device or the app"
    return element("mark", ["class": "k-\(mark.rawValue)", "title": title]) { content }
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
