import PushPayload

/// The transcript's lines written as UTF-8 bytes into one reused buffer, handed on in pieces:
/// no string is made per line, per column or per padding.
///
/// Every value from a scenario or a payload is written through ``escaped(_:)``,
/// ``padded(_:width:)`` or ``painted(_:_:)``, which write control characters as escapes
/// (``TerminalText``): a name or a title cannot move the cursor, retitle the terminal or forge a
/// report line. Columns are measured in characters (``width(_:)``), as a terminal shows them.
struct TranscriptWriter {
  /// The text written and not yet handed on.
  private var bytes: [UInt8] = []
  /// Where the line being written starts in ``bytes``.
  private var lineStart = 0
  /// Whether to colour the output.
  let color: Bool
  /// How many bytes are worth handing on at the end of a line.
  let pieceSize: Int

  init(color: Bool, pieceSize: Int) {
    self.color = color
    self.pieceSize = pieceSize
    // Room for a short transcript; a long one grows the buffer to a piece and keeps it.
    bytes.reserveCapacity(min(pieceSize, 1 << 12) + 256)
  }

  /// ANSI styles (SGR parameters).
  enum Style: String {
    case bold = "1"
    case dim = "2"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case blue = "34"
    case plain = ""
  }

  /// Fixed text of the reporter's own (never escaped).
  mutating func plain(_ text: StaticString) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// An integer in decimal.
  mutating func integer(_ value: Int) {
    bytes.append(contentsOf: String(value).utf8)
  }

  /// `text`, escaped for the terminal.
  mutating func escaped(_ text: String) {
    // The same string when there is nothing to escape: no allocation.
    bytes.append(contentsOf: TerminalText.escaped(text).utf8)
  }

  /// `"text"`, escaped.
  mutating func quoted(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    escaped(text)
    bytes.append(UInt8(ascii: "\""))
  }

  /// `text` escaped, then spaces up to `width` characters.
  mutating func padded(_ text: String, width: Int) {
    let text = TerminalText.escaped(text)
    bytes.append(contentsOf: text.utf8)
    spaces(width - Self.width(text))
  }

  /// `count` spaces (none when `count` is not positive).
  mutating func spaces(_ count: Int) {
    guard count > 0 else { return }
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
  }

  /// What `body` writes, in `style` when colour is on.
  mutating func painted(_ style: Style, _ body: (inout TranscriptWriter) -> Void) {
    guard color, style != .plain else { return body(&self) }
    plain("\u{1B}[")
    bytes.append(contentsOf: style.rawValue.utf8)
    plain("m")
    body(&self)
    plain("\u{1B}[0m")
  }

  /// `text` escaped, in `style` when colour is on.
  mutating func painted(_ text: String, _ style: Style) {
    painted(style) { $0.escaped(text) }
  }

  /// Ends the line, its trailing spaces removed when `trimmingSpaces`, and hands the buffer on
  /// once it holds ``pieceSize`` bytes.
  ///
  /// - Returns: what `write` returns, true when nothing was handed on.
  mutating func endLine(
    trimmingSpaces: Bool = false, to write: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    if trimmingSpaces { trimTrailingSpaces() }
    bytes.append(UInt8(ascii: "\n"))
    lineStart = bytes.count
    return bytes.count < pieceSize || handOn(to: write)
  }

  /// Hands on what is written (nothing when the buffer is empty); returns what `write` returns.
  mutating func handOn(to write: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
    guard !bytes.isEmpty else { return true }
    let written = bytes.withUnsafeBufferPointer { write($0) }
    bytes.removeAll(keepingCapacity: true)
    lineStart = 0
    return written
  }

  /// Removes the line's trailing space characters. A space byte is a character of its own
  /// unless the character before it is one that joins the next (a prepended mark such as
  /// U+0600): a line with anything but ASCII before its spaces is trimmed as a string.
  private mutating func trimTrailingSpaces() {
    var end = bytes.count
    while end > lineStart, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
    guard end < bytes.count else { return }
    if end > lineStart, bytes[end - 1] >= 0x80 {
      var line = String(decoding: bytes[lineStart...], as: UTF8.self)
      while line.last == " " { line.removeLast() }
      bytes.replaceSubrange(lineStart..., with: line.utf8)
    } else {
      bytes.removeSubrange(end...)
    }
  }

  /// How many characters a terminal shows for `text` (already escaped): its byte count when it
  /// is ASCII, else its count of grapheme clusters.
  static func width(_ text: String) -> Int {
    let utf8 = text.utf8
    let ascii =
      utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } }
      ?? utf8.allSatisfy { $0 < 0x80 }
    return ascii ? utf8.count : text.count
  }
}
