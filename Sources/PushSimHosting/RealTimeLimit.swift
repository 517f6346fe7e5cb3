/// A real-time limit on something the device waits for (the app's code, an extension run): the
/// one way PushSim races an answer against the wall clock.
///
/// The limit is armed **before** the work starts, its deadline fixed at that moment, and it
/// fires on PushSim's own timer thread (``HostTimer``), which the app's code never runs on;
/// the wait holds no thread. Whatever the app's code does with its threads and tasks, the limit
/// fires on time. An answer that comes after the limit is dropped. Limits are containment, not
/// scenario time (Rules.md §7).
///
/// Arming a limit installs the ``GlobalExecutorTakeover``: the work a limit waits for must
/// never queue behind threads that are busy or blocked for longer than the limit (a test
/// suite's CPU-bound cases hold Swift's default pool for seconds, while the limit counts).
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
    let answer = OneShot<Value>()
    return await first(of: answer, within: limit, else: timeout) { start { answer.give($0) } }
  }

  /// Waits for `answer`, which others may give too (an extension's budget running out), or
  /// returns `timeout` when `limit` of real time passes first (or the waiting task is
  /// cancelled); `start` runs once the limit is armed.
  package static func first<Value: Sendable>(
    of answer: OneShot<Value>, within limit: Duration?, else timeout: Value,
    _ start: () -> Void
  ) async -> Value {
    GlobalExecutorTakeover.install()
    let timer = limit.map { HostTimer.shared.schedule(after: $0) { answer.give(timeout) } }
    defer { timer.map(HostTimer.shared.cancel) }
    return await withTaskCancellationHandler {
      await answer.value(startingWith: start)
    } onCancel: {
      answer.give(timeout)
    }
  }
}
