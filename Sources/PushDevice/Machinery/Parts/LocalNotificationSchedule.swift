import Foundation

/// The device's part for the app's local notifications: the requests waiting for their
/// triggers, the counters that order and name them, and the rules of firing: when a trigger
/// fires next, the 64 kept, and which firings are counted rather than logged (Behavior.md §7.6,
/// Rules.md §9.9). ``Device`` presents each firing and records it.
struct LocalNotificationSchedule: Sendable {
  /// iOS keeps the soonest 64 local notifications an app schedules and discards the rest
  /// (Behavior.md §7.6).
  static let maximumPending = 64

  /// A repeating local notification's firings logged and recorded in full; later firings are
  /// played alike but counted, not logged, and each takes over the record of the one before
  /// once that one has left Notification Center, so a reminder every minute for years runs in
  /// bounded memory (Rules.md §9.9).
  static let loggedFirings = 100

  /// The requests waiting for their triggers, by identifier.
  private(set) var pending: [String: PendingLocalNotification] = [:]
  /// Requests added so far (their order among equal fire dates).
  private var added = 0
  /// Firings so far (for `local-N` ids).
  private var fired = 0
  /// Whether the firing being played is counted, not logged: the device keeps no event and no
  /// diagnostic while it is set.
  var isPlayingCountedFiring = false

  /// One firing of a waiting request, as ``fire(_:now:timeZone:mayCount:)`` made it.
  struct Firing {
    /// Its push id, `local-N`.
    var push: String
    /// The request as the app added it.
    var request: NotificationRequest
    /// How many times the request has fired, this one included.
    var count: Int
    /// Whether this firing is counted, not logged (past the first ``loggedFirings``).
    var isCounted: Bool
    /// The push of the request's previous counted firing, whose record this one takes over
    /// once that one has left Notification Center; `nil` for its first counted firing.
    var previousCounted: String?
    /// When the request fires next (`nil`: it is no longer waiting).
    var next: Date?
  }

  /// Fires request `identifier` when it is due at `now`: counts the firing, and schedules its
  /// next one when it repeats or lets it go. `mayCount`: whether a firing past the first
  /// ``loggedFirings`` may be counted (not when the app's own `willPresent` answers it later).
  /// `nil` when no such request is due.
  mutating func fire(_ identifier: String, now: Date, timeZone: TimeZone, mayCount: Bool)
    -> Firing?
  {
    guard var waiting = pending[identifier], waiting.fireDate <= now else { return nil }
    waiting.firings += 1
    fired += 1
    let push = "local-\(fired)"
    let previous = waiting.countedPush
    let counted = waiting.firings > Self.loggedFirings && mayCount
    if counted { waiting.countedPush = push }
    let next = Self.nextFireDate(waiting.trigger, after: now, first: false, timeZone: timeZone)
    if let next {
      waiting.fireDate = next
      pending[identifier] = waiting
    } else {
      pending[identifier] = nil
    }
    return Firing(
      push: push, request: waiting.request, count: waiting.firings, isCounted: counted,
      previousCounted: previous, next: next)
  }

  /// The next date `trigger` fires after `date` in `timeZone` (`nil`: never).
  static func nextFireDate(
    _ trigger: LocalTrigger, after date: Date, first: Bool, timeZone: TimeZone
  ) -> Date? {
    switch trigger {
    case .immediately:
      return first ? date : nil
    case .timeInterval(let interval, let repeats):
      guard interval > 0, first || repeats else { return nil }
      return date.addingTimeInterval(interval)
    case .calendar(let components, let repeats):
      guard first || repeats else { return nil }
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone
      return calendar.nextDate(
        after: date, matching: components, matchingPolicy: .nextTime, direction: .forward)
    }
  }

  /// The waiting requests, soonest first (`pendingNotificationRequests`).
  var soonestFirst: [PendingLocalNotification] {
    pending.values.sorted { ($0.fireDate, $0.sequence) < ($1.fireDate, $1.sequence) }
  }

  /// Adds (or replaces) the request waiting for `trigger` until `fireDate`; returns the
  /// request discarded to keep the soonest ``maximumPending``, if any.
  mutating func add(_ request: NotificationRequest, trigger: LocalTrigger, fireDate: Date)
    -> PendingLocalNotification?
  {
    added += 1
    pending[request.identifier] = PendingLocalNotification(
      request: request, trigger: trigger, fireDate: fireDate, sequence: added)
    guard pending.count > Self.maximumPending, let latest = soonestFirst.last else { return nil }
    pending[latest.request.identifier] = nil
    return latest
  }

  /// The waiting request `identifier`, changed in place (`nil` removes it).
  subscript(identifier: String) -> PendingLocalNotification? {
    get { pending[identifier] }
    set { pending[identifier] = newValue }
  }

  /// Removes every waiting request.
  mutating func removeAll() { pending = [:] }

}
