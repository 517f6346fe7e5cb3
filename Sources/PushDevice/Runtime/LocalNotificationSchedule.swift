import Foundation

/// The device's part for the app's local notifications: the requests waiting for their
/// triggers, and the counters that order and name them (Behavior.md §7.6, Rules.md §9.9).
struct LocalNotificationSchedule: Sendable {
  /// The requests waiting for their triggers, by identifier.
  private(set) var pending: [String: PendingLocalNotification] = [:]
  /// Requests added so far (their order among equal fire dates).
  private var added = 0
  /// Firings so far (for `local-N` ids).
  private var fired = 0

  /// The waiting requests, soonest first (`pendingNotificationRequests`).
  var soonestFirst: [PendingLocalNotification] {
    pending.values.sorted { ($0.fireDate, $0.sequence) < ($1.fireDate, $1.sequence) }
  }

  /// Adds (or replaces) the request waiting for `trigger` until `fireDate`.
  mutating func add(_ request: NotificationRequest, trigger: LocalTrigger, fireDate: Date) {
    added += 1
    pending[request.identifier] = PendingLocalNotification(
      request: request, trigger: trigger, fireDate: fireDate, sequence: added)
  }

  /// The waiting request `identifier`, changed in place (`nil` removes it).
  subscript(identifier: String) -> PendingLocalNotification? {
    get { pending[identifier] }
    set { pending[identifier] = newValue }
  }

  /// Removes every waiting request.
  mutating func removeAll() { pending = [:] }

  /// The id of the next firing's push: `local-N`.
  mutating func nextFiringID() -> String {
    fired += 1
    return "local-\(fired)"
  }
}
