import Foundation

/// PushSim's own timer: one thread, never the app's, that runs short actions at their
/// deadlines (a real-time limit giving up, a task's `Task.sleep` ending). Each action only
/// hands work on (answers a waiter, enqueues a job) and never blocks, so one late action cannot
/// hold up another (Architecture.md, "The hosting runtime").
///
/// A deadline is fixed when the action is scheduled, never when something first runs.
package final class HostTimer: @unchecked Sendable {
  // @unchecked: `entries`, `nextNumber` and `actions` are only touched with `condition` locked.
  /// The one timer of the process.
  package static let shared = HostTimer()

  /// A scheduled action, so that it can be cancelled.
  package struct Ticket: Sendable, Hashable {
    fileprivate let number: UInt64
  }

  private struct Entry {
    var deadline: UInt64
    var number: UInt64
  }

  private let condition = NSCondition()
  private var entries = MinHeap<Entry>(by: { ($0.deadline, $0.number) < ($1.deadline, $1.number) })
  /// The actions not yet run or cancelled, by number: a cancelled one is let go of at once,
  /// with what it holds.
  private var actions: [UInt64: @Sendable () -> Void] = [:]
  private var nextNumber: UInt64 = 0

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
    condition.lock()
    defer { condition.unlock() }
    nextNumber += 1
    entries.insert(Entry(deadline: deadline, number: nextNumber))
    actions[nextNumber] = action
    // The thread sleeps until the earliest deadline: only a new earliest one needs it awake.
    if entries.first?.number == nextNumber { condition.signal() }
    return Ticket(number: nextNumber)
  }

  /// Cancels an action that has not run yet; one that already ran is left as it is.
  package func cancel(_ ticket: Ticket) {
    condition.lock()
    defer { condition.unlock() }
    actions[ticket.number] = nil
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
          if let action = actions.removeValue(forKey: first.number) { due.append(action) }
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
