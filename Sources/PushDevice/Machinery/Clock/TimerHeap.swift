import Foundation

/// A min-heap of timers ordered by fire time, then by scheduling order (so timers due at the
/// same instant fire in the order they were set: deterministic).
///
/// - Complexity: `insert` and `popFirst` are O(log n).
struct TimerHeap<Action: Sendable>: Sendable {
  /// One scheduled timer.
  struct Entry: Sendable {
    var time: Date
    var sequence: Int
    var action: Action

    func precedes(_ other: Entry) -> Bool {
      time != other.time ? time < other.time : sequence < other.sequence
    }
  }

  private var entries: [Entry] = []
  private var nextSequence = 0

  var isEmpty: Bool { entries.isEmpty }
  var count: Int { entries.count }
  var first: Entry? { entries.first }

  mutating func insert(_ action: Action, at time: Date) {
    entries.append(Entry(time: time, sequence: nextSequence, action: action))
    nextSequence += 1
    var child = entries.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard entries[child].precedes(entries[parent]) else { break }
      entries.swapAt(child, parent)
      child = parent
    }
  }

  mutating func popFirst() -> Entry? {
    guard !entries.isEmpty else { return nil }
    entries.swapAt(0, entries.count - 1)
    let first = entries.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < entries.count, entries[left].precedes(entries[smallest]) { smallest = left }
      if right < entries.count, entries[right].precedes(entries[smallest]) { smallest = right }
      guard smallest != parent else { break }
      entries.swapAt(parent, smallest)
      parent = smallest
    }
    return first
  }
}
