import Foundation

/// The executor every task without an executor of its own runs on once PushSim hosts the
/// app's code (``GlobalExecutorTakeover``): a pool of threads that adds a thread when its
/// threads are all blocked, as Dispatch's overcommitting queues do.
///
/// Swift's default pool has as many threads as cores and never more, so the app's own tasks
/// (`Task { semaphore.wait() }`, an SDK waiting in a task) that block as many threads as there
/// are cores would stop every task of the process: PushSim's devices, the test's own cases and
/// their time limits. Here jobs that have waited ``stallThreshold`` while no thread took one
/// get new threads, one a waiting job (``threadsAddedAtOnce`` at most each time), up to
/// ``maximumThreads``; past ``quickThreads`` extra threads a stall must last
/// ``slowStallThreshold``, so CPU-bound work (a test suite's long cases) adds threads slowly;
/// threads beyond the base count end after ``idleLifetime`` without work (Architecture.md, "The
/// hosting runtime").
package final class ElasticExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked: every `var` is only touched with `condition` locked.
  /// The one elastic pool of the process.
  package static let shared = ElasticExecutor()

  /// Threads kept whatever the load: one a core, at least two.
  package let baseThreads = max(2, ProcessInfo.processInfo.activeProcessorCount)
  /// How long waiting jobs may see no thread take one before threads are added.
  package static let stallThreshold: Duration = .milliseconds(2)
  /// The stall that adds threads once the pool has ``quickThreads`` extra ones.
  package static let slowStallThreshold: Duration = .milliseconds(20)
  /// Extra threads (beyond the base count) added at the quick threshold.
  package var quickThreads: Int { 4 * baseThreads }
  /// The most threads added at one stall: one a waiting job, up to this many.
  package static let threadsAddedAtOnce = 16
  /// How long a thread beyond the base count waits for work before it ends.
  package static let idleLifetime: Duration = .seconds(2)
  /// The most threads the pool makes: beyond this, blocked app code stops the pool, and the
  /// pool says so once on standard error.
  package static let maximumThreads = 8192

  private let condition = NSCondition()
  private var jobs = JobQueue()
  private var threads = 0
  private var idle = 0
  /// When a thread last took a job (``HostTimer/now()``).
  private var lastTake: UInt64 = 0
  private var warnedAtMaximum = false
  /// Wakes the watcher when jobs wait and no thread is idle.
  private let watcherWake = NSCondition()
  private var watcherNeeded = false

  private init() {
    condition.lock()
    for _ in 0..<baseThreads { startThread() }
    condition.unlock()
    let watcher = Thread { [self] in watch() }
    watcher.name = "PushSim executor watcher"
    watcher.start()
  }

  /// How many threads the pool has now (blocked ones included).
  package var threadCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return threads
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    enqueue(UnownedJob(job))
  }

  /// Queues a job; a thread runs it as soon as one is free.
  package func enqueue(_ job: UnownedJob) {
    condition.lock()
    jobs.append(job)
    let stalled = idle == 0
    if stalled && jobs.count == 1 { lastTake = HostTimer.now() }
    condition.signal()
    condition.unlock()
    if stalled { wakeWatcher() }
  }

  private func wakeWatcher() {
    watcherWake.lock()
    watcherNeeded = true
    watcherWake.signal()
    watcherWake.unlock()
  }

  /// Starts one more thread; `condition` is locked.
  private func startThread() {
    threads += 1
    let thread = Thread { [self] in work() }
    thread.name = "PushSim elastic executor"
    thread.start()
  }

  private func work() {
    let lifetime = Double(Self.idleLifetime.clampedNanoseconds) / 1e9
    condition.lock()
    while true {
      idle += 1
      while jobs.isEmpty {
        let woke = condition.wait(until: Date(timeIntervalSinceNow: lifetime))
        if !woke && jobs.isEmpty && threads > baseThreads {
          idle -= 1
          threads -= 1
          condition.unlock()
          return
        }
      }
      idle -= 1
      guard let job = jobs.popFirst() else { continue }
      lastTake = HostTimer.now()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
      condition.lock()
    }
  }

  /// Adds threads whenever waiting jobs have seen no thread take one for ``stallThreshold``;
  /// sleeps while no job waits for a thread.
  private func watch() {
    let quick = Self.stallThreshold.clampedNanoseconds
    let slow = Self.slowStallThreshold.clampedNanoseconds
    while true {
      watcherWake.lock()
      while !watcherNeeded { watcherWake.wait() }
      watcherNeeded = false
      watcherWake.unlock()
      while true {
        usleep(UInt32(quick / 2_000))
        condition.lock()
        let waiting = !jobs.isEmpty && idle == 0
        let threshold = threads - baseThreads < quickThreads ? quick : slow
        if waiting && HostTimer.now() &- lastTake >= threshold {
          if threads < Self.maximumThreads {
            let added = min(jobs.count, Self.threadsAddedAtOnce, Self.maximumThreads - threads)
            for _ in 0..<added { startThread() }
            lastTake = HostTimer.now()
          } else if !warnedAtMaximum {
            warnedAtMaximum = true
            FileHandle.standardError.write(
              Data(
                ("PushSim: \(Self.maximumThreads) threads are blocked by the app's code "
                  + "(tasks that never return); no more are added, and waiting tasks stop.\n")
                  .utf8))
          }
        }
        condition.unlock()
        guard waiting else { break }
      }
    }
  }
}

/// The pool's waiting jobs, first in first out.
///
/// - Complexity: O(1) amortized to append and to pop.
struct JobQueue {
  private var storage: [UnownedJob] = []
  private var head = 0

  var isEmpty: Bool { head == storage.count }
  var count: Int { storage.count - head }

  mutating func append(_ job: UnownedJob) { storage.append(job) }

  mutating func popFirst() -> UnownedJob? {
    guard head < storage.count else { return nil }
    let job = storage[head]
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head > 1024 && head * 2 > storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return job
  }
}
