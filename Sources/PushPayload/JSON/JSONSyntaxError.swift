public import PushCore

/// Why a text is not JSON (RFC 8259), and where.
///
/// Thrown by ``JSONDocument/init(parsing:maximumDepth:)``. The message says what was expected
/// (`expected ',' or '}'`); ``byteOffset`` is the offset of the offending byte and
/// ``position`` its line and column. A public struct over a private code so that new kinds of
/// error can be added (Architecture.md, house style 5).
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  enum Code: Sendable, Hashable {
    case unexpectedEnd(expected: String)
    case unexpectedByte(expected: String)
    case trailingComma(closing: UInt8)
    case invalidUTF8
    case byteOrderMark
    case controlCharacterInString
    case invalidEscape
    case invalidUnicodeEscape
    case loneSurrogate
    case invalidNumber(String)
    case numberOutOfRange
    case tooDeep(limit: Int)
    case trailingContent
  }

  let code: Code
  /// The offset of the byte where reading stopped, from 0.
  public let byteOffset: Int
  /// The line and column of ``byteOffset``.
  public let position: SourcePosition

  init(_ code: Code, byteOffset: Int, position: SourcePosition) {
    self.code = code
    self.byteOffset = byteOffset
    self.position = position
  }

  /// The line of the error, from 1.
  public var line: Int { position.line }
  /// The column of the error, from 1 (Unicode scalars).
  public var column: Int { position.column }

  /// What went wrong, without the position: `expected ',' or '}'`.
  public var message: String {
    switch code {
    case .unexpectedEnd(let expected): "unexpected end of input, expected \(expected)"
    case .unexpectedByte(let expected): "expected \(expected)"
    case .trailingComma(let closing):
      "trailing comma before '\(Character(Unicode.Scalar(closing)))' (not allowed in JSON)"
    case .invalidUTF8: "invalid UTF-8 byte sequence"
    case .byteOrderMark: "byte order mark (U+FEFF) before the JSON text (RFC 8259 §8.1)"
    case .controlCharacterInString: "control character in a string must be escaped"
    case .invalidEscape:
      "invalid escape sequence; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"
    case .invalidUnicodeEscape: "invalid \\u escape; expected four hexadecimal digits"
    case .loneSurrogate: "unpaired UTF-16 surrogate in \\u escape"
    case .invalidNumber(let detail): "invalid number: \(detail)"
    case .numberOutOfRange: "number is too large to represent"
    case .tooDeep(let limit): "nesting deeper than \(limit) arrays and objects"
    case .trailingContent: "unexpected content after the JSON value"
    }
  }

  /// `line 3, column 17: expected ',' or '}'`.
  public var description: String {
    "line \(position.line), column \(position.column): \(message)"
  }
}
