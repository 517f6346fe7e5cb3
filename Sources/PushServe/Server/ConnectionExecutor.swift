import Foundation
import PushSimHosting

/// Runs a connection's requests on the connection's own thread: the task that answers a request
/// prefers this executor, and the connection's thread runs its jobs while it waits for the
/// answer (``run(until:deadline:)``). A push whose phone is free is then answered with no
/// hand-off between threads: an actor the task hops to runs its job here too (Architecture.md,
/// "`pushsim serve`").
///
/// A thread that stops waiting (the answer took longer than ``ServeLimits/deviceTimeout``, or
/// the connection ended) retires its executor (``retire()``): what is queued then, and what
/// comes later, goes to PushSim's elastic pool, so a late answer's task still ends, and a phone
/// it holds is freed. No job is ever left without a thread.
final class ConnectionExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked: `jobs` and `retired` are only touched with `condition` locked.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var retired = false

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    if retired {
      condition.unlock()
      ElasticExecutor.shared.enqueue(job)
      return
    }
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Wakes the thread in ``run(until:deadline:)`` to check its condition again.
  func wake() {
    condition.lock()
    condition.signal()
    condition.unlock()
  }

  /// Runs this executor's jobs on the calling thread until `done` holds (checked after each
  /// job and each ``wake()``) or `deadline` passes; `done`'s last reading.
  func run(until done: () -> Bool, deadline: Date) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while !done() {
      if jobs.isEmpty {
        if !condition.wait(until: deadline) { return done() }
        continue
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
      condition.lock()
    }
    return true
  }

  /// Hands the queued jobs, and every later one, to the elastic pool: no thread runs this
  /// executor any more.
  func retire() {
    condition.lock()
    retired = true
    let left = jobs
    jobs = []
    condition.unlock()
    for job in left { ElasticExecutor.shared.enqueue(job) }
  }
}
