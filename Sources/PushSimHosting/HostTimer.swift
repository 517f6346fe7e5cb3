import Foundation
import Synchronization

/// PushSim's own timer: one thread, never the app's, that runs short actions at their
/// deadlines (a real-time limit giving up, a task's `Task.sleep` ending). Each action only
/// hands work on (answers a waiter, enqueues a job) and never blocks, so one late action cannot
/// hold up another (Architecture.md, "The hosting runtime").
///
/// A deadline is fixed when the action is scheduled, never when something first runs.
///
/// Every real-time limit schedules an action and cancels it (10,000 hosted devices at once
/// arm 20,000): an action is made before the timer's lock is taken, and cancelling it takes only
/// its own lock, never the timer's (Performance.md, "Issue 43").
package final class HostTimer: @unchecked Sendable {
  // @unchecked: `entries` is only touched with `condition` locked.
  /// The one timer of the process.
  package static let shared = HostTimer()

  /// A scheduled action, so that it can be cancelled.
  package struct Ticket: Sendable, Hashable {
    fileprivate let entry: Entry

    package static func == (left: Ticket, right: Ticket) -> Bool { left.entry === right.entry }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(entry)) }
  }

  /// An action and its deadline: the action is let go of once run or cancelled, with what it
  /// holds; the entry stays in the heap until its deadline.
  fileprivate final class Entry: Sendable {
    let deadline: UInt64
    let number: UInt64
    private let action: Mutex<(@Sendable () -> Void)?>

    init(deadline: UInt64, number: UInt64, action: @escaping @Sendable () -> Void) {
      self.deadline = deadline
      self.number = number
      self.action = Mutex(action)
    }

    /// The action, unless it was taken or cancelled; it is taken once.
    func take() -> (@Sendable () -> Void)? {
      action.withLock { action in
        defer { action = nil }
        return action
      }
    }
  }

  private let condition = NSCondition()
  private var entries = MinHeap<Entry>(by: { ($0.deadline, $0.number) < ($1.deadline, $1.number) })
  /// Numbers entries in the order they are scheduled (equal deadlines run in that order).
  private let numbers = Atomic<UInt64>(0)

  private init() {
    let thread = Thread { [self] in loop() }
    thread.name = "PushSim timer"
    thread.start()
  }

  /// Runs `action` on the timer's thread once `delay` of real time has passed from now.
  @discardableResult
  package func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Ticket {
    schedule(at: Self.now() &+ delay.clampedNanoseconds, action)
  }

  /// Runs `action` on the timer's thread at `deadline` (``now()``'s time line, nanoseconds).
  @discardableResult
  package func schedule(at deadline: UInt64, _ action: @escaping @Sendable () -> Void) -> Ticket {
    let entry = Entry(
      deadline: deadline, number: numbers.wrappingAdd(1, ordering: .relaxed).newValue,
      action: action)
    condition.lock()
    defer { condition.unlock() }
    entries.insert(entry)
    // The thread sleeps until the earliest deadline: only a new earliest one needs it awake.
    if entries.first === entry { condition.signal() }
    return Ticket(entry: entry)
  }

  /// Cancels an action that has not run yet; one that already ran is left as it is.
  package func cancel(_ ticket: Ticket) {
    _ = ticket.entry.take()
  }

  /// Now on the timer's time line: Dispatch's uptime clock, in nanoseconds.
  package static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  private func loop() {
    while true {
      condition.lock()
      var due: [@Sendable () -> Void] = []
      while due.isEmpty {
        let now = Self.now()
        while let first = entries.first, first.deadline <= now {
          entries.removeFirst()
          if let action = first.take() { due.append(action) }
        }
        guard due.isEmpty else { break }
        if let first = entries.first {
          let wait = Double(first.deadline - now) / 1e9
          _ = condition.wait(until: Date(timeIntervalSinceNow: wait))
        } else {
          condition.wait()
        }
      }
      condition.unlock()
      for action in due { action() }
    }
  }
}

extension Duration {
  /// The duration in nanoseconds, 0 when negative, clamped to `UInt64`.
  package var clampedNanoseconds: UInt64 {
    let (seconds, attoseconds) = components
    guard seconds >= 0 else { return 0 }
    let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return .max }
    return whole &+ UInt64(attoseconds / 1_000_000_000)
  }
}
