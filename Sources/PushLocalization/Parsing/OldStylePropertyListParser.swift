/// The text `.strings` grammar (OpenStep "old-style" property list), read as CoreFoundation's C
/// parser reads it (Localization.md §1.1–§1.5, CF-C-new `CFOldStylePList.c`).
///
/// Where the C parser and swift-foundation's Swift parser differ, this follows the **C column**
/// of Localization.md's escape table (§1.3), because that is the lineage of the parser on the
/// device: `\f` is U+000C and `\v` U+000B (not U+0012/U+0011); `\U` takes 1–4 hex digits, stops at
/// the first non-hex character and yields U+0000 when there is none (no error); `\U` surrogate
/// halves written one after the other (`\UD83D\UDE00`) pair into one scalar; octal `\N`, `\NN`,
/// `\NNN` is truncated to a byte and mapped through NeXTSTEP Latin; `\u` is not an escape; any
/// other escaped character is itself.
///
/// Unlike CoreFoundation, the parser remembers where it stopped: in a strings file (no braces),
/// a character that cannot start a key ends the file *without an error* on the device (§1.5), and
/// an unterminated `/*` swallows the rest (§1.4). ``Outcome/truncation`` records that point so
/// lint can say how many entries the device will not see.
///
/// Works on UTF-8 bytes; every loop advances, so parsing is linear in the input.
struct OldStylePropertyListParser {
  /// An entry of the top-level dictionary, in file order (duplicates included).
  struct Entry {
    var key: String
    var value: PropertyListValue
    /// Byte offset of the key.
    var offset: Int
  }

  /// Where the device silently stopped reading.
  struct Truncation {
    /// Byte offset of the stray character or of the unterminated `/*`.
    var offset: Int
    /// What stopped the parser, for the message (`U+00A0 NO-BREAK SPACE`, `an unterminated /*`).
    var cause: String
    /// Entries after that point that a tolerant reading finds.
    var unseenEntries: Int
    /// Whether the tolerant reading reached the end of the file (else: "at least").
    var countIsComplete: Bool
  }

  /// What the parser produced.
  struct Outcome {
    /// Top-level entries in order, or `nil` when the file failed to parse.
    var entries: [Entry]?
    /// The top-level object when it is not a dictionary (a failure for a strings table).
    var nonDictionary: PropertyListValue?
    /// The error that made the parse fail: message and byte offset.
    var failure: (message: String, offset: Int)?
    /// Where the device silently stopped, if it did.
    var truncation: Truncation?
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0
  private var failure: (message: String, offset: Int)?
  /// Set when whitespace skipping ran to the end inside a `/*` comment: where it started.
  private var unterminatedCommentStart: Int?
  private var scratch: [UInt8] = []

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Parses UTF-8 `text` as a `.strings` file or an old-style property list.
  static func parse(_ text: [UInt8]) -> Outcome {
    text.withUnsafeBufferPointer { buffer in
      var parser = OldStylePropertyListParser(bytes: buffer)
      return parser.parseFile()
    }
  }

  // MARK: - File

  private mutating func parseFile() -> Outcome {
    var outcome = Outcome()
    guard bytes.count > 0 else {
      outcome.failure = ("Conversion of string failed: the file is empty", 0)
      return outcome
    }
    guard skipSpace() else {
      // Whitespace and comments only: an empty dictionary (CF-C-new).
      outcome.entries = []
      outcome.truncation = truncationAtUnterminatedComment()
      return outcome
    }
    guard let first = parseObject(required: true, depth: 0) else {
      outcome.failure = failure ?? ("Unexpected EOF while parsing plist", position)
      return outcome
    }
    if skipSpace() {
      guard case .string = first else {
        outcome.failure = ("Junk after plist", position)
        return outcome
      }
      // A string followed by more: a strings file, a dictionary without braces.
      position = 0
      failure = nil
      unterminatedCommentStart = nil
      var entries: [Entry] = []
      var stop: (offset: Int, cause: String?)?
      guard parseDictionaryContent(depth: 0, into: &entries, strayStop: &stop) else {
        outcome.failure = failure ?? ("Unknown error parsing property list", position)
        return outcome
      }
      outcome.entries = entries
      if let stop {
        outcome.truncation = truncation(at: stop.offset, cause: stop.cause)
      } else {
        outcome.truncation = truncationAtUnterminatedComment()
      }
      return outcome
    }
    if case .dictionary = first, let entries = bracedEntries {
      outcome.entries = entries
    } else {
      outcome.nonDictionary = first
    }
    return outcome
  }

  /// The entries of a braced top-level dictionary, kept in order for duplicate reporting.
  private var bracedEntries: [Entry]?

  private func truncationAtUnterminatedComment() -> Truncation? {
    guard let start = unterminatedCommentStart else { return nil }
    // The comment's own words come first ("/* Greeting" then the entries the author meant to
    // keep): count line by line, starting again on the next line after anything that is not
    // an entry, so that those words do not hide the entries after them.
    var offset = start + 2
    var total = 0
    while true {
      let (count, complete, stop) = Self.countEntries(in: bytes, from: offset)
      total += count
      if complete { break }
      var next = max(stop, offset)
      while next < bytes.count, bytes[next] != 0x0A, bytes[next] != 0x0D { next += 1 }
      guard next < bytes.count else { break }
      offset = next + 1
    }
    return Truncation(
      offset: start, cause: "an unterminated /* comment", unseenEntries: total,
      countIsComplete: true)
  }

  private func truncation(at offset: Int, cause: String?) -> Truncation {
    let (scalar, length) = Self.scalar(in: bytes, at: offset)
    let (count, complete, _) = Self.countEntries(in: bytes, from: offset + length)
    return Truncation(
      offset: offset, cause: cause ?? Self.describe(scalar), unseenEntries: count,
      countIsComplete: complete)
  }

  // MARK: - Whitespace and comments (CF `advanceToNonSpace`)

  /// Skips whitespace and comments; returns whether a character remains.
  private mutating func skipSpace() -> Bool {
    let end = bytes.count
    while position < end {
      let byte = bytes[position]
      if (byte >= 0x09 && byte <= 0x0D) || byte == 0x20 {
        position += 1
        continue
      }
      if byte == 0xE2, isLineOrParagraphSeparator(at: position) {
        position += 3
        continue
      }
      if byte == UInt8(ascii: "/") {
        guard position + 1 < end else { return true }
        let next = bytes[position + 1]
        if next == UInt8(ascii: "/") {
          position += 2
          while position < end {
            let character = bytes[position]
            if character == 0x0A || character == 0x0D { break }
            if character == 0xE2, isLineOrParagraphSeparator(at: position) { break }
            position += 1
          }
          continue
        }
        if next == UInt8(ascii: "*") {
          let start = position
          position += 2
          var closed = false
          while position < end {
            if bytes[position] == UInt8(ascii: "*"), position + 1 < end,
              bytes[position + 1] == UInt8(ascii: "/")
            {
              position += 2
              closed = true
              break
            }
            position += 1
          }
          if !closed { unterminatedCommentStart = start }
          continue
        }
        return true
      }
      return true
    }
    return false
  }

  private func isLineOrParagraphSeparator(at index: Int) -> Bool {
    index + 2 < bytes.count && bytes[index + 1] == 0x80
      && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
  }

  @inline(__always)
  private static func isUnquotedCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"),
      UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }

  // MARK: - Objects

  private mutating func parseObject(required: Bool, depth: Int) -> PropertyListValue? {
    if depth > 512 {
      failure = ("Too many nested arrays or dictionaries", position)
      return nil
    }
    guard skipSpace() else {
      if required { failure = ("Unexpected EOF while parsing plist", position) }
      return nil
    }
    let byte = bytes[position]
    switch byte {
    case UInt8(ascii: "{"):
      position += 1
      return parseBracedDictionary(depth: depth)
    case UInt8(ascii: "("):
      position += 1
      return parseArray(depth: depth)
    case UInt8(ascii: "<"):
      position += 1
      return parseData()
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      position += 1
      return parseQuotedString(quote: byte).map(PropertyListValue.string)
    default:
      if Self.isUnquotedCharacter(byte) {
        return .string(parseUnquotedString())
      }
      if required {
        let (scalar, _) = Self.scalar(in: bytes, at: position)
        failure = ("Unexpected character \(Self.describe(scalar))", position)
      }
      return nil
    }
  }

  /// A key: a quoted or unquoted string, or `nil` (without an error) at anything else
  /// (CF `parsePlistString(pInfo, false)`).
  private mutating func parseKey() -> String? {
    guard skipSpace() else { return nil }
    let byte = bytes[position]
    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
      position += 1
      return parseQuotedString(quote: byte)
    }
    if Self.isUnquotedCharacter(byte) { return parseUnquotedString() }
    return nil
  }

  private mutating func parseUnquotedString() -> String {
    let start = position
    let end = bytes.count
    while position < end, Self.isUnquotedCharacter(bytes[position]) { position += 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
  }

  private mutating func parseQuotedString(quote: UInt8) -> String? {
    let start = position
    let end = bytes.count
    // Fast path: no backslash before the closing quote.
    while position < end {
      let byte = bytes[position]
      if byte == quote {
        let text = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        position += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      position += 1
    }
    guard position < end else {
      failure = ("Unterminated quoted string", start - 1)
      position = start
      return nil
    }
    // Slow path: escapes.
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
    var pendingHighSurrogate: UInt32?
    while position < end {
      let byte = bytes[position]
      if byte == quote {
        if pendingHighSurrogate != nil { appendScalar(0xFFFD) }
        position += 1
        return String(decoding: scratch, as: UTF8.self)
      }
      if byte != UInt8(ascii: "\\") {
        if pendingHighSurrogate != nil {
          appendScalar(0xFFFD)
          pendingHighSurrogate = nil
        }
        scratch.append(byte)
        position += 1
        continue
      }
      position += 1
      guard position < end else {
        failure = ("Unterminated backslash sequence", position - 1)
        return nil
      }
      let unit = readEscape()
      if let high = pendingHighSurrogate {
        pendingHighSurrogate = nil
        if (0xDC00...0xDFFF).contains(unit) {
          appendScalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))
          continue
        }
        appendScalar(0xFFFD)
      }
      if (0xD800...0xDBFF).contains(unit) {
        pendingHighSurrogate = unit
      } else if (0xDC00...0xDFFF).contains(unit) {
        appendScalar(0xFFFD)
      } else if unit != UInt32.max {
        appendScalar(unit)
      }
    }
    failure = ("Unterminated quoted string", start - 1)
    position = start
    return nil
  }

  /// Reads the escape after a backslash; returns a UTF-16 unit or scalar value, or
  /// `UInt32.max` when the escaped bytes were copied to `scratch` as they are.
  private mutating func readEscape() -> UInt32 {
    let end = bytes.count
    let byte = bytes[position]
    position += 1
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "7"):
      var number = byte &- UInt8(ascii: "0")
      var digits = 1
      while digits < 3, position < end, bytes[position] >= UInt8(ascii: "0"),
        bytes[position] <= UInt8(ascii: "7")
      {
        number = (number &<< 3) &+ (bytes[position] &- UInt8(ascii: "0"))
        position += 1
        digits += 1
      }
      return NeXTSTEPLatin.scalar(for: number)
    case UInt8(ascii: "U"):
      var number: UInt32 = 0
      var digits = 0
      while digits < 4, position < end, let value = Self.hexValue(bytes[position]) {
        number = (number << 4) + value
        position += 1
        digits += 1
      }
      return number
    case UInt8(ascii: "a"): return 0x07
    case UInt8(ascii: "b"): return 0x08
    case UInt8(ascii: "f"): return 0x0C
    case UInt8(ascii: "n"): return 0x0A
    case UInt8(ascii: "r"): return 0x0D
    case UInt8(ascii: "t"): return 0x09
    case UInt8(ascii: "v"): return 0x0B
    default:
      if byte < 0x80 { return UInt32(byte) }
      // A non-ASCII character escapes to itself: copy its whole UTF-8 sequence.
      let start = position - 1
      while position < end, bytes[position] & 0xC0 == 0x80 { position += 1 }
      scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
      return UInt32.max
    }
  }

  @inline(__always)
  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private mutating func appendScalar(_ value: UInt32) {
    let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
    scratch.append(contentsOf: String(Character(scalar)).utf8)
  }

  private mutating func parseArray(depth: Int) -> PropertyListValue? {
    var array: [PropertyListValue] = []
    var item = parseObject(required: false, depth: depth + 1)
    while let value = item {
      array.append(value)
      guard skipSpace() else {
        failure = ("Expected ',' for array", position)
        return nil
      }
      if bytes[position] != UInt8(ascii: ",") {
        item = nil
      } else {
        position += 1
        item = parseObject(required: false, depth: depth + 1)
      }
    }
    if failure != nil { return nil }
    guard skipSpace(), bytes[position] == UInt8(ascii: ")") else {
      failure = ("Expected terminating ')' for array", position)
      return nil
    }
    position += 1
    return .array(array)
  }

  private mutating func parseBracedDictionary(depth: Int) -> PropertyListValue? {
    var entries: [Entry] = []
    var stop: (offset: Int, cause: String?)?
    guard parseDictionaryContent(depth: depth, into: &entries, strayStop: &stop) else {
      return nil
    }
    guard skipSpace(), bytes[position] == UInt8(ascii: "}") else {
      failure = ("Expected terminating '}' for dictionary", position)
      return nil
    }
    position += 1
    if depth == 0 { bracedEntries = entries }
    var dictionary: [String: PropertyListValue] = [:]
    dictionary.reserveCapacity(entries.count)
    for entry in entries { dictionary[entry.key] = entry.value }
    return .dictionary(dictionary)
  }

  /// `key = value;` pairs until a key cannot be read (CF `parsePlistDictContent`).
  ///
  /// Returns `false` on an error. `strayStop` is where something ended the content without an
  /// error before the end of the input: a character that cannot start a key, or a key whose
  /// quote is never closed (CF drops the key's error there too, Localization.md §1.5).
  private mutating func parseDictionaryContent(
    depth: Int, into entries: inout [Entry], strayStop: inout (offset: Int, cause: String?)?
  ) -> Bool {
    var keyOffset = nextTokenOffset()
    var key = parseKey()
    while let currentKey = key {
      guard skipSpace() else {
        failure = ("Missing ';'", position)
        return false
      }
      let value: PropertyListValue
      if bytes[position] == UInt8(ascii: ";") {
        value = .string(currentKey)
      } else if bytes[position] == UInt8(ascii: "=") {
        position += 1
        guard let parsed = parseObject(required: true, depth: depth + 1) else { return false }
        value = parsed
      } else {
        failure = ("Expected ';' or '=' after key", position)
        return false
      }
      entries.append(Entry(key: currentKey, value: value, offset: keyOffset))
      guard skipSpace(), bytes[position] == UInt8(ascii: ";") else {
        failure = ("Missing ';'", position)
        return false
      }
      position += 1
      keyOffset = nextTokenOffset()
      key = parseKey()
    }
    if failure != nil {
      // Only reading a key can fail here: CF ends the dictionary without an error.
      failure = nil
      strayStop = (keyOffset, "a key whose quote is never closed")
      position = keyOffset + 1
      return true
    }
    if position < bytes.count { strayStop = (position, nil) }
    return true
  }

  /// The offset of the next token, without consuming anything.
  private mutating func nextTokenOffset() -> Int {
    let saved = position
    let savedComment = unterminatedCommentStart
    _ = skipSpace()
    let offset = position
    position = saved
    unterminatedCommentStart = savedComment
    return offset
  }

  private mutating func parseData() -> PropertyListValue? {
    var data: [UInt8] = []
    let end = bytes.count
    while position < end {
      let byte = bytes[position]
      if byte == UInt8(ascii: ">") {
        position += 1
        return .data(data)
      }
      if let high = Self.hexValue(byte) {
        guard position + 1 < end, let low = Self.hexValue(bytes[position + 1]) else {
          failure = ("Malformed data byte group; uneven length", position)
          return nil
        }
        data.append(UInt8(high << 4 | low))
        position += 2
      } else if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
        position += 1
      } else if byte == 0xE2, isLineOrParagraphSeparator(at: position) {
        position += 3
      } else {
        failure = ("Malformed data byte group; invalid hex", position)
        return nil
      }
    }
    failure = ("Expected terminating '>' for data", position)
    return nil
  }

  // MARK: - Counting what the device will not see

  /// Counts `key = value;` entries from `offset`, stepping over characters that cannot start a
  /// key; stops (incomplete) at the first real syntax error, at the entry starting at `stop`.
  private static func countEntries(
    in bytes: UnsafeBufferPointer<UInt8>, from offset: Int
  ) -> (count: Int, complete: Bool, stop: Int) {
    var parser = OldStylePropertyListParser(bytes: bytes)
    parser.position = min(offset, bytes.count)
    var count = 0
    while parser.skipSpace() {
      let byte = parser.bytes[parser.position]
      let startsKey =
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || isUnquotedCharacter(byte)
      guard startsKey else {
        parser.position += scalar(in: bytes, at: parser.position).length
        continue
      }
      let start = parser.position
      guard parser.parseKey() != nil, parser.skipSpace() else {
        return (count, false, start)
      }
      if parser.bytes[parser.position] == UInt8(ascii: "=") {
        parser.position += 1
        guard parser.parseObject(required: true, depth: 1) != nil else {
          return (count, false, start)
        }
      } else if parser.bytes[parser.position] != UInt8(ascii: ";") {
        return (count, false, start)
      }
      count += 1
      guard parser.skipSpace(), parser.bytes[parser.position] == UInt8(ascii: ";") else {
        return (count, false, start)
      }
      parser.position += 1
    }
    return (count, true, parser.position)
  }

  // MARK: - Characters

  /// The scalar at a byte offset and its UTF-8 length (U+FFFD and 1 for a broken sequence).
  static func scalar(
    in bytes: UnsafeBufferPointer<UInt8>, at offset: Int
  ) -> (scalar: Unicode.Scalar, length: Int) {
    guard offset < bytes.count else { return ("\u{FFFD}", 1) }
    let lead = bytes[offset]
    let length: Int
    switch lead {
    case 0..<0x80: return (Unicode.Scalar(lead), 1)
    case 0xC0..<0xE0: length = 2
    case 0xE0..<0xF0: length = 3
    case 0xF0..<0xF8: length = 4
    default: return ("\u{FFFD}", 1)
    }
    guard offset + length <= bytes.count else { return ("\u{FFFD}", 1) }
    var value = UInt32(lead) & (0xFF >> (length + 1))
    for index in 1..<length {
      let byte = bytes[offset + index]
      guard byte & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }

  /// `U+00A0 NO-BREAK SPACE`, `';'`: a character named for a diagnostic.
  static func describe(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    if scalar.value > 0x20, scalar.value < 0x7F { return "'\(Character(scalar))' (\(code))" }
    if let name = scalar.properties.name { return "\(code) \(name)" }
    return code
  }
}
