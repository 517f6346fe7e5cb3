import Synchronization

/// One answer, given once and delivered to the one waiter: the first answer wins, later ones
/// are dropped. The hosting runtime's one shape for "whichever comes first" (the app's
/// completion handler, a limit, a cancellation).
package final class OneShot<Value: Sendable>: Sendable {
  private struct State {
    var answer: Value?
    var waiter: CheckedContinuation<Value, Never>?
  }

  private let state = Mutex(State())

  /// Makes an unanswered one-shot.
  package init() {}

  /// Whether an answer was given.
  package var isAnswered: Bool { state.withLock { $0.answer != nil } }

  /// Waits for the answer; `start` runs once the waiter is registered (an answer it gives at
  /// once is delivered too). One waiter at most.
  package func value(startingWith start: () -> Void = {}) async -> Value {
    await withCheckedContinuation { continuation in
      let given: Value? = state.withLock { state in
        if state.answer == nil { state.waiter = continuation }
        return state.answer
      }
      if let given { continuation.resume(returning: given) }
      start()
    }
  }

  /// Gives an answer; `true` when it is the first.
  @discardableResult
  package func give(_ value: Value) -> Bool {
    let (first, waiter): (Bool, CheckedContinuation<Value, Never>?) = state.withLock { state in
      guard state.answer == nil else { return (false, nil) }
      state.answer = value
      defer { state.waiter = nil }
      return (true, state.waiter)
    }
    waiter?.resume(returning: value)
    return first
  }
}
