/// The distinct `summary-arg` values of one group's notifications, kept up to date as they
/// come and go: what `%@` of a group's summary line lists (Rules.md §4).
///
/// Each value keeps how many of the group's notifications carry it and the slot of the newest
/// one, so the list (newest first, each value once) is read without walking the group.
///
/// - Complexity: adding is O(1); removing is O(1) unless the newest carrier of a value that
///   others still carry goes, when the caller finds the next one; listing is O(d log d) in the
///   distinct values.
struct SummaryArguments: Sendable {
  /// How many carry a value, and the newest carrier's slot.
  private struct Use: Sendable {
    var count: Int
    var newest: Int
  }

  private var uses: [String: Use] = [:]

  /// No values.
  init() {}

  /// Counts `argument` for the notification in `slot`, the group's newest.
  mutating func add(_ argument: String, slot: Int) {
    guard !argument.isEmpty else { return }
    uses[argument, default: Use(count: 0, newest: slot)].count += 1
    uses[argument]?.newest = slot
  }

  /// Stops counting `argument` for the removed notification in `slot`; `newestOther` finds the
  /// slot of the newest notification still carrying it, asked only when `slot` was the newest.
  mutating func remove(_ argument: String, slot: Int, newestOther: () -> Int?) {
    guard !argument.isEmpty, let index = uses.index(forKey: argument) else { return }
    uses.values[index].count -= 1
    if uses.values[index].count <= 0 {
      uses.remove(at: index)
    } else if uses.values[index].newest == slot {
      if let other = newestOther() {
        uses.values[index].newest = other
      } else {
        uses.remove(at: index)
      }
    }
  }

  /// Moves every newest slot to where compaction put it (`moved[old]`; `-1`: gone).
  mutating func remap(_ moved: [Int]) {
    uses = uses.compactMapValues { use in
      let slot = moved[use.newest]
      return slot >= 0 ? Use(count: use.count, newest: slot) : nil
    }
  }

  /// The values, newest carrier first.
  var newestFirst: [String] {
    uses.sorted { $0.value.newest > $1.value.newest }.map(\.key)
  }
}
