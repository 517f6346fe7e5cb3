import PushCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One value of a ``JSONTape``: its kind and bytes and, for an array or object, where its
/// contents end.
struct JSONTapeEntry {
  enum Kind: UInt8 {
    case null, `true`, `false`, number, string, array, object
  }

  var kind: Kind
  /// A string (or key) written with an escape: read by the tree reader, which decodes it.
  var escaped: Bool
  // Offsets and counts in 32 bits: a tape's entries are a few hundred bytes for a payload
  // (one small allocation), and ``JSONTape/largestText`` keeps them in range.
  private var startOffset: UInt32
  private var endOffset: UInt32
  private var nextEntry: UInt32
  private var elementCount: UInt32

  init(kind: Kind, escaped: Bool, start: Int, end: Int, next: Int, count: Int) {
    self.kind = kind
    self.escaped = escaped
    self.startOffset = UInt32(truncatingIfNeeded: start)
    self.endOffset = UInt32(truncatingIfNeeded: end)
    self.nextEntry = UInt32(truncatingIfNeeded: next)
    self.elementCount = UInt32(truncatingIfNeeded: count)
  }

  /// The value's first byte (the quote of a string).
  var start: Int { Int(startOffset) }
  /// Just past the value's last byte.
  var end: Int {
    get { Int(endOffset) }
    set { endOffset = UInt32(truncatingIfNeeded: newValue) }
  }
  /// The entry after this value and everything inside it.
  var next: Int {
    get { Int(nextEntry) }
    set { nextEntry = UInt32(truncatingIfNeeded: newValue) }
  }
  /// An array's elements or an object's members.
  var count: Int {
    get { Int(elementCount) }
    set { elementCount = UInt32(truncatingIfNeeded: newValue) }
  }
}

/// Where a ``JSONTape``'s entries are written: room that grows as needed and is reused from one
/// text to the next (`validate --jsonl` reads each run of lines with one: no allocation per
/// line). Used by one thread at a time.
package final class JSONTapeStorage {
  private(set) var base: UnsafeMutablePointer<JSONTapeEntry>
  private(set) var capacity: Int
  /// The entries of the last text read.
  private(set) var count = 0

  /// Room for `capacity` entries to begin with (a payload needs a few dozen).
  package init(capacity: Int = 64) {
    self.capacity = max(1, capacity)
    base = UnsafeMutablePointer.allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Takes over the room a reader grew (or kept) and the entries it wrote.
  func adopt(_ base: UnsafeMutablePointer<JSONTapeEntry>, capacity: Int, count: Int) {
    self.base = base
    self.capacity = capacity
    self.count = count
  }

  /// The entries of the last text read.
  var entries: UnsafeBufferPointer<JSONTapeEntry> {
    UnsafeBufferPointer(start: base, count: count)
  }
}

/// A JSON text read in place: checked exactly as ``JSONDocument`` reads it (the same errors at
/// the same offsets), with one entry per value in document order instead of a tree. An object's
/// entry is followed by each member's key and value, an array's by its elements.
///
/// Nothing is built until a reader asks for it: a string is made when it is read, a number
/// parsed when it is read, and a value nothing reads costs its entry alone. `pushsim validate
/// --jsonl` reads a payload's `aps` this way (no allocation for the tape, and none per object or
/// string nothing reads), the issue's "strings kept as byte ranges until something needs them,
/// no tree for values nothing reads".
///
/// A tape's entries live in its ``JSONTapeStorage``: valid until that storage reads another
/// text.
struct JSONTape {
  /// Where the entries are.
  let storage: JSONTapeStorage
  /// Whether every object's keys are distinct and written without escapes. A repeated key needs
  /// the tree (which member wins, and the duplicate-key warning); a key with an escape would
  /// need decoding before it is compared.
  let hasPlainKeys: Bool

  /// The values, in document order.
  var entries: UnsafeBufferPointer<JSONTapeEntry> { storage.entries }

  /// The longest text a tape reads (its offsets are 32-bit); a longer one is `nil`.
  static let largestText = Int(UInt32.max)

  /// Reads `bytes` as one JSON text into `storage` (a new one by default); `nil` when the text
  /// is longer than ``largestText``.
  ///
  /// - Throws: ``JSONSyntaxError``, exactly as ``JSONDocument/init(parsing:maximumDepth:compact:deferring:)``.
  init?(
    reading bytes: ArraySlice<UInt8>, into storage: JSONTapeStorage = JSONTapeStorage(),
    maximumDepth: Int = JSONDocument.defaultMaximumDepth
  ) throws(JSONSyntaxError) {
    guard bytes.count <= Self.largestText else { return nil }
    let outcome = bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer, maximumDepth: maximumDepth)
      return parser.recordTape(into: storage)
    }
    if case .failure(let failure) = outcome {
      throw JSONSyntaxError(
        failure.code, byteOffset: failure.offset,
        position: LineIndex(Array(bytes)).position(of: failure.offset))
    }
    self.storage = storage
    self.hasPlainKeys = bytes.withUnsafeBufferPointer {
      Self.keysArePlain(storage.entries, in: $0)
    }
  }

  /// The root value, read in place, for the duration of `body` (the view points into `bytes`
  /// and this tape and must not escape).
  func withRoot<Result>(in bytes: ArraySlice<UInt8>, _ body: (JSONTapeValue) -> Result) -> Result {
    bytes.withUnsafeBufferPointer { bytes in
      body(JSONTapeValue(bytes: bytes, entries: entries, index: 0))
    }
  }

  /// Objects of more members than this are not compared key by key: their document is read as
  /// a tree (a payload's objects hold a handful).
  static let largestComparedObject = 32

  /// Whether no object repeats a key or writes one with an escape.
  private static func keysArePlain(
    _ entries: UnsafeBufferPointer<JSONTapeEntry>, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    for (index, entry) in entries.enumerated() where entry.kind == .object {
      guard entry.count <= largestComparedObject else { return false }
      var key = index + 1
      for member in 0..<entry.count {
        let keyEntry = entries[key]
        if keyEntry.escaped { return false }
        var earlier = index + 1
        for _ in 0..<member {
          if sameBytes(entries[earlier], keyEntry, in: bytes) { return false }
          earlier = entries[earlier + 1].next
        }
        key = entries[key + 1].next
      }
    }
    return true
  }

  /// Whether two keys are written with the same bytes, quotes included. Keys of one length
  /// mostly differ in their first or last letter: those are compared before the rest.
  @inline(__always)
  private static func sameBytes(
    _ first: JSONTapeEntry, _ second: JSONTapeEntry, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let count = first.end - first.start
    guard count == second.end - second.start, bytes[first.start + 1] == bytes[second.start + 1],
      bytes[first.end - 2] == bytes[second.end - 2]
    else { return false }
    return JSONTapeValue.same(
      UnsafeBufferPointer(rebasing: bytes[first.start..<first.end]),
      UnsafeBufferPointer(rebasing: bytes[second.start..<second.end]))
  }
}

/// A value of a ``JSONTape``, read in place: a view into the bytes and the tape, valid only
/// inside ``JSONTape/withRoot(in:_:)``.
struct JSONTapeValue: JSONReadable {
  typealias MemberKey = Key

  let bytes: UnsafeBufferPointer<UInt8>
  let entries: UnsafeBufferPointer<JSONTapeEntry>
  let index: Int

  private var entry: JSONTapeEntry { entries[index] }

  /// Whether two runs of bytes are equal.
  static func same(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard first.count == second.count else { return false }
    guard let left = first.baseAddress, let right = second.baseAddress else { return true }
    return memcmp(left, right, first.count) == 0
  }

  /// The bytes between a string's quotes.
  static func contents(of entry: JSONTapeEntry, in bytes: UnsafeBufferPointer<UInt8>)
    -> UnsafeBufferPointer<UInt8>
  {
    UnsafeBufferPointer(rebasing: bytes[(entry.start + 1)..<(entry.end - 1)])
  }

  var stringValue: String? {
    let entry = entry
    guard entry.kind == .string else { return nil }
    if entry.escaped { return jsonValue.stringValue }
    return JSONParser.string(checked: Self.contents(of: entry, in: bytes))
  }

  var numberValue: JSONNumber? {
    let entry = entry
    guard entry.kind == .number else { return nil }
    // A short integer (a badge, a flag, a timestamp) is read here; anything else as the tree
    // reader reads it.
    let text = UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.end])
    guard let integer = Self.shortInteger(text) else { return jsonValue.numberValue }
    return JSONNumber(
      text: JSONParser.shortASCIIString(text),
      double: integer == 0 && text.first == UInt8(ascii: "-") ? -0.0 : Double(integer),
      integer: integer)
  }

  var integerValue: Int? {
    let entry = entry
    guard entry.kind == .number else { return nil }
    let text = UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.end])
    return Self.shortInteger(text) ?? jsonValue.numberValue?.integer
  }

  /// The value of a number written as an optional minus and at most 15 digits (exact in a
  /// `Double` too); `nil` for any other number.
  private static func shortInteger(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
    let negative = text.first == UInt8(ascii: "-")
    let digits = negative ? UnsafeBufferPointer(rebasing: text.dropFirst()) : text
    guard !digits.isEmpty, digits.count <= 15,
      digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 })
    else { return nil }
    var magnitude = 0
    for digit in digits { magnitude = magnitude * 10 + Int(digit &- UInt8(ascii: "0")) }
    return negative ? -magnitude : magnitude
  }

  var boolValue: Bool? {
    switch entry.kind {
    case .true: true
    case .false: false
    default: nil
    }
  }

  var arrayValue: [JSONTapeValue]? {
    let entry = entry
    guard entry.kind == .array else { return nil }
    var elements: [JSONTapeValue] = []
    elements.reserveCapacity(entry.count)
    var element = index + 1
    for _ in 0..<entry.count {
      elements.append(JSONTapeValue(bytes: bytes, entries: entries, index: element))
      element = entries[element].next
    }
    return elements
  }

  var isNull: Bool { entry.kind == .null }

  var isObject: Bool { entry.kind == .object }

  var typeName: String {
    switch entry.kind {
    case .null: "null"
    case .true, .false: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  var jsonText: String { jsonValue.jsonText }

  /// The value read from its bytes by the tree reader (the tape has checked them), with byte
  /// ranges into the document as a tree of the whole document has them.
  var jsonValue: JSONValue {
    switch entry.kind {
    case .null: return JSONValue(.null, byteRange: entry.start..<entry.end)
    case .true: return JSONValue(.bool(true), byteRange: entry.start..<entry.end)
    case .false: return JSONValue(.bool(false), byteRange: entry.start..<entry.end)
    default:
      var parser = JSONParser(bytes, maximumDepth: JSONDocument.defaultMaximumDepth)
      switch parser.parseValue(at: entry.start, depth: 0) {
      case .success(let value): return value
      case .failure: return JSONValue(.null, byteRange: entry.start..<entry.end)
      }
    }
  }

  subscript(key: String) -> JSONTapeValue? {
    let entry = entry
    guard entry.kind == .object else { return nil }
    return key.withKeyBytes { wanted in
      // The keys are distinct (``JSONTape/hasPlainKeys``): the first match is the only one.
      var keyEntry = index + 1
      for _ in 0..<entry.count {
        if Self.same(Self.contents(of: entries[keyEntry], in: bytes), wanted) {
          return JSONTapeValue(bytes: bytes, entries: entries, index: keyEntry + 1)
        }
        keyEntry = entries[keyEntry + 1].next
      }
      return nil
    }
  }

  var objectMembers: Members? {
    guard entry.kind == .object else { return nil }
    return Members(bytes: bytes, entries: entries, key: index + 1, remaining: entry.count)
  }

  /// A key read in place: its bytes, made a string only when asked.
  struct Key: JSONKey {
    /// The bytes between the key's quotes (no escape: ``JSONTape/hasPlainKeys``).
    let bytes: UnsafeBufferPointer<UInt8>

    var string: String { JSONParser.key(checked: bytes) }

    func withKeyBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
      body(bytes)
    }
  }

  /// An object's members (the tape's keys are distinct: ``JSONTape/hasPlainKeys``).
  struct Members: Sequence, IteratorProtocol {
    let bytes: UnsafeBufferPointer<UInt8>
    let entries: UnsafeBufferPointer<JSONTapeEntry>
    /// The next member's key entry.
    var key: Int
    var remaining: Int

    mutating func next() -> JSONReadableMember<Key, JSONTapeValue>? {
      guard remaining > 0 else { return nil }
      remaining -= 1
      let keyEntry = key
      key = entries[keyEntry + 1].next
      return JSONReadableMember(
        key: Key(bytes: JSONTapeValue.contents(of: entries[keyEntry], in: bytes)),
        value: JSONTapeValue(bytes: bytes, entries: entries, index: keyEntry + 1))
    }
  }
}
