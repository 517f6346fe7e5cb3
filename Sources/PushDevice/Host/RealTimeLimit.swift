import Synchronization

/// A real-time limit on something the device waits for (the app's code, an extension run): the
/// one way PushSim races an answer against the wall clock.
///
/// The limit is armed **before** the work starts, and the wait holds no thread. Its timer is a
/// task on Swift's cooperative pool, which the app's code never occupies (it runs on threads of
/// its own): whatever the app's code does with its threads, the limit fires on time. A machine
/// busy with other work on the pool (a parallel test suite's CPU-bound cases) delays the limit
/// and the device's own work alike, so a report does not depend on the load. An answer that
/// comes after the limit is dropped. Limits are containment, not scenario time (Rules.md §7).
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
    let timer = limit.map { limit in
      Task {
        try? await Task.sleep(for: limit)
        if !Task.isCancelled { answer.give(timeout) }
      }
    }
    defer { timer?.cancel() }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        answer.wait(with: continuation)
        start { answer.give($0) }
      }
    } onCancel: {
      answer.give(timeout)
    }
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
