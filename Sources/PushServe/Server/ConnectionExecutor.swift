import Foundation
import PushSimHosting

/// Runs a connection's requests on the connection's own thread: the task that answers a request
/// prefers this executor, and the connection's thread runs its jobs while it waits for the
/// answer (``run(starting:until:deadline:)``). A push whose phone is free is then answered with
/// no hand-off between threads: an actor the task hops to runs its job here too (Architecture.md,
/// "The provider endpoint").
///
/// Only while a thread runs it does the executor keep jobs: one that comes at any other time
/// (another connection's job that an actor this connection's task held was left with), or is
/// still queued when the answer is ready, goes to PushSim's elastic pool. A thread that stops
/// waiting for good (the answer took longer than ``ServeLimits/deviceTimeout``, or the
/// connection ended) retires the executor (``retire()``), and every later job goes to the pool
/// too: a late answer's task still ends, and frees its phone. No job is ever left without a
/// thread.
final class ConnectionExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked: `jobs`, `running` and `retired` are only touched with `condition` locked.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var running = false
  private var retired = false

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    guard running, !retired else {
      condition.unlock()
      ElasticExecutor.shared.enqueue(job)
      return
    }
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Wakes the thread in ``run(starting:until:deadline:)`` to check its condition again.
  func wake() {
    condition.lock()
    condition.signal()
    condition.unlock()
  }

  /// Calls `start` (which makes the task that prefers this executor), then runs this executor's
  /// jobs on the calling thread until `done` holds (checked after each job and each ``wake()``)
  /// or `deadline` passes; returns `done`'s last reading. Jobs left queued go to the pool.
  func run(starting start: () -> Void, until done: () -> Bool, deadline: Date) -> Bool {
    condition.lock()
    running = true
    condition.unlock()
    start()
    condition.lock()
    var finished = true
    while !done() {
      if jobs.isEmpty {
        if !condition.wait(until: deadline) {
          finished = done()
          break
        }
        continue
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
      condition.lock()
    }
    running = false
    let left = jobs
    jobs = []
    condition.unlock()
    for job in left { ElasticExecutor.shared.enqueue(job) }
    return finished
  }

  /// Hands every later job to the elastic pool: no thread runs this executor any more.
  func retire() {
    condition.lock()
    retired = true
    condition.unlock()
  }
}
