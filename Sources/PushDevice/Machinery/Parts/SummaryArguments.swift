/// The distinct `summary-arg` values of one group's notifications, kept up to date as they
/// come and go: what `%@` of a group's summary line lists (Rules.md §4).
///
/// Each value keeps how many of the group's notifications carry it and the slots of its
/// carriers in arrival order, the newest last. A carrier removed from under the newest stays
/// listed until it surfaces, and is dropped then: the list (newest carrier first, each value
/// once) is read without walking the group, and removing the newest carrier does not walk
/// back through the others.
///
/// - Complexity: adding is O(1); removing is amortized O(1) (each slot is dropped from its
///   value's carriers once); listing is O(d log d) in the distinct values.
struct SummaryArguments: Sendable {
  /// How many live notifications carry a value, and the slots of its carriers, oldest first
  /// (removed ones among them, never the last).
  private struct Use: Sendable {
    var count: Int
    var carriers: [Int]
  }

  private var uses: [String: Use] = [:]

  /// No values.
  init() {}

  /// Counts `argument` for the notification in `slot`, the group's newest.
  mutating func add(_ argument: String, slot: Int) {
    guard !argument.isEmpty else { return }
    uses[argument, default: Use(count: 0, carriers: [])].count += 1
    uses[argument]?.carriers.append(slot)
  }

  /// Stops counting `argument` for the removed notification in `slot`; when it was the newest
  /// carrier, carriers that `isLive` says are removed are dropped from the top too.
  mutating func remove(_ argument: String, slot: Int, isLive: (Int) -> Bool) {
    guard !argument.isEmpty, let index = uses.index(forKey: argument) else { return }
    uses.values[index].count -= 1
    guard uses.values[index].count > 0 else {
      uses.remove(at: index)
      return
    }
    while let newest = uses.values[index].carriers.last, newest == slot || !isLive(newest) {
      uses.values[index].carriers.removeLast()
    }
    if uses.values[index].carriers.isEmpty { uses.remove(at: index) }
  }

  /// Moves every carrier to where compaction put it (`moved[old]`; `-1`: gone).
  mutating func remap(_ moved: [Int]) {
    uses = uses.compactMapValues { use in
      let carriers = use.carriers.compactMap { moved[$0] >= 0 ? moved[$0] : nil }
      return carriers.isEmpty ? nil : Use(count: use.count, carriers: carriers)
    }
  }

  /// The values, newest carrier first.
  var newestFirst: [String] {
    uses.compactMap { argument, use in use.carriers.last.map { (argument, $0) } }
      .sorted { $0.1 > $1.1 }.map(\.0)
  }
}
