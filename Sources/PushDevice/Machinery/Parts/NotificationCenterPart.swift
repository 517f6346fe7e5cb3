import Foundation
import PushPayload

/// The device's part for Notification Center and what sits beside it: the notifications shown
/// (``NotificationStore``), those held for the Scheduled Summary with the digest last delivered,
/// the app icon's badge and the arrival order (Behavior.md §7.4, Rules.md §4).
///
/// A value with no clock and no log, as ``APNsGateway`` is: each input says what it changed (the
/// pushes a notification replaced, the digest delivered), and ``Device`` records it as events.
struct NotificationCenterPart: Sendable {
  /// The notifications shown.
  private(set) var store = NotificationStore()
  /// Notifications held for the Scheduled Summary, by request identifier.
  private var held: [String: HeldNotification] = [:]
  /// The next Scheduled Summary delivery with a timer set.
  var nextSummaryDelivery: Date?
  /// The last Scheduled Summary digest delivered: push ids, featured first.
  private(set) var lastSummaryDigest: [String] = []
  /// The app icon's badge; 0 means none.
  private(set) var badge = 0
  /// Arrival sequence for Notification Center order.
  private var sequence = 0

  /// The pushes a new notification took the place of (same request identifier): one held for
  /// the Scheduled Summary, one shown, or both.
  struct Replaced {
    /// The notification held with that identifier, if any.
    var held: String?
    /// The notification shown with that identifier, if any.
    var shown: String?
  }

  /// Whether the Scheduled Summary holds any notification.
  var isHoldingAny: Bool { !held.isEmpty }

  /// The push held with request identifier `identifier`, if any.
  func heldPush(identifier: String) -> String? { held[identifier]?.push }

  /// The Scheduled Summary as it stands: the held notifications in digest order while some
  /// wait, else the last digest delivered.
  var summary: [String] {
    held.isEmpty ? lastSummaryDigest : Self.digestOrder(Array(held.values)).map(\.push)
  }

  /// Shows push `push` in Notification Center at `date`, in place of the notifications with the
  /// same request identifier (it alerts again and counts as newest, Rules.md §4).
  mutating func insert(
    _ push: String, request: NotificationRequest, presentation: Presentation, date: Date
  ) -> Replaced {
    var replaced = Replaced()
    // Nothing is held outside a Scheduled Summary: skip hashing the identifier.
    if !held.isEmpty { replaced.held = held.removeValue(forKey: request.identifier)?.push }
    let entry = DeliveredNotification(
      push: push, request: request, presentation: presentation, date: date,
      sequence: nextSequence())
    if let shown = store.insert(entry), shown.push != push { replaced.shown = shown.push }
    return replaced
  }

  /// Holds push `push` for the next Scheduled Summary delivery; returns the push held with the
  /// same request identifier, which it replaces.
  mutating func hold(
    _ push: String, request: NotificationRequest, effectiveLevel: InterruptionLevel
  ) -> String? {
    let previous = held.removeValue(forKey: request.identifier)
    held[request.identifier] = HeldNotification(
      push: push, request: request, sequence: nextSequence(), effectiveLevel: effectiveLevel)
    return previous?.push
  }

  /// Ends the hold: every held notification, in arrival order, for Notification Center; the
  /// digest (``lastSummaryDigest``) is theirs, ordered by ``digestOrder(_:)``.
  mutating func takeHeld() -> [HeldNotification] {
    let pending = held.values.sorted { $0.sequence < $1.sequence }
    held = [:]
    lastSummaryDigest = Self.digestOrder(pending).map(\.push)
    return pending
  }

  /// Removes the shown notification of push `push`, if any.
  @discardableResult
  mutating func remove(push: String) -> DeliveredNotification? { store.remove(push: push) }

  /// Removes the shown notification with request identifier `identifier`, if any.
  mutating func remove(identifier: String) -> DeliveredNotification? {
    store.remove(identifier: identifier)
  }

  /// Lets go of the oldest shown notifications beyond the newest `limit` (a long-running
  /// device's window, Rules.md §18.9); returns how many went.
  mutating func removeOldest(keeping limit: Int) -> Int {
    guard store.count > limit else { return 0 }
    let oldest = store.oldestPushes(store.count - limit)
    for push in oldest { store.remove(push: push) }
    return oldest.count
  }

  /// The pushes held for the Scheduled Summary.
  var heldPushes: Set<String> { Set(held.values.map(\.push)) }

  /// Removes every shown notification, newest first.
  mutating func removeAll() -> [DeliveredNotification] { store.removeAll() }

  /// The app is removed: every shown notification (newest first) and then every held one (in
  /// arrival order) leaves, the Scheduled Summary has nothing to deliver and the badge goes.
  /// Returns the pushes removed.
  mutating func removeEverything() -> [String] {
    let shown = store.removeAll().map(\.push)
    let heldPushes = held.values.sorted { $0.sequence < $1.sequence }.map(\.push)
    held = [:]
    nextSummaryDelivery = nil
    badge = 0
    return shown + heldPushes
  }

  /// Sets the badge to `number` (0 clears it; below 0 counts as 0); returns the badge now.
  mutating func setBadge(_ number: Int) -> Int {
    badge = max(0, number)
    return badge
  }

  /// The digest order (Rules.md §4): relevance score (highest first), then
  /// interruption level (higher first), then newest first.
  static func digestOrder(_ items: [HeldNotification]) -> [HeldNotification] {
    items.sorted { a, b in
      let scoreA = a.request.content.relevanceScore
      let scoreB = b.request.content.relevanceScore
      if scoreA != scoreB { return scoreA > scoreB }
      if a.effectiveLevel != b.effectiveLevel { return a.effectiveLevel > b.effectiveLevel }
      return a.sequence > b.sequence
    }
  }

  /// The next arrival sequence.
  private mutating func nextSequence() -> Int {
    sequence += 1
    return sequence
  }
}
