import Foundation

/// The app's delivered notifications with the indexes that keep every operation cheap.
///
/// Entries sit in arrival order in one array (arrival sequences only grow, and a replacement
/// gets a new one: it counts as newest, Rules.md §4); a removed entry leaves a hole until the
/// array is compacted, when half of it is holes. The indexes point at array slots, so walking
/// the center in order reads the array and hashes nothing. Grouping is computed when listing
/// (a view, Rules.md §4).
///
/// - Complexity: insert, replace, remove and look-ups are amortized O(1); listing is O(n).
struct NotificationStore: Sendable {
  /// Entries in arrival order; `nil` where one was removed (until compaction).
  private var slots: [DeliveredNotification?] = []
  /// The number of entries that are not holes.
  private(set) var count = 0
  /// Per thread-id: slots in arrival order (with holes until compaction) and how many are live.
  private var threads: [String: ThreadLog] = [:]
  /// Request identifier → slot.
  private var byIdentifier: [IdentifierKey: Int] = [:]
  /// Push id → slot.
  private var byPush: [String: Int] = [:]

  /// The entry for a push id.
  func entry(push: String) -> DeliveredNotification? {
    byPush[push].flatMap { slots[$0] }
  }

  /// The entry for a request identifier.
  func entry(identifier: String) -> DeliveredNotification? {
    byIdentifier[IdentifierKey(identifier)].flatMap { slots[$0] }
  }

  /// Notifications in the center with this thread-id (`%u` of the hidden-previews placeholder).
  func count(thread: String) -> Int { threads[thread]?.live ?? 0 }

  /// One thread's slots in arrival order (holes included until compaction), and how many of
  /// them are live.
  private struct ThreadLog {
    var slots: [Int] = []
    var live = 0

    /// Adds a live notification.
    mutating func append(_ slot: Int) {
      slots.append(slot)
      live += 1
    }
  }

  /// Inserts `notification`; an entry with the same request identifier is replaced and returned.
  mutating func insert(_ notification: DeliveredNotification) -> DeliveredNotification? {
    let slot = slots.count
    // One look-up both links the identifier and finds the entry it replaces.
    let replaced = byIdentifier.updateValue(
      slot, forKey: IdentifierKey(notification.request.identifier)
    )
    .flatMap { remove(slot: $0, unlinkingIdentifier: false) }
    slots.append(notification)
    count += 1
    threads[notification.request.content.threadIdentifier, default: ThreadLog()].append(slot)
    byPush[notification.push] = slot
    compactIfMostlyHoles()
    return replaced
  }

  /// Removes the notification with this push id.
  @discardableResult
  mutating func remove(push: String) -> DeliveredNotification? {
    guard let slot = byPush[push] else { return nil }
    defer { compactIfMostlyHoles() }
    return remove(slot: slot)
  }

  /// Removes the notification with this request identifier.
  @discardableResult
  mutating func remove(identifier: String) -> DeliveredNotification? {
    guard let slot = byIdentifier[IdentifierKey(identifier)] else { return nil }
    defer { compactIfMostlyHoles() }
    return remove(slot: slot)
  }

  /// Removes everything, returning the removed entries newest first.
  mutating func removeAll() -> [DeliveredNotification] {
    let removed = newestFirst()
    self = NotificationStore()
    return removed
  }

  /// Empties the entry in `slot`; `unlinkingIdentifier` false leaves its request identifier's
  /// link (an insert has just pointed it at the replacement). Slots do not move here.
  private mutating func remove(slot: Int, unlinkingIdentifier: Bool = true)
    -> DeliveredNotification?
  {
    guard let removed = slots[slot] else { return nil }
    slots[slot] = nil
    count -= 1
    if unlinkingIdentifier { byIdentifier[IdentifierKey(removed.request.identifier)] = nil }
    if byPush[removed.push] == slot { byPush[removed.push] = nil }
    let thread = removed.request.content.threadIdentifier
    if let index = threads.index(forKey: thread) {
      threads.values[index].live -= 1
      if threads.values[index].live <= 0 { threads.remove(at: index) }
    }
    return removed
  }

  /// Closes the holes once they are most of the array, moving every entry to its new slot in
  /// one pass (amortized O(1) per removal).
  private mutating func compactIfMostlyHoles() {
    guard slots.count > 2 * count + 32 else { return }
    var moved = [Int](repeating: -1, count: slots.count)
    var kept: [DeliveredNotification?] = []
    kept.reserveCapacity(count)
    for (slot, entry) in slots.enumerated() where entry != nil {
      moved[slot] = kept.count
      kept.append(entry)
    }
    slots = kept
    // Both indexes point at live entries only (a removal unlinks them); a link to a hole,
    // should one ever be left, is dropped rather than moved.
    byIdentifier = byIdentifier.compactMapValues { moved[$0] >= 0 ? moved[$0] : nil }
    byPush = byPush.compactMapValues { moved[$0] >= 0 ? moved[$0] : nil }
    for index in threads.indices {
      threads.values[index].slots = threads.values[index].slots.compactMap { slot in
        moved[slot] >= 0 ? moved[slot] : nil
      }
    }
  }

  /// Every notification, newest first.
  func newestFirst() -> [DeliveredNotification] {
    slots.reversed().compactMap { $0 }
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
      for entry in slots.reversed() {
        guard let entry else { continue }
        let thread = entry.request.content.threadIdentifier
        guard seen.insert(thread).inserted else { continue }
        let members = (threads[thread]?.slots ?? []).reversed().compactMap { slots[$0] }
        result.append((thread, members))
      }
      return result
    }
  }
}

/// A request identifier as a table key, its hash computed once and compared before its text:
/// identifiers are mostly 36-character UUIDs, kept out of line, and a look-up in a table of
/// many passes several other keys, whose text it then never reads.
private struct IdentifierKey: Hashable {
  let text: String
  let hash: Int

  init(_ text: String) {
    self.text = text
    self.hash = text.hashValue
  }

  static func == (lhs: IdentifierKey, rhs: IdentifierKey) -> Bool {
    lhs.hash == rhs.hash && lhs.text == rhs.text
  }

  func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
