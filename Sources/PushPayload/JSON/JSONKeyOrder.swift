import Foundation

/// The order in which Foundation's `JSONSerialization` writes object keys with `.sortedKeys`
/// on Linux: `String.compare` with `[.numeric, .caseInsensitive, .forcedOrdering]` in the
/// system locale (ICU collation: punctuation, then digit runs by numeric value, then letters,
/// lowercase first when nothing else differs).
///
/// `pushsim strings dump` prints tables in this order so its output stays what it printed with
/// `JSONSerialization`. That comparison costs a bridged ICU call per pair (2.8 s to sort 50,000
/// keys on the benchmark machine), so keys of printable ASCII whose digit runs have no leading
/// zero (almost every localization key) are compared here by the same rules. Any other pair is
/// decided here too when a primary difference comes before anything this type does not know
/// (printable ASCII, and the basic Cyrillic letters but `й`), and else by Foundation, so the
/// order is Foundation's for every key. Keys Foundation must compare (the source text of a
/// Spanish, Czech or Serbian table) are first put in an approximate order (letters without
/// their accents, Serbian letters where the alphabet has them): the exact sort, a merge sort
/// that finds runs, then checks about one pair a key instead of sorting from scratch
/// (issue 36: a Spanish table's dump took twice `plutil`'s time).
public enum JSONKeyOrder {
  /// `keys` in `JSONSerialization`'s `.sortedKeys` order: Foundation's sort of ``preordered(_:)``
  /// (every comparison answers as Foundation's does). Where Foundation's comparison is
  /// consistent over the keys (a real table's), that is its one order; over some mixes of
  /// accents and case it is not transitive (`aП` < `aт` < `Áт-` < `aП`), and its sort of them
  /// depends on the order it is given, which `JSONSerialization` takes from a dictionary's hash
  /// order.
  public static func sorted(_ keys: some Sequence<String>) -> [String] {
    var entries = preorderedEntries(keys)
    entries.sort(by: areInIncreasingOrder)
    return entries.map(\.key)
  }

  /// `keys` in the order ``sorted(_:)`` sorts them from: as given when every key is compared
  /// natively (a total order: the start does not matter), else in an approximate collation
  /// order (``Approximation``), ties by their UTF-8 bytes: the result depends on the keys
  /// alone, never on a dictionary's hash order.
  static func preordered(_ keys: some Sequence<String>) -> [String] {
    preorderedEntries(keys).map(\.key)
  }

  private static func preorderedEntries(_ keys: some Sequence<String>) -> [Entry] {
    var entries = keys.map { Entry(key: $0) }
    guard entries.contains(where: { $0.bytes == nil }) else { return entries }
    for index in entries.indices { entries[index].readPrimaries() }
    var approximation = Approximation()
    let approximate = entries.map { approximation.weights(of: $0.key) }
    // Ties (keys alike but for accents or case) in the keys' own order, so the start, and
    // the result, depend on the keys alone, not on the order they come in.
    let order = entries.indices.sorted { a, b in
      if approximate[a] != approximate[b] {
        return approximate[a].lexicographicallyPrecedes(approximate[b])
      }
      return entries[a].key.utf8.lexicographicallyPrecedes(entries[b].key.utf8)
    }
    return order.map { entries[$0] }
  }

  /// Whether `first` comes before `second` in `JSONSerialization`'s `.sortedKeys` order.
  public static func areInIncreasingOrder(_ first: String, _ second: String) -> Bool {
    var first = Entry(key: first)
    var second = Entry(key: second)
    if first.bytes == nil || second.bytes == nil {
      first.readPrimaries()
      second.readPrimaries()
    }
    return areInIncreasingOrder(first, second)
  }

  /// A key and, when it is in the class compared natively, its UTF-8 bytes; and, once read
  /// (only when some key is not in that class), the primary weights of its start, as far as
  /// they are known.
  struct Entry {
    let key: String
    let bytes: [UInt8]?
    /// The primary weights of the key's start (``knownPrimaries(of:)``); empty until read.
    private(set) var primaries: [UInt64] = []
    /// Whether ``primaries`` covers the whole key (false until read).
    private(set) var isComplete = false

    init(key: String) {
      self.key = key
      let utf8 = Array(key.utf8)
      bytes = JSONKeyOrder.isNativelyOrdered(utf8) ? utf8 : nil
    }

    /// Reads ``primaries`` (``knownOrder(_:_:)`` knows nothing of an entry before).
    mutating func readPrimaries() {
      (primaries, isComplete) = JSONKeyOrder.knownPrimaries(of: key)
    }
  }

  static func areInIncreasingOrder(_ first: Entry, _ second: Entry) -> Bool {
    guard let a = first.bytes, let b = second.bytes else {
      if let known = knownOrder(first, second) { return known }
      let options: String.CompareOptions = [.numeric, .caseInsensitive, .forcedOrdering]
      return first.key.compare(
        second.key, options: options, range: first.key.startIndex..<first.key.endIndex,
        locale: NSLocale.system) == .orderedAscending
    }
    return nativeLess(a, b)
  }

  /// The order of two keys when a primary difference decides it within their known starts
  /// (or one key is all known and a proper prefix of the other's primaries); `nil` when
  /// Foundation must decide (accents or case alone differ, or something unknown comes first).
  static func knownOrder(_ first: Entry, _ second: Entry) -> Bool? {
    let a = first.primaries
    let b = second.primaries
    for index in 0..<min(a.count, b.count) where a[index] != b[index] {
      return a[index] < b[index]
    }
    if a.count < b.count { return first.isComplete ? true : nil }
    if b.count < a.count { return second.isComplete ? false : nil }
    return nil
  }

  /// A digit run's place among the weights: after punctuation, before letters.
  private static let digitWeight: UInt64 = 100

  /// The primary weights of `key`'s start, one a character and one a digit run (its value in
  /// the low 48 bits), as long as each character's weight in ICU's root collation is known:
  /// printable ASCII, and the basic Cyrillic letters (`а` to `я` but `й`, which may be `и`
  /// with a breve: after the Latin letters, in alphabetical order). At the first other
  /// character the start ends, and the weight before it is dropped too (a combining mark may
  /// change it, a digit of another script continue its number); `isComplete` tells whether the
  /// whole key was read.
  static func knownPrimaries(of key: String) -> (primaries: [UInt64], isComplete: Bool) {
    var primaries: [UInt64] = []
    var scalars = key.unicodeScalars.makeIterator()
    var pending = scalars.next()
    while let scalar = pending {
      let value = scalar.value
      if value < 128, isDigit(UInt8(value)) {
        var number: UInt64 = 0
        var digits = 0
        var next: Unicode.Scalar? = scalar
        while let digit = next, digit.value < 128, isDigit(UInt8(digit.value)) {
          number = number &* 10 &+ UInt64(digit.value - 0x30)
          digits += 1
          next = scalars.next()
        }
        // ICU has tie-breaks of its own for leading zeros; 14 digits fit in 48 bits.
        guard digits <= 14, value != 0x30 || digits == 1 else {
          return (primaries, false)
        }
        primaries.append(digitWeight << 48 | number)
        pending = next
        continue
      }
      guard let weight = knownWeight(value) else {
        if !primaries.isEmpty { primaries.removeLast() }
        return (primaries, false)
      }
      primaries.append(weight << 48)
      pending = scalars.next()
    }
    return (primaries, true)
  }

  /// The primary weight of a scalar that is no digit, when known (``knownPrimaries(of:)``).
  private static func knownWeight(_ value: UInt32) -> UInt64? {
    if value < 128 {
      let weight = weights[Int(value)]
      return weight == 0 ? nil : UInt64(weight)
    }
    var lower = value
    if (0x410...0x42F).contains(value) { lower = value + 0x20 }
    guard (0x430...0x44F).contains(lower), lower != 0x439 else { return nil }
    return Approximation.cyrillicWeight(lower)
  }

  /// An approximate collation order, for putting keys nearly in order before the exact sort:
  /// what ``knownPrimaries(of:)`` knows, letters with accents as their base letters, the
  /// Serbian letters after the letters they follow in the alphabet, combining marks ignored,
  /// other punctuation with punctuation and anything else after, by code point. Each distinct
  /// character is looked up once.
  struct Approximation {
    private var cache: [UInt32: UInt64] = [:]

    /// Weights in the layout of ``knownPrimaries(of:)`` (0: ignored, not kept).
    mutating func weights(of key: String) -> [UInt64] {
      var result: [UInt64] = []
      var number: UInt64?
      for scalar in key.unicodeScalars {
        let value = scalar.value
        if value < 128, JSONKeyOrder.isDigit(UInt8(value)) {
          number = (number ?? 0) &* 10 &+ UInt64(value - 0x30)
          continue
        }
        if let run = number {
          result.append(JSONKeyOrder.digitWeight << 48 | (run & 0xFFFF_FFFF_FFFF))
          number = nil
        }
        let weight = self.weight(scalar)
        if weight != 0 { result.append(weight << 48) }
      }
      if let run = number {
        result.append(JSONKeyOrder.digitWeight << 48 | (run & 0xFFFF_FFFF_FFFF))
      }
      return result
    }

    private mutating func weight(_ scalar: Unicode.Scalar) -> UInt64 {
      if let known = JSONKeyOrder.knownWeight(scalar.value) { return known }
      if let cached = cache[scalar.value] { return cached }
      let weight = Self.approximateWeight(scalar)
      cache[scalar.value] = weight
      return weight
    }

    private static func approximateWeight(_ scalar: Unicode.Scalar) -> UInt64 {
      let properties = scalar.properties
      switch properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control: return 0
      default: break
      }
      // A letter with an accent: its base letter (the first scalar of its decomposition).
      let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first ?? scalar
      if base != scalar, let known = JSONKeyOrder.knownWeight(base.value) { return known }
      if let serbian = serbianWeights[scalar.properties.lowercaseMapping] { return serbian }
      if base.properties.isAlphabetic || base.properties.numericType != nil {
        return min(0xFFFF, 2000 + UInt64(base.value))
      }
      return 50
    }

    /// The weight of a basic Cyrillic letter (`а`…`я`, lower case): after every Latin letter
    /// (the ASCII weights end at 135), in alphabetical order, with room after each for the
    /// letters other alphabets add there.
    static func cyrillicWeight(_ lower: UInt32) -> UInt64 {
      200 + 4 * UInt64(lower - 0x430)
    }

    /// Serbian (and other) Cyrillic letters outside the basic block, right after the basic
    /// letter they follow: ђ after д, ј after и, љ after л, њ after н, ћ after т, џ after ч;
    /// ё and й with е and и.
    private static let serbianWeights: [String: UInt64] = [
      "ђ": cyrillicWeight(0x434) + 1, "ј": cyrillicWeight(0x438) + 2,
      "љ": cyrillicWeight(0x43B) + 1, "њ": cyrillicWeight(0x43D) + 1,
      "ћ": cyrillicWeight(0x442) + 1, "џ": cyrillicWeight(0x447) + 1,
      "ё": cyrillicWeight(0x435), "й": cyrillicWeight(0x438) + 1,
    ]
  }

  /// Primary weights of printable ASCII in ICU's root collation: punctuation and symbols in
  /// this order, then digits (compared as whole numbers), then letters (case ignored).
  private static let weights: [UInt8] = {
    var weights = [UInt8](repeating: 0, count: 128)
    let punctuation = Array(" _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".utf8)
    for (index, byte) in punctuation.enumerated() { weights[Int(byte)] = UInt8(1 + index) }
    for digit in UInt8(ascii: "0")...UInt8(ascii: "9") { weights[Int(digit)] = 100 }
    for offset in 0..<26 {
      weights[Int(UInt8(ascii: "a")) + offset] = UInt8(110 + offset)
      weights[Int(UInt8(ascii: "A")) + offset] = UInt8(110 + offset)
    }
    return weights
  }()

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Printable ASCII, and every digit run at most 18 digits without a leading zero (where
  /// ICU's numeric collation has tie-breaks of its own).
  static func isNativelyOrdered(_ bytes: [UInt8]) -> Bool {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard byte < 128, weights[Int(byte)] != 0 else { return false }
      guard isDigit(byte) else {
        index += 1
        continue
      }
      var end = index
      while end < bytes.count, isDigit(bytes[end]) { end += 1 }
      if end - index > 18 || (byte == UInt8(ascii: "0") && end - index > 1) { return false }
      index = end
    }
    return true
  }

  /// ICU root collation with numeric ordering for two natively ordered keys: primary weights
  /// (digit runs by value) and length, then the first case difference (lowercase first).
  static func nativeLess(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    // Equal bytes weigh alike: start at the first difference, or at the start of the digit
    // run it falls in (keys of one table share long starts: "Would you like… 12").
    var start = 0
    let shorter = min(a.count, b.count)
    while start < shorter, a[start] == b[start] { start += 1 }
    while start > 0, isDigit(a[start - 1]) { start -= 1 }
    var i = start
    var j = start
    while i < a.count, j < b.count {
      if isDigit(a[i]), isDigit(b[j]) {
        var first = 0
        var second = 0
        while i < a.count, isDigit(a[i]) {
          first = first * 10 + Int(a[i] - UInt8(ascii: "0"))
          i += 1
        }
        while j < b.count, isDigit(b[j]) {
          second = second * 10 + Int(b[j] - UInt8(ascii: "0"))
          j += 1
        }
        if first != second { return first < second }
        continue
      }
      let first = weights[Int(a[i])]
      let second = weights[Int(b[j])]
      if first != second { return first < second }
      i += 1
      j += 1
    }
    if i < a.count || j < b.count { return j < b.count }
    // Equal but for case (no leading zeros: equal primaries mean equal lengths).
    for index in a.indices where a[index] != b[index] { return a[index] > b[index] }
    return false
  }
}
