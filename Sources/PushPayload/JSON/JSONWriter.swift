/// Writes compact JSON into a byte buffer: the output side of ``JSONDocument``.
///
/// Used for `pushsim validate --format json` results, `pushsim strings dump`, reports and the
/// JSON text of non-string `loc-args` items (Rules.md §2). Strings are escaped per RFC 8259 §7
/// (`"`, `\` and control characters); everything else is written as UTF-8 unchanged.
public struct JSONWriter: Sendable {
  /// The bytes written so far but for the last few, which wait in ``pending``.
  private var written: [UInt8] = []
  /// The last bytes written, at most ``Pending/capacity``, moved to ``written`` when it is
  /// full or the bytes are read. An append here is a copy into the writer itself: appending
  /// to an array checks its uniqueness and capacity and goes through a generic path every
  /// time, three times the cost of the copy for the short pieces JSON is written in (a key,
  /// a bracket, an indentation; a report appends hundreds per notification).
  private var pending = Pending()

  /// Room for ``capacity`` bytes inside the writer.
  private struct Pending: Sendable {
    static let capacity = 128
    var storage:
      (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64
      ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
  }

  /// Creates an empty writer.
  public init() {}

  /// Every byte written so far. Reading it moves the pending bytes into the array first (so
  /// it needs a `var` writer); setting it replaces everything written.
  public var bytes: [UInt8] {
    mutating get {
      settle()
      return written
    }
    set {
      written = newValue
      pending.count = 0
    }
    _modify {
      settle()
      yield &written
    }
  }

  /// How many bytes are written.
  public var count: Int { written.count + pending.count }

  /// Moves the pending bytes to the end of ``written``.
  private mutating func settle() {
    guard pending.count > 0 else { return }
    let count = pending.count
    pending.count = 0
    withUnsafeBytes(of: &pending.storage) { storage in
      written.append(
        contentsOf: UnsafeBufferPointer(
          start: storage.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self),
          count: count))
    }
  }

  /// Appends `count` bytes from `start`: into ``pending`` when they fit.
  @inline(__always)
  private mutating func append(_ start: UnsafePointer<UInt8>, count: Int) {
    if pending.count + count > Pending.capacity {
      settle()
      if count > Pending.capacity {
        written.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
        return
      }
    }
    let offset = pending.count
    withUnsafeMutableBytes(of: &pending.storage) { storage in
      (storage.baseAddress.unsafelyUnwrapped + offset).copyMemory(from: start, byteCount: count)
    }
    pending.count = offset + count
  }

  /// Appends raw bytes (already valid JSON, or punctuation).
  @inline(__always)
  public mutating func raw(_ text: StaticString) {
    append(text.utf8Start, count: text.utf8CodeUnitCount)
  }

  /// Appends one raw byte.
  @inline(__always)
  public mutating func raw(byte: UInt8) {
    if pending.count == Pending.capacity { settle() }
    let offset = pending.count
    withUnsafeMutableBytes(of: &pending.storage) { $0[offset] = byte }
    pending.count = offset + 1
  }

  /// Appends raw bytes (already valid JSON text).
  public mutating func raw(_ text: UnsafeBufferPointer<UInt8>) {
    guard let start = text.baseAddress else { return }
    append(start, count: text.count)
  }

  /// Appends raw bytes (already valid JSON text).
  public mutating func raw(_ text: [UInt8]) {
    text.withUnsafeBufferPointer { raw($0) }
  }

  /// Appends raw bytes (already valid JSON text).
  public mutating func raw(_ text: ArraySlice<UInt8>) {
    text.withUnsafeBufferPointer { raw($0) }
  }

  /// Removes what was written after the first `count` bytes.
  public mutating func truncate(to count: Int) {
    settle()
    written.removeSubrange(min(count, written.count)...)
  }

  /// Appends a string as a JSON string literal.
  public mutating func string(_ value: String) {
    raw(byte: UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { utf8 in
      guard let base = utf8.baseAddress else { return }
      let count = utf8.count
      var runStart = 0
      var offset = 0
      while offset < count {
        // Skip eight plain bytes at a time (no byte below 0x20, no `"`, no `\\`), and in the
        // word that holds one, the plain bytes before it.
        while offset + 8 <= count {
          let flags = Self.escapeFlags(Self.word(at: base + offset))
          if flags != 0 {
            offset += flags.trailingZeroBitCount >> 3
            break
          }
          offset += 8
        }
        guard offset < count else { break }
        let byte = base[offset]
        if byte >= 0x20, byte != 0x22, byte != 0x5C {
          offset += 1
          continue
        }
        if offset > runStart { append(base + runStart, count: offset - runStart) }
        switch byte {
        case 0x22: raw("\\\"")
        case 0x5C: raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        case 0x08: raw("\\b")
        case 0x0C: raw("\\f")
        default:
          raw("\\u00")
          raw(byte: Self.hexDigit(byte >> 4))
          raw(byte: Self.hexDigit(byte & 0xF))
        }
        offset += 1
        runStart = offset
      }
      if count > runStart { append(base + runStart, count: count - runStart) }
    }
    raw(byte: UInt8(ascii: "\""))
  }

  /// Appends an optional string, `null` when absent.
  public mutating func string(_ value: String?) {
    if let value { string(value) } else { raw("null") }
  }

  /// Appends an integer.
  public mutating func integer(_ value: Int) {
    if value >= 0, value < 10 {
      raw(byte: UInt8(ascii: "0") + UInt8(value))
      return
    }
    // Digits written backwards into stack space, then appended at once.
    if value < 0 { raw(byte: UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var position = digits.count
      repeat {
        position -= 1
        digits[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude > 0 && position > 0
      raw(UnsafeBufferPointer(rebasing: digits[position...]))
    }
  }

  /// A line break and 64 spaces: what indented output copies its line starts from.
  private static var lineBreakAndBlanks: StaticString {
    "\n                                                                "
  }

  /// Appends a line break and `spaces` spaces (indented output).
  public mutating func newline(indentation spaces: Int) {
    // Copied from a line break and a run of blanks, in one append up to 64 spaces (a report
    // writes one per member).
    let blanks = Self.lineBreakAndBlanks
    var remaining = max(0, spaces)
    var count = min(remaining, blanks.utf8CodeUnitCount - 1)
    append(blanks.utf8Start, count: 1 + count)
    remaining -= count
    while remaining > 0 {
      count = min(remaining, blanks.utf8CodeUnitCount - 1)
      append(blanks.utf8Start + 1, count: count)
      remaining -= count
    }
  }

  /// Starts a member of an indented object: a comma unless `comma` is false, a line break,
  /// `spaces` spaces and `"key": `, for a key of plain ASCII needing no escape. What
  /// ``raw(byte:)``, ``newline(indentation:)`` and ``raw(_:)-(StaticString)`` write one after
  /// the other, copied in one go: a pretty-printed report writes this before every value.
  public mutating func memberStart(comma: Bool, indentation spaces: Int, key: StaticString) {
    let blanks = Self.lineBreakAndBlanks
    let keyCount = key.utf8CodeUnitCount
    let total = (comma ? 1 : 0) + 1 + spaces + 1 + keyCount + 3
    guard spaces >= 0, spaces < blanks.utf8CodeUnitCount, total <= Pending.capacity else {
      if comma { raw(byte: UInt8(ascii: ",")) }
      newline(indentation: spaces)
      raw(byte: UInt8(ascii: "\""))
      raw(key)
      raw("\": ")
      return
    }
    if pending.count + total > Pending.capacity { settle() }
    let offset = pending.count
    withUnsafeMutableBytes(of: &pending.storage) { storage in
      var next = storage.baseAddress.unsafelyUnwrapped + offset
      if comma {
        next.storeBytes(of: UInt8(ascii: ","), as: UInt8.self)
        next += 1
      }
      next.copyMemory(from: blanks.utf8Start, byteCount: 1 + spaces)
      next += 1 + spaces
      next.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
      next += 1
      next.copyMemory(from: key.utf8Start, byteCount: keyCount)
      next += keyCount
      next.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
      (next + 1).storeBytes(of: UInt8(ascii: ":"), as: UInt8.self)
      (next + 2).storeBytes(of: UInt8(ascii: " "), as: UInt8.self)
    }
    pending.count = offset + total
  }

  /// Appends a Boolean.
  public mutating func bool(_ value: Bool) {
    if value { raw("true") } else { raw("false") }
  }

  /// Appends a value as compact JSON (numbers keep their source text; all members are written,
  /// duplicates included, in source order).
  public mutating func value(_ value: JSONValue) {
    switch value.kind {
    case .null: raw("null")
    case .bool(let flag): bool(flag)
    case .number(let number):
      var text = number.text
      text.withUTF8 { raw($0) }
    case .string(let text): string(text)
    case .array(let elements):
      raw(byte: UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { raw(byte: UInt8(ascii: ",")) }
        self.value(element)
      }
      raw(byte: UInt8(ascii: "]"))
    case .object(let object):
      raw(byte: UInt8(ascii: "{"))
      for (offset, member) in object.members.enumerated() {
        if offset > 0 { raw(byte: UInt8(ascii: ",")) }
        string(member.key)
        raw(byte: UInt8(ascii: ":"))
        self.value(member.value)
      }
      raw(byte: UInt8(ascii: "}"))
    }
  }

  /// Appends a value indented by two spaces per level, one member or element per line,
  /// `": "` after keys, `[]` and `{}` for empty containers, as if nested `level` deep (its
  /// closing bracket indented `level` times): the layout of `pushsim run --format json`.
  public mutating func prettyValue(_ value: JSONValue, level: Int = 0) {
    switch value.kind {
    case .array(let elements) where !elements.isEmpty:
      raw(byte: UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { raw(byte: UInt8(ascii: ",")) }
        newline(indentation: 2 * (level + 1))
        prettyValue(element, level: level + 1)
      }
      newline(indentation: 2 * level)
      raw(byte: UInt8(ascii: "]"))
    case .object(let object) where !object.members.isEmpty:
      raw(byte: UInt8(ascii: "{"))
      for (offset, member) in object.members.enumerated() {
        if offset > 0 { raw(byte: UInt8(ascii: ",")) }
        newline(indentation: 2 * (level + 1))
        string(member.key)
        raw(": ")
        prettyValue(member.value, level: level + 1)
      }
      newline(indentation: 2 * level)
      raw(byte: UInt8(ascii: "}"))
    default:
      self.value(value)
    }
  }

  /// The bytes as a string.
  public var text: String {
    if pending.count == 0 { return String(decoding: written, as: UTF8.self) }
    let count = pending.count
    if written.isEmpty {
      return withUnsafeBytes(of: pending.storage) { storage in
        String(decoding: UnsafeRawBufferPointer(rebasing: storage[..<count]), as: UTF8.self)
      }
    }
    var copy = self
    return String(decoding: copy.bytes, as: UTF8.self)
  }

  /// `value` as a quoted JSON string literal.
  public static func quoted(_ value: String) -> String {
    var writer = JSONWriter()
    writer.string(value)
    return writer.text
  }

  /// The bytes of `word` (eight bytes loaded little-endian: the first in memory is the lowest)
  /// that a JSON string must escape, below 0x20, `"` or `\\`, each flagged by its high bit;
  /// zero when there is none. Bytes of 0x80 and up are plain UTF-8 and never flagged.
  ///
  /// The lowest flag is exact, so `trailingZeroBitCount / 8` counts the plain bytes before the
  /// first byte to escape; a flag above it may be spurious (a borrow runs upward), so those are
  /// looked at byte by byte.
  @inline(__always)
  static func escapeFlags(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let below20 = (word &- 0x2020_2020_2020_2020) & ~word & highs
    let quote = word ^ 0x2222_2222_2222_2222
    let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
    let hasQuote = (quote &- ones) & ~quote & highs
    let hasBackslash = (backslash &- ones) & ~backslash & highs
    return below20 | hasQuote | hasBackslash
  }

  /// The eight bytes at `pointer`, the first in memory as the lowest byte (the order
  /// ``escapeFlags(_:)`` counts in).
  @inline(__always)
  static func word(at pointer: UnsafeRawPointer) -> UInt64 {
    UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))
  }

  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
  }
}

extension JSONValue {
  /// This value as compact JSON text (numbers as written in the source).
  public var jsonText: String {
    var writer = JSONWriter()
    writer.value(self)
    return writer.text
  }
}
