import Foundation

/// The order in which Foundation's `JSONSerialization` writes object keys with `.sortedKeys`
/// on Linux: `String.compare` with `[.numeric, .caseInsensitive, .forcedOrdering]` in the
/// system locale (ICU collation: punctuation, then digit runs by numeric value, then letters,
/// lowercase first when nothing else differs).
///
/// `pushsim strings dump` prints tables in this order so its output stays what it printed with
/// `JSONSerialization`. That comparison costs a bridged ICU call per pair (2.8 s to sort 50,000
/// keys on the benchmark machine), so keys of printable ASCII whose digit runs have no leading
/// zero (almost every localization key) are compared here by the same rules; any pair with
/// another key is still compared by Foundation, so the order is Foundation's for every key.
public enum JSONKeyOrder {
  /// `keys` in `JSONSerialization`'s `.sortedKeys` order.
  public static func sorted(_ keys: some Sequence<String>) -> [String] {
    var entries = keys.map { Entry(key: $0) }
    entries.sort(by: areInIncreasingOrder)
    return entries.map(\.key)
  }

  /// Whether `first` comes before `second` in `JSONSerialization`'s `.sortedKeys` order.
  public static func areInIncreasingOrder(_ first: String, _ second: String) -> Bool {
    areInIncreasingOrder(Entry(key: first), Entry(key: second))
  }

  /// A key and, when it is in the class compared natively, its UTF-8 bytes.
  struct Entry {
    let key: String
    let bytes: [UInt8]?

    init(key: String) {
      self.key = key
      let utf8 = Array(key.utf8)
      bytes = JSONKeyOrder.isNativelyOrdered(utf8) ? utf8 : nil
    }
  }

  static func areInIncreasingOrder(_ first: Entry, _ second: Entry) -> Bool {
    guard let a = first.bytes, let b = second.bytes else {
      let options: String.CompareOptions = [.numeric, .caseInsensitive, .forcedOrdering]
      return first.key.compare(
        second.key, options: options, range: first.key.startIndex..<first.key.endIndex,
        locale: NSLocale.system) == .orderedAscending
    }
    return nativeLess(a, b)
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
    var i = 0
    var j = 0
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
