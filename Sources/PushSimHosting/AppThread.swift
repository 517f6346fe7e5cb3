import Foundation
import Synchronization

/// Where the app's own code runs: a thread of its own for each call, as iOS runs an extension
/// in a process of its own (Rules.md §7).
///
/// Never the cooperative thread pool: the app's code may block, sleep, spin, wait on a
/// semaphore or load synchronously (`Data(contentsOf:)`), and that must starve neither the
/// device, nor its real-time limits, nor other devices. A thread that never returns is
/// abandoned (its limit has answered for it), never waited for. The first call installs the
/// ``GlobalExecutorTakeover``, so the tasks the app's code starts are contained too.
package enum AppThread {
  /// Runs `body` on a thread of its own: an idle one whose call has returned, or a new one.
  /// `name` says what the call is (the call sites read as a list of what runs there).
  package static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
    GlobalExecutorTakeover.install()
    IdleAppThreads.shared.run(body)
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

/// The threads whose call into the app's code has returned, each waiting up to two seconds for
/// the next call before it ends: a device calls its app's code several times a push, and
/// starting a thread each time (its stack mapped and unmapped) cost more than the call.
///
/// A thread is reused only once the app's code on it has returned, so a call that blocks,
/// spins or never returns holds its own thread as before and the next call gets another.
private final class IdleAppThreads: Sendable {
  static let shared = IdleAppThreads()

  /// How long an idle thread waits for a call before it ends.
  private static let keptFor: DispatchTimeInterval = .seconds(2)

  /// One thread's mailbox: the call handed to it, and its wake-up.
  private final class Worker: Sendable {
    let wake = DispatchSemaphore(value: 0)
    /// The call to run; set before ``wake`` is signalled.
    let call = Mutex<(@Sendable () -> Void)?>(nil)
    /// Whether the thread waits in ``IdleAppThreads/idle`` (changed under that list's lock).
    private let isIdle = Mutex(false)

    /// Marks the thread as waiting for a call.
    func waits() { isIdle.withLock { $0 = true } }

    /// Takes the thread out of waiting; whether it was waiting.
    func stopWaiting() -> Bool {
      isIdle.withLock { isIdle in
        let was = isIdle
        isIdle = false
        return was
      }
    }
  }

  /// Idle threads, newest last. A thread that gave up waiting stays listed, no longer waiting,
  /// until a caller reaches it and skips it (taking it out then costs nothing; looking for it
  /// when it ends would cost a scan each).
  private let idle = Mutex<[Worker]>([])

  func run(_ body: @escaping @Sendable () -> Void) {
    let waiting = idle.withLock { idle -> Worker? in
      while let worker = idle.popLast() {
        if worker.stopWaiting() { return worker }
      }
      return nil
    }
    let worker = waiting ?? Worker()
    worker.call.withLock { $0 = body }
    guard waiting == nil else {
      worker.wake.signal()
      return
    }
    let thread = Thread { [self] in serve(worker) }
    thread.name = "PushSim app code"  // a reused thread keeps its first name
    thread.start()
  }

  /// Runs the worker's calls until it has waited ``keptFor`` with none.
  private func serve(_ worker: Worker) {
    while true {
      worker.call.withLock { $0.take() }?()
      idle.withLock { idle in
        worker.waits()
        idle.append(worker)
      }
      guard worker.wake.wait(timeout: .now() + Self.keptFor) == .timedOut else { continue }
      // Gave up waiting: it ends, unless a caller took it meanwhile (and signals it).
      let stillWaiting = idle.withLock { _ in worker.stopWaiting() }
      guard !stillWaiting else { return }
      worker.wake.wait()
    }
  }
}
