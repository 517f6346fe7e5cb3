/// The bytes of an HTTP token (RFC 9110 §5.6.2): what a method or a field name is made of.
package enum HTTPToken {
  /// Whether `byte` may appear in a token: ASCII letters and digits and ``punctuation``, never
  /// a control byte, a space, a separator or a byte outside ASCII.
  package static func contains(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      punctuation.contains(byte)
    }
  }

  /// The punctuation a token may hold.
  static let punctuation = Array("!#$%&'*+-.^_`|~".utf8)
}
