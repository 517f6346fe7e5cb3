/// A piece of a documentation page: a small tree that escapes its text when it renders.
///
/// The site shows strings from scenarios, payloads and strings tables, all untrusted: a
/// `<script>` in a notification body must show as text, never run. Pages are built from these
/// nodes, never by pasting strings together, so no value can be forgotten unescaped:
/// - ``text(_:)`` and every attribute value are escaped when the node renders;
/// - element and attribute names are ``HTMLName``s and constant markup is ``TrustedHTML``,
///   and both can only be made from a string literal (no interpolation), so nothing that came
///   from input can be written as markup.
///
/// Build nodes with ``element(_:_:_:)`` and ``HTMLBuilder``; render them with ``html``.
package indirect enum HTMLNode: Hashable, Sendable {
  /// An element: its name, its attributes in order, and its children (a void element such as
  /// `br` or `img` has no end tag and renders no children).
  case element(HTMLName, [HTMLAttribute], [HTMLNode])
  /// Text, escaped when the node renders.
  case text(String)
  /// Constant markup from a literal, written as it is: the doctype, the index's script, the
  /// icons' SVG shapes, and constant prose whose apostrophes the pages write unescaped.
  case trusted(TrustedHTML)
  /// Nodes side by side, with no element around them.
  case fragment([HTMLNode])
}

/// An element or attribute name: made only from a string literal (`"div"`, `"data-push"`).
package struct HTMLName: Hashable, Sendable, ExpressibleByStringLiteral {
  /// The name as written in the markup.
  package let text: String

  /// A name from a literal.
  package init(stringLiteral literal: StaticString) {
    text = literal.description
  }

  /// Elements with no content and no end tag (the HTML standard's void elements).
  private static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
  ]

  /// Whether an element of this name is void: written as its start tag alone.
  package var isVoid: Bool { Self.voidElements.contains(text) }
}

/// Constant markup, written as it is: made only from a string literal, so it can never hold a
/// value from a scenario or a payload.
package struct TrustedHTML: Hashable, Sendable, ExpressibleByStringLiteral {
  /// The markup.
  package let markup: String

  /// Markup from a literal.
  package init(stringLiteral literal: StaticString) {
    markup = literal.description
  }
}

/// One attribute of an element.
package struct HTMLAttribute: Hashable, Sendable {
  /// The attribute's name.
  package var name: HTMLName
  /// Its value.
  package var value: Value

  /// How an attribute's value is written.
  package enum Value: Hashable, Sendable {
    /// The name alone (`hidden`, `open`): a boolean attribute that is on.
    case bare
    /// `name="value"`, the value escaped.
    case text(String)
    /// `name="value"`, the value a constant written as it is.
    case trusted(TrustedHTML)
  }
}

/// A value an attribute can be given in ``element(_:_:_:)``: a `String` (escaped), a `Bool`
/// (`true` writes a boolean attribute, `false` leaves it out), ``TrustedHTML``, or an optional
/// of one of these (`nil` leaves the attribute out).
package protocol HTMLAttributeValue: Sendable {
  /// How the attribute is written; `nil` leaves it out.
  var attributeValue: HTMLAttribute.Value? { get }
}

extension String: HTMLAttributeValue {
  /// The string, escaped when the element renders.
  package var attributeValue: HTMLAttribute.Value? { .text(self) }
}

extension Bool: HTMLAttributeValue {
  /// A boolean attribute: written bare when `true`, left out when `false`.
  package var attributeValue: HTMLAttribute.Value? { self ? .bare : nil }
}

extension TrustedHTML: HTMLAttributeValue {
  /// The constant, written as it is.
  package var attributeValue: HTMLAttribute.Value? { .trusted(self) }
}

extension Optional: HTMLAttributeValue where Wrapped: HTMLAttributeValue {
  /// The wrapped value's, or no attribute at all when `nil`.
  package var attributeValue: HTMLAttribute.Value? { self?.attributeValue }
}

/// An element with its attributes in the order given (those whose value is `nil` or `false`
/// left out) and the children `content` builds.
///
/// ```swift
/// element("li", ["class": "event", "data-push": push]) {
///   element("b") { kind }
///   " "
///   reason
/// }
/// ```
package func element(
  _ name: HTMLName, _ attributes: KeyValuePairs<HTMLName, any HTMLAttributeValue> = [:],
  @HTMLBuilder _ content: () -> [HTMLNode] = { [] }
) -> HTMLNode {
  let written = attributes.compactMap { name, value in
    value.attributeValue.map { HTMLAttribute(name: name, value: $0) }
  }
  return .element(name, written, content())
}

/// Nodes side by side with no element around them, built by `content`.
package func fragment(@HTMLBuilder _ content: () -> [HTMLNode]) -> HTMLNode {
  .fragment(content())
}

/// Builds a node's children: each statement is a node, an array of nodes, or a `String` that
/// becomes escaped text; `if`, `switch` and `for` work as in any result builder.
@resultBuilder
package enum HTMLBuilder {
  /// A node.
  package static func buildExpression(_ node: HTMLNode) -> [HTMLNode] { [node] }
  /// Nodes, in order.
  package static func buildExpression(_ nodes: [HTMLNode]) -> [HTMLNode] { nodes }
  /// Text, escaped when the page renders.
  package static func buildExpression(_ text: String) -> [HTMLNode] { [.text(text)] }
  /// The statements' nodes, in order.
  package static func buildBlock(_ parts: [HTMLNode]...) -> [HTMLNode] { parts.flatMap { $0 } }
  /// An `if` without `else`.
  package static func buildOptional(_ part: [HTMLNode]?) -> [HTMLNode] { part ?? [] }
  /// The first branch of an `if`/`else` or `switch`.
  package static func buildEither(first part: [HTMLNode]) -> [HTMLNode] { part }
  /// The second branch of an `if`/`else` or `switch`.
  package static func buildEither(second part: [HTMLNode]) -> [HTMLNode] { part }
  /// A `for` loop's nodes, in order.
  package static func buildArray(_ parts: [[HTMLNode]]) -> [HTMLNode] { parts.flatMap { $0 } }
}

// MARK: - Rendering

extension HTMLNode {
  /// The markup, every text and attribute value escaped.
  /// - Complexity: O(n) in the length of the output.
  package var html: String {
    var output = ""
    write(into: &output)
    return output
  }

  /// Appends the markup to `output`.
  /// - Complexity: O(n) in the length of what it appends.
  package func write(into output: inout String) {
    switch self {
    case .text(let text):
      escape(text, into: &output)
    case .trusted(let constant):
      output += constant.markup
    case .fragment(let nodes):
      for node in nodes { node.write(into: &output) }
    case .element(let name, _, let children):
      writeStartTag(into: &output)
      guard !name.isVoid else { return }
      for child in children { child.write(into: &output) }
      writeEndTag(into: &output)
    }
  }

  /// Appends an element's start tag alone, with its attributes (nothing for another node):
  /// with ``writeEndTag(into:)``, for a page that writes an element's children as it makes
  /// them.
  package func writeStartTag(into output: inout String) {
    guard case .element(let name, let attributes, _) = self else { return }
    output += "<"
    output += name.text
    for attribute in attributes {
      output += " "
      output += attribute.name.text
      switch attribute.value {
      case .bare:
        break
      case .text(let value):
        output += "=\""
        escape(value, into: &output)
        output += "\""
      case .trusted(let constant):
        output += "=\""
        output += constant.markup
        output += "\""
      }
    }
    output += ">"
  }

  /// Appends an element's end tag alone (nothing for a void element or another node).
  package func writeEndTag(into output: inout String) {
    guard case .element(let name, _, _) = self, !name.isVoid else { return }
    output += "</"
    output += name.text
    output += ">"
  }

  /// The length of ``html`` in UTF-8 bytes.
  package var renderedLength: Int { html.utf8.count }

  /// The length of an element's end tag in UTF-8 bytes (`</mark>` is 7); 0 for a void element
  /// or a node that is not an element. For code that keeps a size budget while it builds.
  package var endTagLength: Int {
    guard case .element(let name, _, _) = self, !name.isVoid else { return 0 }
    return name.text.utf8.count + 3
  }
}

/// Appends `text` with the five HTML-significant characters replaced by entities (and NUL,
/// which HTML forbids, by U+FFFD). Safe in element content and in double-quoted attribute
/// values alike, so text and attributes share it.
/// - Complexity: O(n) in the length of `text`.
private func escape(_ text: String, into output: inout String) {
  // Most texts have none of them: one pass over the bytes, then one append.
  let special = text.utf8.contains { byte in
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
      UInt8(ascii: "'"), 0:
      true
    default: false
    }
  }
  guard special else {
    output += text
    return
  }
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": output += "&amp;"
    case "<": output += "&lt;"
    case ">": output += "&gt;"
    case "\"": output += "&quot;"
    case "'": output += "&#39;"
    case "\u{0}": output += "\u{FFFD}"
    default: output.unicodeScalars.append(scalar)
    }
  }
}
