/// The byte-level RFC 8259 reader behind ``JSONDocument``.
///
/// Works on an unsafe buffer for speed; every index is checked against `end` before it is read,
/// so no input can read out of bounds. Recursion is bounded by `maximumDepth`.
struct JSONParser {
  struct Failure: Error {
    var code: JSONSyntaxError.Code
    var offset: Int
  }

  struct Parsed {
    var root: JSONValue
    /// (later key range, first key range) for each repeated key.
    var duplicates: [(Range<Int>, Range<Int>)]
    /// The element ranges of each deferred array, by the array's first byte.
    var deferred: [Int: [Range<Int>]]
    /// The key and value ranges of each deferred object's members, by the object's first byte.
    var deferredObjects: [Int: [JSONDeferredObject.MemberRange]]
  }

  /// A member, named by its keys from the value being read, whose object is checked but not
  /// kept (``JSONDeferredArray/element(_:in:skipping:)``): `["push", "payload"]` skips
  /// `{"push": {"payload": {…}}}`'s inner object and nothing at any other place.
  struct SkippedMember {
    /// The keys from the value read down to the skipped member.
    let keys: [String]
    /// The depth of the value read (its objects' members are one level deeper).
    var baseDepth = 0
    /// How many of `keys` the objects being read match, outermost first.
    var matched = 0
    /// The byte range of the member's value, once skipped.
    var skipped: Range<Int>?
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private let end: Int
  private let maximumDepth: Int
  /// Whether each object's members are copied into storage of their size when it closes
  /// (``JSONDocument/init(parsing:maximumDepth:compact:)``).
  private let compact: Bool
  /// The root object's member whose array is checked but not kept (``JSONDeferredArray``).
  private let deferredMember: String?
  /// The root object's member whose object is checked but not kept (``JSONDeferredObject``).
  private let deferredObjectMember: String?
  private var index = 0
  private var duplicates: [(Range<Int>, Range<Int>)] = []
  private var deferred: [Int: [Range<Int>]] = [:]
  private var deferredObjects: [Int: [JSONDeferredObject.MemberRange]] = [:]
  /// Scratch space for strings with escapes.
  private var scratch: [UInt8] = []
  /// The member to check without keeping, when one is (``SkippedMember``).
  private(set) var skippedMember: SkippedMember?
  /// Where the checks without keeping (``skipValue(depth:)``) record each value they pass,
  /// when they record a tape (``recordTape(into:)``): written through a pointer, without the
  /// checks an array's append makes for each entry.
  private var tape: UnsafeMutablePointer<JSONTapeEntry>?
  private var tapeCount = 0
  private var tapeCapacity = 0
  /// Whether the string just read had an escape (reset as each value is recorded).
  private var sawEscape = false

  init(
    _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, compact: Bool = false,
    deferring deferredMember: String? = nil, deferringObject deferredObjectMember: String? = nil
  ) {
    self.deferredObjectMember = deferredObjectMember
    self.bytes = bytes
    self.end = bytes.count
    self.maximumDepth = maximumDepth
    self.compact = compact
    self.deferredMember = deferredMember
  }

  mutating func parseDocument() -> Result<Parsed, Failure> {
    do throws(Failure) {
      if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
        throw Failure(code: .byteOrderMark, offset: 0)
      }
      skipWhitespace()
      let root = try parseValue(depth: 0)
      skipWhitespace()
      if index < end { throw Failure(code: .trailingContent, offset: index) }
      return .success(
        Parsed(
          root: root, duplicates: duplicates, deferred: deferred,
          deferredObjects: deferredObjects))
    } catch {
      return .failure(error)
    }
  }

  /// Checks the text exactly as ``parseDocument()`` reads it (the same errors at the same
  /// offsets), recording each value in `storage` instead of building a tree.
  mutating func recordTape(into storage: JSONTapeStorage) -> Result<Void, Failure> {
    tape = storage.base
    tapeCapacity = storage.capacity
    tapeCount = 0
    sawEscape = false
    defer {
      if let tape { storage.adopt(tape, capacity: tapeCapacity, count: tapeCount) }
      tape = nil
    }
    do throws(Failure) {
      if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
        throw Failure(code: .byteOrderMark, offset: 0)
      }
      skipWhitespace()
      _ = try skipValue(depth: 0)
      skipWhitespace()
      if index < end { throw Failure(code: .trailingContent, offset: index) }
      return .success(())
    } catch {
      return .failure(error)
    }
  }

  /// Reads the one value at `offset` (an element of a deferred array, already checked), as
  /// it was read at `depth`; an object at `skipping` (keys from this value) is checked but not
  /// kept: it reads as an empty object with its byte range, also in ``skippedMember``.
  mutating func parseValue(at offset: Int, depth: Int, skipping keys: [String] = [])
    -> Result<JSONValue, Failure>
  {
    index = offset
    skippedMember = keys.isEmpty ? nil : SkippedMember(keys: keys, baseDepth: depth)
    do throws(Failure) {
      return .success(try parseValue(depth: depth))
    } catch {
      return .failure(error)
    }
  }

  // MARK: - Values

  @inline(__always)
  private mutating func skipWhitespace() {
    while index < end {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  // MARK: - Container grammar, shared by the readers that build, skip and tape

  /// Steps into an array or object at its opening bracket. Returns whether it is empty (its
  /// `closing` bracket then read too).
  @inline(__always)
  private mutating func openContainer(closing: UInt8, depth: Int) throws(Failure) -> Bool {
    if depth > maximumDepth { throw Failure(code: .tooDeep(limit: maximumDepth), offset: index) }
    index += 1
    skipWhitespace()
    guard index < end, bytes[index] == closing else { return false }
    index += 1
    return true
  }

  /// Checks that a member's key starts here, at its opening quote.
  @inline(__always)
  private mutating func expectKey() throws(Failure) {
    guard index < end else {
      throw Failure(code: .unexpectedEnd(expected: "a string key"), offset: index)
    }
    guard bytes[index] == UInt8(ascii: "\"") else {
      throw Failure(code: unexpected("a string key in double quotes"), offset: index)
    }
  }

  /// Reads the `:` after a member's key, and the blanks around it.
  @inline(__always)
  private mutating func readColon() throws(Failure) {
    skipWhitespace()
    guard index < end else {
      throw Failure(code: .unexpectedEnd(expected: "':'"), offset: index)
    }
    guard bytes[index] == UInt8(ascii: ":") else {
      throw Failure(code: unexpected("':' after the key"), offset: index)
    }
    index += 1
    skipWhitespace()
  }

  /// Reads what follows an element or member: a `,` (not followed by `closing`: no trailing
  /// comma) or `closing`. Returns whether the container closed.
  @inline(__always)
  private mutating func readSeparator(closing: UInt8) throws(Failure) -> Bool {
    skipWhitespace()
    guard index < end else {
      throw Failure(code: .unexpectedEnd(expected: Self.separatorWanted(closing)), offset: index)
    }
    switch bytes[index] {
    case UInt8(ascii: ","):
      let comma = index
      index += 1
      skipWhitespace()
      if index < end, bytes[index] == closing {
        throw Failure(code: .trailingComma(closing: closing), offset: comma)
      }
      return false
    case closing:
      index += 1
      return true
    default:
      throw Failure(code: unexpected(Self.separatorWanted(closing)), offset: index)
    }
  }

  /// What may follow an element or member, for messages.
  private static func separatorWanted(_ closing: UInt8) -> String {
    closing == UInt8(ascii: "]") ? "',' or ']'" : "',' or '}'"
  }

  private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
    guard index < end else {
      throw Failure(code: .unexpectedEnd(expected: "a JSON value"), offset: index)
    }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""):
      let start = index
      let string = try parseString()
      return JSONValue(.string(string), byteRange: start..<index)
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default:
      throw Failure(code: unexpected("a JSON value"), offset: index)
    }
  }

  /// The error for the byte at `index`: a stray byte, or a sequence that is not UTF-8.
  private func unexpected(_ expected: String) -> JSONSyntaxError.Code {
    if index < end, bytes[index] >= 0x80, utf8SequenceLength(at: index) == nil {
      return .invalidUTF8
    }
    return .unexpectedByte(expected: expected)
  }

  private mutating func parseLiteral(_ word: StaticString, _ kind: JSONValue.Kind) throws(Failure)
    -> JSONValue
  {
    let start = index
    let count = word.utf8CodeUnitCount
    let pointer = word.utf8Start
    for offset in 0..<count {
      guard index < end else {
        throw Failure(code: .unexpectedEnd(expected: "'\(word)'"), offset: index)
      }
      guard bytes[index] == pointer[offset] else {
        throw Failure(code: unexpected("'\(word)'"), offset: index)
      }
      index += 1
    }
    return JSONValue(kind, byteRange: start..<index)
  }

  /// Reads an array; a `deferring` one checks each element as ``skipValue(depth:)`` does and
  /// keeps only its byte range (in ``Parsed/deferred``), and is an empty array in the tree.
  private mutating func parseArray(depth: Int, deferring: Bool = false) throws(Failure)
    -> JSONValue
  {
    let start = index
    if try openContainer(closing: UInt8(ascii: "]"), depth: depth) {
      if deferring { deferred[start] = [] }
      return JSONValue(.array([]), byteRange: start..<index)
    }
    // Each container appends straight into its own array: no shared stack to copy out of
    // and destroy (that copy retained and released every member; measured ~5% of validate).
    var elements: [JSONValue] = []
    elements.reserveCapacity(4)
    var ranges: [Range<Int>] = []
    while true {
      if deferring {
        ranges.append(try skipValue(depth: depth))
      } else {
        elements.append(try parseValue(depth: depth))
      }
      if try readSeparator(closing: UInt8(ascii: "]")) {
        if deferring { deferred[start] = ranges }
        return JSONValue(.array(elements), byteRange: start..<index)
      }
    }
  }

  private mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
    let start = index
    var lookup: [String: Int]? = nil
    var hasDuplicates = false
    if try openContainer(closing: UInt8(ascii: "}"), depth: depth) {
      return JSONValue(
        .object(JSONObject(members: [], index: nil, hasDuplicateKeys: false)),
        byteRange: start..<index)
    }
    var members: [JSONMember] = []
    members.reserveCapacity(8)
    while true {
      try expectKey()
      let keyStart = index
      let key = try parseString(isKey: true)
      let keyRange = keyStart..<index
      try readColon()
      let value: JSONValue
      if depth == 1, let deferredMember, index < end, bytes[index] == UInt8(ascii: "["),
        key == deferredMember
      {
        value = try parseArray(depth: depth + 1, deferring: true)
      } else if depth == 1, let deferredObjectMember, index < end,
        bytes[index] == UInt8(ascii: "{"), key == deferredObjectMember
      {
        value = try parseDeferredObject(depth: depth + 1)
      } else if let skipped = skippedMember, depth == skipped.baseDepth + skipped.matched + 1,
        skipped.matched < skipped.keys.count, key == skipped.keys[skipped.matched]
      {
        value = try parseMemberOnSkippedPath(depth: depth)
      } else {
        value = try parseValue(depth: depth)
      }
      // Duplicate detection: a linear scan for small objects, a hash table past 12 members.
      let count = members.count
      var previous: Int? = nil
      if lookup != nil {
        previous = lookup?.updateValue(count, forKey: key)
      } else {
        var offset = count - 1
        let length = key.utf8.count
        while offset >= 0 {
          // Lengths first: most keys differ in length, and that costs no string comparison.
          if members[offset].key.utf8.count == length, members[offset].key == key {
            previous = offset
            break
          }
          offset -= 1
        }
        if count >= 12 {
          var table: [String: Int] = [:]
          table.reserveCapacity(count * 2)
          for offset in 0..<count { table[members[offset].key] = offset }
          table[key] = count
          lookup = table
        }
      }
      if previous != nil {
        hasDuplicates = true
        duplicates.append((keyRange, Self.firstRange(of: key, in: members)))
      }
      members.append(JSONMember(key: key, keyRange: keyRange, value: value))
      if try readSeparator(closing: UInt8(ascii: "}")) {
        if compact, members.capacity > members.count {
          var exact: [JSONMember] = []
          exact.reserveCapacity(members.count)
          exact.append(contentsOf: members)
          members = exact
        }
        return JSONValue(
          .object(JSONObject(members: members, index: lookup, hasDuplicateKeys: hasDuplicates)),
          byteRange: start..<index)
      }
    }
  }

  /// The value of a member whose key is the next of ``skippedMember``'s keys: the skipped
  /// object itself when it is the last key (an empty object in the tree), else read with one
  /// more key matched.
  private mutating func parseMemberOnSkippedPath(depth: Int) throws(Failure) -> JSONValue {
    guard var skipped = skippedMember else { return try parseValue(depth: depth) }
    if skipped.matched + 1 == skipped.keys.count {
      guard skipped.skipped == nil, index < end, bytes[index] == UInt8(ascii: "{") else {
        return try parseValue(depth: depth)
      }
      let range = try skipValue(depth: depth)
      skipped.skipped = range
      skippedMember = skipped
      return JSONValue(
        .object(JSONObject(members: [], index: nil, hasDuplicateKeys: false)), byteRange: range)
    }
    skippedMember?.matched += 1
    defer { skippedMember?.matched -= 1 }
    return try parseValue(depth: depth)
  }

  /// The key range of the first member named `key` (duplicates are rare: a scan is fine).
  private static func firstRange(of key: String, in members: [JSONMember]) -> Range<Int> {
    for member in members where member.key == key { return member.keyRange }
    return 0..<0
  }

  // MARK: - Strings

  /// The constant for the `count` bytes at `start` when they spell one of the keys Apple
  /// defines for a payload: the most common keys then cost no decoding, no validation and no
  /// allocation.
  private static func knownKey(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int)
    -> String?
  {
    func match(_ literal: StaticString) -> Bool {
      let pointer = literal.utf8Start
      for offset in 0..<count where bytes[start + offset] != pointer[offset] { return false }
      return true
    }
    switch count {
    case 3: return match("aps") ? "aps" : nil
    case 4: return match("body") ? "body" : nil
    case 5:
      switch bytes[start] {
      case UInt8(ascii: "a"): return match("alert") ? "alert" : nil
      case UInt8(ascii: "b"): return match("badge") ? "badge" : nil
      case UInt8(ascii: "s"): return match("sound") ? "sound" : nil
      case UInt8(ascii: "t"): return match("title") ? "title" : nil
      case UInt8(ascii: "e"): return match("event") ? "event" : nil
      default: return nil
      }
    case 6: return match("action") ? "action" : nil
    case 7: return match("loc-key") ? "loc-key" : nil
    case 8:
      switch bytes[start] {
      case UInt8(ascii: "c"): return match("category") ? "category" : nil
      case UInt8(ascii: "s"): return match("subtitle") ? "subtitle" : nil
      case UInt8(ascii: "l"): return match("loc-args") ? "loc-args" : nil
      case UInt8(ascii: "u"): return match("url-args") ? "url-args" : nil
      default: return nil
      }
    case 9:
      if match("thread-id") { return "thread-id" }
      return match("timestamp") ? "timestamp" : nil
    case 10:
      if match("stale-date") { return "stale-date" }
      return match("attributes") ? "attributes" : nil
    case 11: return match("summary-arg") ? "summary-arg" : nil
    case 12: return match("launch-image") ? "launch-image" : nil
    case 13:
      if match("title-loc-key") { return "title-loc-key" }
      return match("content-state") ? "content-state" : nil
    case 14:
      switch bytes[start] {
      case UInt8(ascii: "t"): return match("title-loc-args") ? "title-loc-args" : nil
      case UInt8(ascii: "a"): return match("action-loc-key") ? "action-loc-key" : nil
      case UInt8(ascii: "d"): return match("dismissal-date") ? "dismissal-date" : nil
      default: return nil
      }
    case 15:
      switch bytes[start] {
      case UInt8(ascii: "m"): return match("mutable-content") ? "mutable-content" : nil
      case UInt8(ascii: "r"): return match("relevance-score") ? "relevance-score" : nil
      case UInt8(ascii: "f"): return match("filter-criteria") ? "filter-criteria" : nil
      case UInt8(ascii: "a"): return match("attributes-type") ? "attributes-type" : nil
      default: return nil
      }
    case 16:
      if match("subtitle-loc-key") { return "subtitle-loc-key" }
      return match("input-push-token") ? "input-push-token" : nil
    case 17:
      switch bytes[start] {
      case UInt8(ascii: "c"): return match("content-available") ? "content-available" : nil
      case UInt8(ascii: "t"): return match("target-content-id") ? "target-content-id" : nil
      case UInt8(ascii: "s"):
        if match("subtitle-loc-args") { return "subtitle-loc-args" }
        return match("summary-arg-count") ? "summary-arg-count" : nil
      default: return nil
      }
    case 18:
      if match("interruption-level") { return "interruption-level" }
      return match("input-push-channel") ? "input-push-channel" : nil
    default: return nil
    }
  }

  /// Reads a string starting at the opening quote; leaves `index` after the closing quote.
  /// A key (`isKey`) written without escapes that Apple defines is its constant. Unless `keep`,
  /// the string is checked exactly as when it is read, and `""` returned in its place (the
  /// check pass over a scenario's `steps` keeps nothing).
  private mutating func parseString(isKey: Bool = false, keep: Bool = true) throws(Failure)
    -> String
  {
    index += 1
    let start = index
    // Whether every byte so far is ASCII (the eight-byte steps below skip only ASCII).
    var isASCII = true
    // Fast path: no escapes.
    while index < end {
      // Eight plain ASCII bytes at a time (no quote, backslash, control or non-ASCII byte),
      // and in the word that holds a byte to look at, the plain bytes before it.
      while index + 8 <= end, let base = bytes.baseAddress {
        let word = JSONWriter.word(at: base + index)
        let flags = (word & 0x8080_8080_8080_8080) | JSONWriter.escapeFlags(word)
        if flags != 0 {
          index += flags.trailingZeroBitCount >> 3
          break
        }
        index += 8
      }
      guard index < end else { break }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\""), !keep {
        index += 1
        return ""
      }
      if byte == UInt8(ascii: "\"") {
        let count = index - start
        let known = isKey ? Self.knownKey(bytes, from: start, count: count) : nil
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        let string =
          known
          ?? (isASCII && count <= Self.smallStringCapacity
            ? Self.shortASCIIString(text) : String(decoding: text, as: UTF8.self))
        index += 1
        return string
      }
      if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start, keep: keep) }
      if byte < 0x20 { throw Failure(code: .controlCharacterInString, offset: index) }
      if byte < 0x80 {
        index += 1
        continue
      }
      isASCII = false
      if byte &- 0xC2 < 0x1E, index + 1 < end, bytes[index + 1] & 0xC0 == 0x80 {
        // A well-formed two-byte sequence (Latin accents, Cyrillic), checked in place, and the
        // ones right after it (a word of Cyrillic is one run).
        index += 2
        while index + 1 < end, bytes[index] &- 0xC2 < 0x1E, bytes[index + 1] & 0xC0 == 0x80 {
          index += 2
        }
      } else {
        guard let length = utf8SequenceLength(at: index) else {
          throw Failure(code: .invalidUTF8, offset: index)
        }
        index += length
      }
    }
    throw Failure(code: .unexpectedEnd(expected: "'\"' to end the string"), offset: index)
  }

  /// The string a reader that has checked `text` (the bytes between a string's quotes, with no
  /// escape) reads: the same value ``parseString(isKey:keep:)`` makes.
  static func string(checked text: UnsafeBufferPointer<UInt8>) -> String {
    if text.count <= smallStringCapacity, text.allSatisfy({ $0 < 0x80 }) {
      return shortASCIIString(text)
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// ``string(checked:)`` for a key: one Apple defines is its constant.
  static func key(checked text: UnsafeBufferPointer<UInt8>) -> String {
    knownKey(text, from: 0, count: text.count) ?? string(checked: text)
  }

  /// The most UTF-8 bytes a Swift string holds inline, with no storage of its own.
  static let smallStringCapacity = 15

  /// A string of at most ``smallStringCapacity`` bytes the reader has found to be ASCII: built
  /// in place, as `String(decoding:as:)` would build it, but without checking the bytes again
  /// as UTF-8 (most keys, short values and every number's text are such strings).
  static func shortASCIIString(_ text: UnsafeBufferPointer<UInt8>) -> String {
    String(unsafeUninitializedCapacity: text.count) { buffer in
      buffer.initialize(fromContentsOf: text)
    }
  }

  /// The slow path: copies into scratch space, decoding escapes (`keep`: as for
  /// ``parseString(isKey:keep:)``).
  private mutating func parseEscapedString(from start: Int, keep: Bool) throws(Failure) -> String {
    sawEscape = true
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while index < end {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return keep ? String(decoding: scratch, as: UTF8.self) : ""
      case UInt8(ascii: "\\"):
        try appendEscape()
      case 0..<0x20:
        throw Failure(code: .controlCharacterInString, offset: index)
      case 0x20..<0x80:
        scratch.append(byte)
        index += 1
      default:
        guard let length = utf8SequenceLength(at: index) else {
          throw Failure(code: .invalidUTF8, offset: index)
        }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
        index += length
      }
    }
    throw Failure(code: .unexpectedEnd(expected: "'\"' to end the string"), offset: index)
  }

  private mutating func appendEscape() throws(Failure) {
    let escapeStart = index
    index += 1
    guard index < end else {
      throw Failure(code: .unexpectedEnd(expected: "an escape sequence"), offset: index)
    }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): scratch.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): scratch.append(UInt8(ascii: "\\"))
    case UInt8(ascii: "/"): scratch.append(UInt8(ascii: "/"))
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try hexQuad()
      var scalarValue = UInt32(unit)
      if (0xD800...0xDBFF).contains(unit) {
        // A high surrogate must be followed by `\u` and a low surrogate.
        guard index + 1 < end, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw Failure(code: .loneSurrogate, offset: escapeStart) }
        index += 2
        let low = try hexQuad()
        guard (0xDC00...0xDFFF).contains(low) else {
          throw Failure(code: .loneSurrogate, offset: escapeStart)
        }
        scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(unit) {
        throw Failure(code: .loneSurrogate, offset: escapeStart)
      }
      guard let scalar = Unicode.Scalar(scalarValue) else {
        throw Failure(code: .loneSurrogate, offset: escapeStart)
      }
      scratch.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [])
    default:
      throw Failure(code: .invalidEscape, offset: escapeStart)
    }
  }

  private mutating func hexQuad() throws(Failure) -> UInt16 {
    var value: UInt16 = 0
    for _ in 0..<4 {
      guard index < end else {
        throw Failure(code: .unexpectedEnd(expected: "four hexadecimal digits"), offset: index)
      }
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw Failure(code: .invalidUnicodeEscape, offset: index)
      }
      value = value << 4 | UInt16(digit)
      index += 1
    }
    return value
  }

  /// The length of the well-formed UTF-8 sequence (RFC 3629) starting at `position`, or `nil`.
  private func utf8SequenceLength(at position: Int) -> Int? {
    let lead = bytes[position]
    func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
      position + offset < end && range.contains(bytes[position + offset])
    }
    switch lead {
    case 0xC2...0xDF:
      return continuation(1) ? 2 : nil
    case 0xE0:
      return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : nil
    case 0xE1...0xEC, 0xEE...0xEF:
      return continuation(1) && continuation(2) ? 3 : nil
    case 0xED:
      return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : nil
    case 0xF0:
      return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : nil
    case 0xF1...0xF3:
      return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
    case 0xF4:
      return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : nil
    default:
      return nil
    }
  }

  // MARK: - Numbers

  /// What reading a number's bytes found: where it starts, and its integer value when it is
  /// written as an integer.
  private struct NumberScan {
    var start: Int
    var negative: Bool
    /// The digits' value (meaningless on overflow or when not an integer).
    var magnitude: UInt64
    var overflow: Bool
    /// Written without fraction or exponent.
    var isInteger: Bool

    /// The value as an `Int`, when it is written as an integer and fits.
    var integer: Int? {
      guard isInteger, !overflow else { return nil }
      if negative {
        if magnitude <= UInt64(Int.max) { return -Int(magnitude) }
        return magnitude == UInt64(Int.max) + 1 ? Int.min : nil
      }
      return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
    }
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
  private mutating func parseNumber() throws(Failure) -> JSONValue {
    let scan = try scanNumber()
    let digits = UnsafeBufferPointer(rebasing: bytes[scan.start..<index])
    let text =
      digits.count <= Self.smallStringCapacity
      ? Self.shortASCIIString(digits) : String(decoding: digits, as: UTF8.self)
    let integer = scan.integer
    let double: Double
    if let integer, integer.magnitude <= 1 << 53 {
      double = integer == 0 && scan.negative ? -0.0 : Double(integer)
    } else if let parsed = Double(text), parsed.isFinite {
      double = parsed
    } else {
      throw Failure(code: .numberOutOfRange, offset: scan.start)
    }
    let number = JSONNumber(text: text, double: double, integer: integer)
    return JSONValue(.number(number), byteRange: scan.start..<index)
  }

  /// ``parseNumber()``'s checks, keeping nothing: only a number that is not an integer of at
  /// most 2^53 is converted, to find one out of `Double`'s range.
  private mutating func skipNumber() throws(Failure) {
    let scan = try scanNumber()
    if let integer = scan.integer, integer.magnitude <= 1 << 53 { return }
    let digits = UnsafeBufferPointer(rebasing: bytes[scan.start..<index])
    guard let parsed = Double(String(decoding: digits, as: UTF8.self)), parsed.isFinite else {
      throw Failure(code: .numberOutOfRange, offset: scan.start)
    }
  }

  /// Reads a number's bytes, checking its syntax.
  private mutating func scanNumber() throws(Failure) -> NumberScan {
    let start = index
    var negative = false
    if bytes[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    guard index < end else {
      throw Failure(code: .unexpectedEnd(expected: "a digit"), offset: index)
    }
    var magnitude: UInt64 = 0
    var overflow = false
    let first = bytes[index]
    if first == UInt8(ascii: "0") {
      index += 1
      if index < end, isDigit(bytes[index]) {
        throw Failure(code: .invalidNumber("leading zero"), offset: start)
      }
    } else if isDigit(first) {
      while index < end, isDigit(bytes[index]) {
        let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times10.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
        overflow = overflow || o1 || o2
        magnitude = sum
        index += 1
      }
    } else {
      throw Failure(code: unexpected("a digit after '-'"), offset: index)
    }
    var isInteger = true
    if index < end, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard index < end, isDigit(bytes[index]) else {
        throw Failure(code: .invalidNumber("expected a digit after '.'"), offset: index)
      }
      while index < end, isDigit(bytes[index]) { index += 1 }
    }
    if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard index < end, isDigit(bytes[index]) else {
        throw Failure(code: .invalidNumber("expected a digit in the exponent"), offset: index)
      }
      while index < end, isDigit(bytes[index]) { index += 1 }
    }
    return NumberScan(
      start: start, negative: negative, magnitude: magnitude, overflow: overflow,
      isInteger: isInteger)
  }

  @inline(__always)
  private func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }
}

// MARK: - Checking without keeping

extension JSONParser {
  /// Checks one value exactly as ``parseValue(depth:)`` reads it (the same errors at the same
  /// offsets) but builds no tree: the elements of a deferred array are read again one at a
  /// time when needed, so building them here would only be thrown away.
  ///
  /// - Returns: the value's byte range.
  fileprivate mutating func skipValue(depth: Int) throws(Failure) -> Range<Int> {
    let start = index
    guard index < end else {
      throw Failure(code: .unexpectedEnd(expected: "a JSON value"), offset: index)
    }
    let kind: JSONTapeEntry.Kind
    switch bytes[index] {
    case UInt8(ascii: "{"):
      let entry = openTapeEntry(.object, at: start)
      let count = try skipObject(depth: depth + 1)
      closeTapeEntry(entry, count: count)
      return start..<index
    case UInt8(ascii: "["):
      let entry = openTapeEntry(.array, at: start)
      let count = try skipArray(depth: depth + 1)
      closeTapeEntry(entry, count: count)
      return start..<index
    case UInt8(ascii: "\""):
      _ = try parseString(keep: false)
      kind = .string
    case UInt8(ascii: "t"):
      _ = try parseLiteral("true", .bool(true))
      kind = .true
    case UInt8(ascii: "f"):
      _ = try parseLiteral("false", .bool(false))
      kind = .false
    case UInt8(ascii: "n"):
      _ = try parseLiteral("null", .null)
      kind = .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try skipNumber()
      kind = .number
    default:
      throw Failure(code: unexpected("a JSON value"), offset: index)
    }
    recordScalar(kind, from: start)
    return start..<index
  }

  /// Records the value that ends at `index` (a scalar, or a key) when recording a tape.
  @inline(__always)
  private mutating func recordScalar(_ kind: JSONTapeEntry.Kind, from start: Int) {
    guard tape != nil else { return }
    appendTapeEntry(
      JSONTapeEntry(
        kind: kind, escaped: sawEscape, start: start, end: index, next: tapeCount + 1, count: 0))
    sawEscape = false
  }

  /// Records an array or object starting at `start`, completed by ``closeTapeEntry(_:count:)``
  /// once its contents are recorded; returns its entry's index.
  @inline(__always)
  private mutating func openTapeEntry(_ kind: JSONTapeEntry.Kind, at start: Int) -> Int {
    guard tape != nil else { return 0 }
    appendTapeEntry(
      JSONTapeEntry(kind: kind, escaped: false, start: start, end: start, next: 0, count: 0))
    return tapeCount - 1
  }

  @inline(__always)
  private mutating func closeTapeEntry(_ entry: Int, count: Int) {
    guard let tape else { return }
    tape[entry].end = index
    tape[entry].next = tapeCount
    tape[entry].count = count
  }

  @inline(__always)
  private mutating func appendTapeEntry(_ entry: JSONTapeEntry) {
    if tapeCount == tapeCapacity { growTape() }
    guard let tape else { return }
    (tape + tapeCount).initialize(to: entry)
    tapeCount += 1
  }

  /// Twice the room, the entries moved over (entries are plain values: nothing to release).
  private mutating func growTape() {
    let capacity = max(64, tapeCapacity * 2)
    let grown = UnsafeMutablePointer<JSONTapeEntry>.allocate(capacity: capacity)
    if let tape {
      grown.moveInitialize(from: tape, count: tapeCount)
      tape.deallocate()
    }
    tape = grown
    tapeCapacity = capacity
  }

  /// Checks an object as ``parseObject(depth:)`` does, keeping only where each member's key
  /// and value are (in ``Parsed/deferredObjects``); it is an empty object in the tree.
  fileprivate mutating func parseDeferredObject(depth: Int) throws(Failure) -> JSONValue {
    let start = index
    var members: [JSONDeferredObject.MemberRange] = []
    if try !openContainer(closing: UInt8(ascii: "}"), depth: depth) {
      while true {
        try expectKey()
        let keyStart = index
        _ = try parseString(keep: false)
        let key = keyStart..<index
        try readColon()
        members.append(JSONDeferredObject.MemberRange(key: key, value: try skipValue(depth: depth)))
        if try readSeparator(closing: UInt8(ascii: "}")) { break }
      }
    }
    deferredObjects[start] = members
    return JSONValue(
      .object(JSONObject(members: [], index: nil, hasDuplicateKeys: false)),
      byteRange: start..<index)
  }

  /// ``parseArray(depth:deferring:)``'s checks, keeping nothing; returns the element count.
  private mutating func skipArray(depth: Int) throws(Failure) -> Int {
    if try openContainer(closing: UInt8(ascii: "]"), depth: depth) { return 0 }
    var count = 0
    while true {
      _ = try skipValue(depth: depth)
      count += 1
      if try readSeparator(closing: UInt8(ascii: "]")) { return count }
    }
  }

  /// ``parseObject(depth:)``'s checks, keeping nothing (a repeated key is no syntax error: it
  /// is found when the value is read again); returns the member count. A tape records each
  /// key, then its value.
  private mutating func skipObject(depth: Int) throws(Failure) -> Int {
    if try openContainer(closing: UInt8(ascii: "}"), depth: depth) { return 0 }
    var count = 0
    while true {
      try expectKey()
      let keyStart = index
      _ = try parseString(keep: false)
      recordScalar(.string, from: keyStart)
      count += 1
      try readColon()
      _ = try skipValue(depth: depth)
      if try readSeparator(closing: UInt8(ascii: "}")) { return count }
    }
  }
}
