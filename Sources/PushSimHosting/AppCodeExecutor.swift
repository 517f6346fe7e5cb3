import Foundation

/// A task executor with a thread of its own, for one call into the app's `async` code (a
/// delegate's `async` method, the app's foreground code): the app's code runs there, never on
/// Swift's cooperative pool, so an `async` method that blocks holds only its own thread
/// (Rules.md §7).
///
/// ```swift
/// let executor = AppCodeExecutor(name: "willPresent")
/// Task(executorPreference: executor) {
///   defer { executor.finish() }
///   await appCode()
/// }
/// ```
///
/// The thread ends once ``finish()`` was called and no job is waiting; a job enqueued after
/// that (a continuation resumed late) runs on the global concurrent executor.
package final class AppCodeExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked: `jobs` and `finished` are only touched with `condition` locked.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var finished = false
  private var running = true

  /// Makes the executor and starts its thread (one of ``AppThread``'s).
  package init(name: String) {
    AppThread.start(name) { [self] in loop() }
  }

  /// Lets the thread end once no job waits.
  package func finish() {
    condition.lock()
    finished = true
    condition.signal()
    condition.unlock()
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    guard running else {
      condition.unlock()
      globalConcurrentExecutor.enqueue(job)
      return
    }
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Runs jobs in order until finished and idle.
  private func loop() {
    while true {
      condition.lock()
      while jobs.isEmpty && !finished { condition.wait() }
      guard !jobs.isEmpty else {
        running = false
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
