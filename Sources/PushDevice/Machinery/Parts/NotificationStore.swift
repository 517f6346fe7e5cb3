import Foundation

/// The app's delivered notifications with the indexes that keep every operation cheap.
///
/// Entries sit in arrival order in one array (arrival sequences only grow, and a replacement
/// gets a new one: it counts as newest, Rules.md §4); a removed entry leaves a hole until the
/// array is compacted, when half of it is holes. The indexes point at array slots, so walking
/// the center in order reads the array and hashes nothing. Grouping is computed when listing
/// (a view, Rules.md §4); the sets of live slots and of each thread's newest slot, and each
/// group's distinct `summary-arg` values, are kept as entries come and go, so the top of the
/// center (``firstGroups(_:limit:)``) is read without walking what is under it.
///
/// - Complexity: insert, replace, remove and look-ups are amortized O(1); listing is O(n); the
///   first `k` groups are O(k + n / 4096), plus their distinct summary arguments.
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
  /// The slots that are not holes.
  private var live = SlotSet()
  /// Each thread's newest slot: the leading notification of an automatic group.
  private var heads = SlotSet()
  /// The distinct `summary-arg` values of every notification (the one group of `byApp`).
  private var arguments = SummaryArguments()

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

  /// One thread's slots in arrival order (holes included until compaction, never at the end),
  /// how many of them are live, and their distinct `summary-arg` values.
  private struct ThreadLog {
    var slots: [Int] = []
    var live = 0
    var arguments = SummaryArguments()

    /// Adds a live notification, the thread's newest.
    mutating func append(_ slot: Int, argument: String) {
      slots.append(slot)
      live += 1
      arguments.add(argument, slot: slot)
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
    let content = notification.request.content
    let thread = content.threadIdentifier
    if let previousHead = threads[thread]?.slots.last { heads.remove(previousHead) }
    threads[thread, default: ThreadLog()].append(slot, argument: content.summaryArgument)
    heads.insert(slot)
    live.insert(slot)
    arguments.add(content.summaryArgument, slot: slot)
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
    live.remove(slot)
    if unlinkingIdentifier { byIdentifier[IdentifierKey(removed.request.identifier)] = nil }
    if byPush[removed.push] == slot { byPush[removed.push] = nil }
    let argument = removed.request.content.summaryArgument
    // The array as it is now (a reference, not a copy), read while the counts change.
    let all = slots
    arguments.remove(argument, slot: slot) { all[$0] != nil }
    let thread = removed.request.content.threadIdentifier
    if let index = threads.index(forKey: thread) {
      threads.values[index].live -= 1
      if threads.values[index].live <= 0 {
        threads.remove(at: index)
        heads.remove(slot)
      } else {
        unlinkThreadSlot(slot, argument: argument, at: index)
      }
    }
    return removed
  }

  /// Updates the thread at `index` of ``threads`` for its removed notification in `slot`: its
  /// `summary-arg` count, and its newest slot when that was the one (holes dropped from its end).
  private mutating func unlinkThreadSlot(
    _ slot: Int, argument: String, at index: Dictionary<String, ThreadLog>.Index
  ) {
    let all = slots
    threads.values[index].arguments.remove(argument, slot: slot) { all[$0] != nil }
    guard threads.values[index].slots.last == slot else { return }
    heads.remove(slot)
    while let last = threads.values[index].slots.last, slots[last] == nil {
      threads.values[index].slots.removeLast()
    }
    if let head = threads.values[index].slots.last { heads.insert(head) }
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
    arguments.remap(moved)
    live = SlotSet()
    for slot in slots.indices { live.insert(slot) }
    heads = SlotSet()
    for index in threads.indices {
      threads.values[index].slots = threads.values[index].slots.compactMap { slot in
        moved[slot] >= 0 ? moved[slot] : nil
      }
      threads.values[index].arguments.remap(moved)
      if let head = threads.values[index].slots.last { heads.insert(head) }
    }
  }

  /// The push ids of the `count` oldest notifications, oldest first.
  func oldestPushes(_ count: Int) -> [String] {
    var pushes: [String] = []
    for entry in slots {
      guard pushes.count < count else { break }
      if let entry { pushes.append(entry.push) }
    }
    return pushes
  }

  /// Every notification, newest first.
  func newestFirst() -> [DeliveredNotification] {
    slots.reversed().compactMap { $0 }
  }

  /// The first `limit` groups as the grouping setting shows them (the order of ``groups(_:)``):
  /// each group's thread, leading notification and size, without listing the group.
  func firstGroups(_ grouping: AppNotificationSettings.Grouping, limit: Int) -> [(
    thread: String, leading: DeliveredNotification, count: Int
  )] {
    var result: [(thread: String, leading: DeliveredNotification, count: Int)] = []
    guard limit > 0 else { return result }
    let leaders = grouping == .automatic ? heads : live
    leaders.forEachDescending { slot in
      guard let entry = slots[slot] else { return true }
      switch grouping {
      case .off: result.append((entry.request.content.threadIdentifier, entry, 1))
      case .byApp: result.append(("", entry, count))
      case .automatic:
        let thread = entry.request.content.threadIdentifier
        result.append((thread, entry, threads[thread]?.live ?? 1))
      }
      return grouping != .byApp && result.count < limit
    }
    return result
  }

  /// How many groups the grouping setting shows.
  func groupCount(_ grouping: AppNotificationSettings.Grouping) -> Int {
    switch grouping {
    case .off: count
    case .byApp: count > 0 ? 1 : 0
    case .automatic: threads.count
    }
  }

  /// The distinct `summary-arg` values of a group (``groups(_:)``'s `thread`), newest carrier
  /// first: what `%@` of its summary line lists (Rules.md §4).
  func summaryArguments(ofGroup thread: String, _ grouping: AppNotificationSettings.Grouping)
    -> [String]
  {
    switch grouping {
    case .off:
      // A group of one: its thread may hold others, which are groups of their own.
      return []
    case .byApp: return arguments.newestFirst
    case .automatic: return threads[thread]?.arguments.newestFirst ?? []
    }
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
