/// Text from payloads and scenarios made safe to print on a terminal.
///
/// A payload's title or a scenario's name is untrusted: printed raw, an escape sequence can
/// retitle the terminal or recolour it, a newline can forge a line of the report (a fake
/// `PASS`), and an invisible format character (a right-to-left mark, a zero width space) can
/// reorder or disguise what a line says. Control and format characters are written as JSON
/// writes them (`\n`, `\t`, `\u001b`, `\u200f`, as `validate` quotes values with
/// ``JSONWriter/quoted(_:)``), so the text stays on its line and reads the same; everything
/// else, including letters of every script and emoji, is kept (CommandLine.md, "Terminal
/// output").
package enum TerminalText {
  /// `text` with every C0 and C1 control character, DEL, the line and paragraph separators and
  /// every Unicode format character (general category Cf: the bidirectional marks, embeddings,
  /// overrides and isolates, zero width space, word joiner, soft hyphen, byte order mark, …)
  /// written as escapes (`\n`, `\r`, `\t`, `\u001b`, `\u202e`; a scalar beyond U+FFFF as its
  /// UTF-16 pair, `\udb40\udc01`). Three format characters are kept where they are part of the
  /// text: a zero width joiner or non-joiner between two non-ASCII characters (emoji sequences,
  /// Persian, Indic conjuncts), and the tag characters of a flag (`🏴` + tags + cancel tag).
  /// Escaping twice gives the same text as escaping once.
  public static func escaped(_ text: String) -> String {
    // Fast path on the bytes: every character to escape starts with one of a few bytes.
    guard mayNeedEscape(text.utf8), text.unicodeScalars.contains(where: mayEscape) else {
      return text
    }
    let scalars = Array(text.unicodeScalars)
    var output = ""
    output.reserveCapacity(text.utf8.count + 8)
    for index in scalars.indices {
      let scalar = scalars[index]
      guard mayEscape(scalar), !isPartOfText(scalars, at: index) else {
        output.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      default:
        for unit in String(scalar).utf16 {
          let hex = String(unit, radix: 16)
          output += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
      }
    }
    return output
  }

  /// Whether `utf8` holds a byte that starts a character to escape: below 0x20, 0x7F, or the
  /// first byte of a C1 control or a format character (a test checks this list against every
  /// Cf scalar the standard library knows). A plain loop over the contiguous bytes (a
  /// transcript asks for every column of every line).
  private static func mayNeedEscape(_ utf8: String.UTF8View) -> Bool {
    func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      for byte in bytes {
        switch byte {
        case 0x00..<0x20, 0x7F: return true
        // U+0080…U+009F and U+00AD; U+0600…U+070F (Arabic and Syriac marks); U+0890…U+08E2,
        // U+180E; U+200B…U+206F; U+FEFF, U+FFF9…U+FFFB; U+110BD…U+1D17A; U+E0001…U+E007F.
        case 0xC2, 0xD8, 0xDB, 0xDC, 0xE0, 0xE1, 0xE2, 0xEF, 0xF0, 0xF3: return true
        default: continue
        }
      }
      return false
    }
    return utf8.withContiguousStorageIfAvailable(scan) ?? Array(utf8).withUnsafeBufferPointer(scan)
  }

  /// Whether `scalar` could move the cursor, change the terminal, or hide or reorder text:
  /// escaped unless ``isPartOfText(_:at:)``.
  static func mayEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F..<0xA0: return true  // C0, DEL, C1 (0x9B is a one-byte CSI)
    case 0x2028, 0x2029: return true  // line and paragraph separators
    case 0x20..<0x7F: return false
    default: return scalar.properties.generalCategory == .format
    }
  }

  /// Whether the format character at `index` belongs to the text around it: a zero width
  /// joiner or non-joiner between two non-ASCII characters that are neither spaces, controls
  /// nor format characters themselves (`👩‍💻`, `می‌خواهم`, `ශ්‍රී`), or a tag character in a
  /// flag's tag sequence (U+1F3F4, tags, U+E007F CANCEL TAG).
  private static func isPartOfText(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    let value = scalars[index].value
    if value == 0x200C || value == 0x200D {
      guard index > 0, index + 1 < scalars.count else { return false }
      return joins(scalars[index - 1]) && joins(scalars[index + 1])
    }
    guard (0xE0020...0xE007F).contains(value) else { return false }
    var start = index
    while start > 0, (0xE0020...0xE007F).contains(scalars[start - 1].value) { start -= 1 }
    var end = index
    while end + 1 < scalars.count, (0xE0020...0xE007F).contains(scalars[end + 1].value) {
      end += 1
    }
    return start > 0 && scalars[start - 1].value == 0x1F3F4 && scalars[end].value == 0xE007F
      && end > start
  }

  /// Whether a joiner next to `scalar` joins something visible.
  private static func joins(_ scalar: Unicode.Scalar) -> Bool {
    guard !scalar.isASCII else { return false }
    switch scalar.properties.generalCategory {
    case .format, .control, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate,
      .unassigned, .privateUse:
      return false
    default:
      return true
    }
  }
}
