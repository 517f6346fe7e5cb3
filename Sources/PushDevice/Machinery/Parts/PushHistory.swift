import Foundation

/// The pushes a device received, in arrival order: each push's record (``PushRecord``) and the
/// notification it became (``KeptNotification``), kept at the same place so that a push id is
/// hashed once for both and no second table of every push is kept.
///
/// The part owns its rules: how a push without an id is named (`push-N`), how a counted local
/// firing takes the place of the one before (Rules.md §9.9), and which places survive when a
/// long-running phone forgets its oldest pushes (Rules.md §18.9). ``Device`` decides when.
struct PushHistory: Sendable {
  /// Push records by id, in arrival order.
  private var records = OrderedTable<PushRecord>()
  /// Every notification made, at the place of its push's record (`nil` for a push that made
  /// none, or shorter than ``records`` when the newest made none).
  private var notifications: [KeptNotification?] = []
  /// Pushes received, for the `push-N` name of a push sent without an id.
  private var received = 0

  /// Counts a push arriving and names it: `id`, or `push-N` for the Nth push received.
  mutating func arrive(id: String?) -> String {
    received += 1
    return id ?? "push-\(received)"
  }

  /// Every record, in arrival order.
  var ordered: [PushRecord] { records.ordered }

  /// Every push id, in arrival order.
  var ids: [String] { records.ids }

  /// Where push `id`'s record is in ``ordered``.
  func position(of id: String) -> Int? { records.position(of: id) }

  /// The record of push `id`; setting one for a new id appends it.
  subscript(id: String) -> PushRecord? {
    get { records[id] }
    set { records[id] = newValue }
  }

  /// Stores `record` for `id` (in place when the id is known, else last), returning the
  /// record it replaced.
  @discardableResult
  mutating func updateValue(_ record: PushRecord, forKey id: String) -> PushRecord? {
    records.updateValue(record, forKey: id)
  }

  /// Changes the record of push `id` in place; does nothing when there is none.
  mutating func update(_ id: String, _ change: (inout PushRecord) -> Void) {
    records.update(id, change)
  }

  /// The notification the push at `position` in ``ordered`` became, if it became one.
  func notification(at position: Int) -> KeptNotification? {
    notifications.indices.contains(position) ? notifications[position] : nil
  }

  /// The notification push `id` became, if it became one.
  func notification(of id: String) -> KeptNotification? {
    guard let position = records.position(of: id) else { return nil }
    return notification(at: position)
  }

  /// Keeps the notification push `id` became, at the place of its record (every push that
  /// becomes a notification has one).
  mutating func keep(_ notification: KeptNotification, of id: String) {
    guard let position = records.position(of: id) else { return }
    if position >= notifications.count {
      notifications.append(
        contentsOf: repeatElement(nil, count: position + 1 - notifications.count))
    }
    notifications[position] = notification
  }

  /// Changes the notification push `id` became; does nothing when there is none.
  mutating func updateNotification(of id: String, _ change: (inout KeptNotification) -> Void) {
    guard let position = records.position(of: id), var kept = notification(at: position)
    else { return }
    change(&kept)
    notifications[position] = kept
  }

  /// The newest push (a counted local firing's, Rules.md §9.9) takes the place of
  /// `previous`'s record and notification, which are dropped: what replaces a record in place
  /// must not move the records after it.
  ///
  /// - Complexity: O(1).
  mutating func takeOver(_ previous: String) {
    guard let place = records.moveLast(into: previous) else { return }
    let last = records.ordered.count
    // Shorter than the records when the newest made no notification: nothing to move.
    guard place < notifications.count else { return }
    notifications[place] = last < notifications.count ? notifications[last] : nil
    if notifications.count > last {
      notifications.removeLast(notifications.count - last)
    }
  }

  /// Forgets the pushes older than the newest `newest` whose place `stillNeeded` does not
  /// claim, with their notifications, returning the forgotten ids in arrival order and the
  /// time the oldest push kept by count arrived (the events before it can go too); `nil`,
  /// forgetting nothing, while the records do not exceed `newest` by `slack`.
  ///
  /// - Complexity: O(n) in the records kept.
  mutating func forget(
    keepingNewest newest: Int, slack: Int,
    stillNeeded: (_ id: String, _ status: PushStatus) -> Bool
  ) -> (ids: [String], cutoff: Date)? {
    let count = records.ordered.count
    guard count >= newest + slack else { return nil }
    let firstKept = count - newest
    let cutoff = records.ordered[firstKept].received
    // Decided before anything moves; read in place (a copy of the records would be copied
    // again when they change).
    var keeps = [Bool](repeating: true, count: count)
    for place in 0..<firstKept {
      keeps[place] = stillNeeded(records.ids[place], records.ordered[place].status)
    }
    var next = 0
    for place in notifications.indices where place < count && keeps[place] {
      notifications.swapAt(next, place)
      next += 1
    }
    notifications.removeLast(notifications.count - next)
    let forgotten = records.retain(places: { keeps[$0] })
    return (forgotten, cutoff)
  }
}
