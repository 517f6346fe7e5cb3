extension JSONWriter {
  /// Appends the JSON text `source`, one that ``JSONDocument`` has read (a push body the
  /// device keeps), exactly as ``prettyValue(_:level:)`` writes the tree read from it, without
  /// building that tree: a report writes every notification's payload, and reading each body
  /// again only to write it out cost more than the writing.
  ///
  /// Members keep their source order, duplicates included; numbers and literals keep their
  /// text; a string without escapes is copied as it stands (the writer would write the same
  /// bytes), and one with escapes is decoded by ``JSONDocument`` and written by ``string(_:)``.
  ///
  /// - Returns: false, with nothing appended, when `source` turns out not to be one JSON value
  ///   (its structure, numbers and literals are checked as they are written; its UTF-8 is not,
  ///   which is why this takes only text the reader has accepted).
  /// - Complexity: O(n) in the length of `source`.
  package mutating func prettyJSON(_ source: [UInt8], level: Int) -> Bool {
    let mark = count
    var reindenter = Reindenter(source: source)
    reindenter.skipBlanks()
    guard reindenter.value(level: level, into: &self), reindenter.isAtEndAfterBlanks() else {
      truncate(to: mark)
      return false
    }
    return true
  }
}

/// Walks a JSON text once, writing each token where ``JSONWriter/prettyValue(_:level:)``
/// would put it. Nesting is bounded by the reader's default limit (``JSONDocument/defaultMaximumDepth``).
private struct Reindenter {
  let source: [UInt8]
  var index = 0

  init(source: [UInt8]) { self.source = source }

  mutating func skipBlanks() {
    while index < source.count {
      switch source[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
      default: return
      }
    }
  }

  mutating func isAtEndAfterBlanks() -> Bool {
    skipBlanks()
    return index == source.count
  }

  /// Writes the value starting at `index` (blanks skipped), leaving `index` after it.
  mutating func value(level: Int, into writer: inout JSONWriter, depth: Int = 0) -> Bool {
    guard index < source.count, depth <= JSONDocument.defaultMaximumDepth else { return false }
    switch source[index] {
    case UInt8(ascii: "{"):
      return container(closing: UInt8(ascii: "}"), level: level, into: &writer, depth: depth)
    case UInt8(ascii: "["):
      return container(closing: UInt8(ascii: "]"), level: level, into: &writer, depth: depth)
    case UInt8(ascii: "\""):
      return string(into: &writer)
    default:
      return scalar(into: &writer)
    }
  }

  /// An object or array: `{}` / `[]` when empty, else one member or element per line.
  private mutating func container(
    closing: UInt8, level: Int, into writer: inout JSONWriter, depth: Int
  ) -> Bool {
    writer.raw(byte: source[index])
    index += 1
    skipBlanks()
    guard index < source.count else { return false }
    if source[index] == closing {
      index += 1
      writer.raw(byte: closing)
      return true
    }
    let isObject = closing == UInt8(ascii: "}")
    var isFirst = true
    while true {
      if !isFirst { writer.raw(byte: UInt8(ascii: ",")) }
      isFirst = false
      writer.newline(indentation: 2 * (level + 1))
      if isObject {
        guard index < source.count, source[index] == UInt8(ascii: "\""), string(into: &writer)
        else { return false }
        skipBlanks()
        guard index < source.count, source[index] == UInt8(ascii: ":") else { return false }
        index += 1
        skipBlanks()
        writer.raw(": ")
      }
      guard value(level: level + 1, into: &writer, depth: depth + 1) else { return false }
      skipBlanks()
      guard index < source.count else { return false }
      let separator = source[index]
      index += 1
      if separator == closing { break }
      guard separator == UInt8(ascii: ",") else { return false }
      skipBlanks()
    }
    writer.newline(indentation: 2 * level)
    writer.raw(byte: closing)
    return true
  }

  /// A string: copied when it has no escape, else decoded and written again.
  private mutating func string(into writer: inout JSONWriter) -> Bool {
    let start = index
    index += 1
    var escaped = false
    while index < source.count {
      let byte = source[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        guard escaped else {
          writer.raw(source[start..<index])
          return true
        }
        let literal = Array(source[start..<index])
        guard let root = try? JSONDocument(parsing: literal).root,
          case .string(let text) = root.kind
        else { return false }
        writer.string(text)
        return true
      }
      if byte < 0x20 { return false }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        index += 1  // the escaped byte cannot end the string
      }
      index += 1
    }
    return false
  }

  /// A number, `true`, `false` or `null`, copied as written.
  private mutating func scalar(into writer: inout JSONWriter) -> Bool {
    let start = index
    while index < source.count {
      switch source[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "E"):
        index += 1
      default:
        return appendScalar(from: start, into: &writer)
      }
    }
    return appendScalar(from: start, into: &writer)
  }

  private func appendScalar(from start: Int, into writer: inout JSONWriter) -> Bool {
    let text = source[start..<index]
    guard !text.isEmpty else { return false }
    if text.elementsEqual("true".utf8) || text.elementsEqual("false".utf8)
      || text.elementsEqual("null".utf8)
    {
      writer.raw(text)
      return true
    }
    guard Self.isNumber(text) else { return false }
    writer.raw(text)
    return true
  }

  /// Whether `text` is a JSON number (RFC 8259 §6): `-`? int frac? exp?.
  private static func isNumber(_ text: ArraySlice<UInt8>) -> Bool {
    var position = text.startIndex
    func digits() -> Int {
      let first = position
      while position < text.endIndex,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[position])
      {
        position += 1
      }
      return position - first
    }
    if position < text.endIndex, text[position] == UInt8(ascii: "-") { position += 1 }
    guard position < text.endIndex else { return false }
    if text[position] == UInt8(ascii: "0") {
      position += 1
    } else if digits() == 0 {
      return false
    }
    if position < text.endIndex, text[position] == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { return false }
    }
    if position < text.endIndex, text[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < text.endIndex,
        text[position] == UInt8(ascii: "+") || text[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard digits() > 0 else { return false }
    }
    return position == text.endIndex
  }
}
