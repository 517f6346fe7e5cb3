import Dispatch
import Synchronization

/// A real-time limit on something the device waits for (the app's code, an extension run): the
/// one way PushSim races an answer against the wall clock.
///
/// The limit's timer is armed **before** the work starts, on a queue of its own (never the
/// cooperative thread pool), and the wait holds no thread: whatever the work does with its
/// threads, the limit fires on time and the waiter goes on. An answer that comes after the limit
/// is dropped. Limits are containment, not scenario time (Rules.md §7).
package enum RealTimeLimit {
  /// Waits for the first answer `start` gives, or returns `timeout` when `limit` of real time
  /// passes first (or when the waiting task is cancelled).
  ///
  /// - Parameters:
  ///   - limit: How long to wait, in real time; `nil` waits until an answer or a cancellation.
  ///   - timeout: The value when no answer came in time.
  ///   - start: Starts the work and hands it the function that answers; it runs at once, after
  ///     the limit is armed, and must not itself block (start the app's code on a thread of
  ///     its own, or in a task).
  package static func first<Value: Sendable>(
    within limit: Duration?, else timeout: Value,
    _ start: (_ answer: @escaping @Sendable (Value) -> Void) -> Void
  ) async -> Value {
    let answer = FirstAnswer<Value>()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        answer.wait(with: continuation)
        if let limit {
          timers.asyncAfter(deadline: deadline(after: limit)) { answer.give(timeout) }
        }
        start { answer.give($0) }
      }
    } onCancel: {
      answer.give(timeout)
    }
  }

  /// The queue limits fire on: a serial queue of PushSim's own, which Dispatch serves with its
  /// own threads, so a limit fires even while every cooperative thread is busy.
  private static let timers = DispatchQueue(label: "PushSim.real-time-limits")

  /// The dispatch time `limit` from now; limits past a year are a year (a timer is armed for
  /// each, and Dispatch's arithmetic saturates, but a year is clearer).
  private static func deadline(after limit: Duration) -> DispatchTime {
    let year = Duration.seconds(365 * 24 * 3600)
    let bounded = min(max(limit, .zero), year)
    let (seconds, attoseconds) = bounded.components
    return .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}

/// The first answer given, delivered once to the one waiter; later answers are dropped.
private final class FirstAnswer<Value: Sendable>: Sendable {
  private struct State {
    var answer: Value?
    var waiter: CheckedContinuation<Value, Never>?
  }

  private let state = Mutex(State())

  /// Registers the waiter; an answer given before this is delivered at once.
  func wait(with continuation: CheckedContinuation<Value, Never>) {
    let given: Value? = state.withLock { state in
      if state.answer == nil { state.waiter = continuation }
      return state.answer
    }
    if let given { continuation.resume(returning: given) }
  }

  /// Gives an answer; the first one wins.
  func give(_ value: Value) {
    let waiter: CheckedContinuation<Value, Never>? = state.withLock { state in
      guard state.answer == nil else { return nil }
      state.answer = value
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: value)
  }
}
