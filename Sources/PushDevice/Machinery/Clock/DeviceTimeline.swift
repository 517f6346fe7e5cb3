import Foundation

/// The device's timeline: the virtual now and the timers set on it; time moves only when told.
///
/// Architecture ("Never … reads a clock … except through an injected value"). The clock keeps
/// the timers the device sets — Scheduled Summary deliveries (Behavior.md §5.3, Rules.md §4)
/// and the end of APNs storage for a push kept while offline (Behavior.md §2.5, Rules.md §6)
/// — and ``Device/advance(by:)`` fires them in time order, moving ``now`` to each in turn.
///
/// - Complexity: setting and firing a timer is O(log t) for t pending timers.
package struct DeviceTimeline: Sendable {
  /// The current virtual instant.
  package private(set) var now: Date
  /// The device's time zone, for daily times.
  package var timeZone: TimeZone
  /// Pending timers.
  var timers = TimerHeap<ClockAction>()

  /// Creates a clock at `now`.
  package init(
    now: Date = DeviceConfiguration.defaultStart,
    timeZone: TimeZone = DeviceConfiguration().timeZone
  ) {
    self.now = now
    self.timeZone = timeZone
  }

  /// Sets a timer; one due now or earlier fires at the next ``Device/advance(by:)``.
  mutating func schedule(_ action: ClockAction, at time: Date) {
    timers.insert(action, at: time)
  }

  /// Takes the next timer due at or before `limit`, moving ``now`` to its time.
  mutating func popTimer(dueBy limit: Date) -> ClockAction? {
    guard let next = timers.first, next.time <= limit, let entry = timers.popFirst() else {
      return nil
    }
    if entry.time > now { now = entry.time }
    return entry.action
  }

  /// Moves ``now`` forward to `date` (never backward).
  mutating func move(to date: Date) {
    if date > now { now = date }
  }

  /// The first of the daily `times` strictly after `date`, in ``timeZone`` (Behavior.md §5.3:
  /// Scheduled Summary deliveries). `nil` when `times` is empty.
  package func nextOccurrence(of times: [DailyTime], after date: Date) -> Date? {
    guard !times.isEmpty else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let sorted = times.sorted()
    let startOfDay = calendar.startOfDay(for: date)
    for dayOffset in 0...2 {
      guard let day = calendar.date(byAdding: .day, value: dayOffset, to: startOfDay) else {
        continue
      }
      for time in sorted {
        guard
          let candidate = calendar.date(
            bySettingHour: time.hour, minute: time.minute, second: 0, of: day)
        else { continue }
        if candidate > date { return candidate }
      }
    }
    return nil
  }
}

/// What a timer does when it fires.
enum ClockAction: Sendable, Equatable {
  /// Deliver the held Scheduled Summary notifications (Rules.md §4).
  case summaryDelivery
  /// The APNs storage of this push ends (Rules.md §6): it becomes `expired`.
  case storageExpiry(push: String)
  /// A local notification's trigger fires (Behavior.md §7.6).
  case localNotification(identifier: String)
  /// A background push leaves the rolling-hour budget window (Rules.md §6).
  case budgetWindow(push: String)
  /// A Live Activity's stale date arrives (Rules.md §13).
  case activityStale(id: String)
  /// A scheduled (`pending`) Live Activity reaches its start date (Rules.md §13.17).
  case activityStart(id: String)
  /// A Live Activity reaches its 8-hour limit and ends (Rules.md §13).
  case activityLifetime(id: String)
  /// An ended Live Activity leaves the Lock Screen (Rules.md §13).
  case activityDismissal(id: String)
}
