/// Text from payloads and scenarios made safe to print on a terminal.
///
/// A payload's title or a scenario's name is untrusted: printed raw, an escape sequence can
/// retitle the terminal or recolour it, and a newline can forge a line of the report (a fake
/// `PASS`). Control characters are written as JSON writes them (`\n`, `\t`, `\u001b`, as
/// `validate` quotes values with ``JSONWriter/quoted(_:)``), so the text stays on its line and
/// reads the same; everything else, including non-ASCII letters and emoji, is kept.
package enum TerminalText {
  /// `text` with every C0 and C1 control character, DEL, the line and paragraph separators and
  /// the bidirectional overrides and isolates written as escapes (`\n`, `\r`, `\t`, `\u001b`,
  /// `\u202e`). Escaping twice gives the same text as escaping once.
  public static func escaped(_ text: String) -> String {
    // Fast path on the bytes: every character to escape starts with one of these (C1 and
    // U+0080…U+009F start with 0xC2, the separators and bidi controls with 0xE2).
    guard mayNeedEscape(text.utf8), text.unicodeScalars.contains(where: needsEscape) else {
      return text
    }
    var output = ""
    output.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar) else {
        output.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      default:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      }
    }
    return output
  }

  /// Whether `utf8` holds a byte that starts a character to escape: below 0x20, 0x7F, 0xC2 or
  /// 0xE2. A plain loop over the contiguous bytes (a transcript asks for every column of every
  /// line).
  private static func mayNeedEscape(_ utf8: String.UTF8View) -> Bool {
    func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      for byte in bytes where byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 {
        return true
      }
      return false
    }
    return utf8.withContiguousStorageIfAvailable(scan) ?? Array(utf8).withUnsafeBufferPointer(scan)
  }

  /// Whether `scalar` would move the cursor, change the terminal or reorder the line.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F..<0xA0: true  // C0, DEL, C1 (0x9B is a one-byte CSI)
    case 0x2028, 0x2029: true  // line and paragraph separators
    case 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional embeddings and isolates
    default: false
    }
  }
}
