import Foundation

/// Where the app's own code runs: a thread of its own for each call, as iOS runs an extension
/// in a process of its own (Rules.md §7).
///
/// Never the cooperative thread pool: the app's code may block, sleep, spin, wait on a
/// semaphore or load synchronously (`Data(contentsOf:)`), and that must starve neither the
/// device, nor its real-time limits, nor other devices. A thread that never returns is
/// abandoned (its limit has answered for it), never waited for. The first call installs the
/// ``GlobalExecutorTakeover``, so the tasks the app's code starts are contained too.
package enum AppThread {
  /// Runs `body` on a new thread named `name`.
  package static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
    GlobalExecutorTakeover.install()
    let thread = Thread(block: body)
    thread.name = "PushSim app code: \(name)"
    thread.start()
  }

  /// Calls the app's callback (a completion handler of the center's or of CallKit's) on a
  /// thread of its own, in the process of the code that runs now, and returns at once: a
  /// callback that blocks holds only its own thread.
  package static func deliver(_ name: String, _ callback: @escaping @Sendable () -> Void) {
    let process = AppProcess.current
    start(name) { process.bind(callback) }
  }

  /// Calls the app's code on a thread of its own, handing it the function it answers through,
  /// and waits at most `limit` of real time (armed before the code is entered) for the answer;
  /// `nil` when none came in time.
  package static func ask<Value: Sendable>(
    _ name: String, limit: Duration,
    _ body: @escaping @Sendable (_ answer: @escaping @Sendable (Value) -> Void) -> Void
  ) async -> Value? {
    await RealTimeLimit.first(within: limit, else: nil) { answer in
      start(name) { body { answer($0) } }
    }
  }

  /// Calls the app's code on a thread of its own and waits until it returns, holding no thread
  /// meanwhile; `nil` when the waiting task is cancelled first (the caller's limit gave up).
  package static func call<Value: Sendable>(
    _ name: String, _ body: @escaping @Sendable () -> Value
  ) async -> Value? {
    await RealTimeLimit.first(within: nil, else: nil) { answer in
      start(name) { answer(body()) }
    }
  }
}
