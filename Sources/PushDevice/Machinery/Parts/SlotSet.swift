/// A set of array slots that lists its members from the largest down without visiting the
/// empty stretches between them: one bit per slot, and one bit per 64-slot word saying
/// whether that word has any member.
///
/// ``NotificationStore`` keeps its live entries and each thread's newest entry in such sets,
/// so the top of Notification Center (the newest groups) is found in time that does not grow
/// with the notifications under it.
///
/// - Complexity: insert and remove are O(1) amortized; listing the `k` largest
///   members is O(k + n / 4096) for slots below `n`.
struct SlotSet: Sendable {
  /// Bit `s % 64` of word `s / 64` is set when slot `s` is a member.
  private var words: [UInt64] = []
  /// Bit `w % 64` of summary word `w / 64` is set when `words[w]` is not zero.
  private var summaries: [UInt64] = []

  /// An empty set.
  init() {}

  /// Adds `slot` (not negative).
  mutating func insert(_ slot: Int) {
    let word = slot >> 6
    while words.count <= word { words.append(0) }
    while summaries.count <= word >> 6 { summaries.append(0) }
    words[word] |= 1 << UInt64(slot & 63)
    summaries[word >> 6] |= 1 << UInt64(word & 63)
  }

  /// Removes `slot` if it is a member.
  mutating func remove(_ slot: Int) {
    let word = slot >> 6
    guard slot >= 0, word < words.count else { return }
    words[word] &= ~(1 << UInt64(slot & 63))
    if words[word] == 0 { summaries[word >> 6] &= ~(1 << UInt64(word & 63)) }
  }

  /// Calls `body` with each member from the largest down until it returns `false`.
  func forEachDescending(_ body: (Int) -> Bool) {
    for summaryIndex in summaries.indices.reversed() {
      var summary = summaries[summaryIndex]
      while summary != 0 {
        let wordBit = 63 - summary.leadingZeroBitCount
        summary &= ~(1 << UInt64(wordBit))
        let wordIndex = summaryIndex << 6 | wordBit
        var word = words[wordIndex]
        while word != 0 {
          let bit = 63 - word.leadingZeroBitCount
          word &= ~(1 << UInt64(bit))
          if !body(wordIndex << 6 | bit) { return }
        }
      }
    }
  }
}
