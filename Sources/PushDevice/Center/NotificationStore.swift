import Foundation

/// The app's delivered notifications with the indexes that keep every operation cheap.
///
/// Order keys are arrival sequences, which only grow (a replacement gets a new one: it counts as
/// newest, Rules.md §4), so order is an append-only log with tombstones that is
/// compacted when half dead. Grouping is computed when listing (a view, Rules.md §4).
///
/// - Complexity: insert, replace, remove and look-ups are amortized O(1); listing is O(n).
struct NotificationStore: Sendable {
  /// Live entries by sequence.
  private var entries: [Int: DeliveredNotification] = [:]
  /// Sequences in arrival order, dead ones included until compaction.
  private var order: [Int] = []
  /// Per thread-id: sequences in arrival order (with dead ones until compaction) and how many
  /// are live.
  private var threads: [String: ThreadLog] = [:]
  /// Request identifier → sequence.
  private var byIdentifier: [String: Int] = [:]
  /// Push id → sequence.
  private var byPush: [String: Int] = [:]

  /// The number of notifications in the center.
  var count: Int { entries.count }

  /// The entry for a push id.
  func entry(push: String) -> DeliveredNotification? {
    byPush[push].flatMap { entries[$0] }
  }

  /// The entry for a request identifier.
  func entry(identifier: String) -> DeliveredNotification? {
    byIdentifier[identifier].flatMap { entries[$0] }
  }

  /// Notifications in the center with this thread-id (`%u` of the hidden-previews placeholder).
  func count(thread: String) -> Int { threads[thread]?.live ?? 0 }

  /// One thread's sequences in arrival order (dead ones included until compaction), and how
  /// many of them are live.
  private struct ThreadLog {
    var sequences: [Int] = []
    var live = 0

    /// Adds a live notification.
    mutating func append(_ sequence: Int) {
      sequences.append(sequence)
      live += 1
    }
  }

  /// Inserts `notification`; an entry with the same request identifier is replaced and returned.
  mutating func insert(_ notification: DeliveredNotification) -> DeliveredNotification? {
    let sequence = notification.sequence
    // One look-up both links the identifier and finds the entry it replaces.
    let replaced = byIdentifier.updateValue(sequence, forKey: notification.request.identifier)
      .flatMap { remove(sequence: $0, unlinkingIdentifier: false) }
    let thread = notification.request.content.threadIdentifier
    entries[sequence] = notification
    order.append(sequence)
    threads[thread, default: ThreadLog()].append(sequence)
    byPush[notification.push] = sequence
    return replaced
  }

  /// Removes the notification with this push id.
  @discardableResult
  mutating func remove(push: String) -> DeliveredNotification? {
    guard let sequence = byPush[push] else { return nil }
    return remove(sequence: sequence)
  }

  /// Removes the notification with this request identifier.
  @discardableResult
  mutating func remove(identifier: String) -> DeliveredNotification? {
    guard let sequence = byIdentifier[identifier] else { return nil }
    return remove(sequence: sequence)
  }

  /// Removes everything, returning the removed entries newest first.
  mutating func removeAll() -> [DeliveredNotification] {
    let removed = newestFirst()
    self = NotificationStore()
    return removed
  }

  /// Removes the entry with this sequence; `unlinkingIdentifier` false leaves its request
  /// identifier's link (an insert has just pointed it at the replacement).
  private mutating func remove(sequence: Int, unlinkingIdentifier: Bool = true)
    -> DeliveredNotification?
  {
    guard let removed = entries.removeValue(forKey: sequence) else { return nil }
    let thread = removed.request.content.threadIdentifier
    if unlinkingIdentifier { byIdentifier[removed.request.identifier] = nil }
    if byPush[removed.push] == sequence { byPush[removed.push] = nil }
    if let slot = threads.index(forKey: thread) {
      let remaining = threads.values[slot].live - 1
      if remaining <= 0 {
        threads.remove(at: slot)
      } else {
        threads.values[slot].live = remaining
        if threads.values[slot].sequences.count > 2 * remaining + 8 {
          let live = threads.values[slot].sequences.filter { entries[$0] != nil }
          threads.values[slot].sequences = live
        }
      }
    }
    if order.count > 2 * entries.count + 32 {
      order = order.filter { entries[$0] != nil }
    }
    return removed
  }

  /// Every notification, newest first.
  func newestFirst() -> [DeliveredNotification] {
    order.reversed().compactMap { entries[$0] }
  }

  /// Groups as the grouping setting shows them (Rules.md §4): groups by their newest
  /// notification, newest first; inside a group newest first.
  func groups(_ grouping: AppNotificationSettings.Grouping) -> [(
    thread: String, entries: [DeliveredNotification]
  )] {
    switch grouping {
    case .off:
      return newestFirst().map { ($0.request.content.threadIdentifier, [$0]) }
    case .byApp:
      let all = newestFirst()
      return all.isEmpty ? [] : [("", all)]
    case .automatic:
      var seen = Set<String>()
      var result: [(thread: String, entries: [DeliveredNotification])] = []
      for sequence in order.reversed() {
        guard let entry = entries[sequence] else { continue }
        let thread = entry.request.content.threadIdentifier
        guard seen.insert(thread).inserted else { continue }
        let members = (threads[thread]?.sequences ?? []).reversed().compactMap { entries[$0] }
        result.append((thread, members))
      }
      return result
    }
  }
}
