import Dispatch
import Synchronization

/// One answer, given once and delivered to the one waiter: the first answer wins, later ones
/// are dropped. The hosting runtime's one shape for "whichever comes first" (the app's
/// completion handler, a limit, a cancellation, the end of the work a call started).
package final class OneShot<Value: Sendable>: Sendable {
  private struct State {
    var answer: Value?
    var waiter: (@Sendable (Value) -> Void)?
  }

  private let state = Mutex(State())

  /// Makes an unanswered one-shot.
  package init() {}

  /// Whether an answer was given.
  package var isAnswered: Bool { state.withLock { $0.answer != nil } }

  /// The answer, once given (for a thread that waited for it with ``whenAnswered(_:)``).
  package var answer: Value? { state.withLock { $0.answer } }

  /// Runs `body` with the answer once it is given (at once when it already was). One waiter at
  /// most: a second replaces the first.
  package func whenAnswered(_ body: @escaping @Sendable (Value) -> Void) {
    let given: Value? = state.withLock { state in
      if state.answer == nil { state.waiter = body }
      return state.answer
    }
    if let given { body(given) }
  }

  /// Waits for the answer; `start` runs once the waiter is registered (an answer it gives at
  /// once is delivered too).
  package func value(startingWith start: () -> Void = {}) async -> Value {
    await withCheckedContinuation { continuation in
      whenAnswered { continuation.resume(returning: $0) }
      start()
    }
  }

  /// Waits for the answer, blocking the calling thread: for a thread of PushSim's own or of the
  /// app's code, never a task (a caller's limit bounds the wait).
  package func waitOnThisThread() -> Value {
    while true {
      if let answer = waitOnThisThread(until: .distantFuture) { return answer }
    }
  }

  /// Waits for the answer at most `timeout`, blocking the calling thread (as
  /// ``waitOnThisThread()``); `nil` when none was given by then. Cheaper than a timer entry that
  /// gives a stand-in answer when the wait is mostly short.
  package func waitOnThisThread(timeout: Duration) -> Value? {
    waitOnThisThread(
      until: DispatchTime(
        uptimeNanoseconds: DispatchTime.now().uptimeNanoseconds &+ timeout.clampedNanoseconds))
  }

  /// The answer once given, or `nil` when `deadline` passes first.
  private func waitOnThisThread(until deadline: DispatchTime) -> Value? {
    let given = DispatchSemaphore(value: 0)
    whenAnswered { _ in given.signal() }
    while true {
      if let answer { return answer }
      guard given.wait(timeout: deadline) == .success else { return self.answer }
    }
  }

  /// Gives an answer; `true` when it is the first.
  @discardableResult
  package func give(_ value: Value) -> Bool {
    let (first, waiter): (Bool, (@Sendable (Value) -> Void)?) = state.withLock { state in
      guard state.answer == nil else { return (false, nil) }
      state.answer = value
      defer { state.waiter = nil }
      return (true, state.waiter)
    }
    waiter?(value)
    return first
  }
}
