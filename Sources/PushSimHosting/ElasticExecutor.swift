import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

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
///
/// Wake-ups are what such a pool costs: a job queued by one of the pool's own threads (an
/// actor hop, a task's child) is left for that thread, which takes it as soon as its own job
/// ends, instead of waking a sleeping thread for it; only when more jobs wait, or the queued
/// job waits ``deferredWakeDelay``, is a sleeping thread woken. Without this a chain of actor
/// hops woke a thread per hop (five times the context switches of Swift's default pool).
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
  /// How long a job queued by a pool thread may wait for that thread before a sleeping one is
  /// woken for it (the watcher's polling period).
  package static let deferredWakeDelay: Duration = .milliseconds(1)
  /// How many polls without a waiting job the watcher makes before it sleeps.
  private static let watcherQuietPolls = 50

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
  /// Whether the watcher is polling (it then needs no wake-up).
  private let watcherPolling = Atomic<Bool>(false)
  /// Marks the pool's own threads (``isPoolThread``).
  private let poolThreadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

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
    let fromPoolThread = isPoolThread
    condition.lock()
    jobs.append(job)
    let stalled = idle == 0
    if stalled && jobs.count == 1 { lastTake = HostTimer.now() }
    // The queuing thread takes a lone job itself when its own job ends; the watcher wakes a
    // sleeping thread for it if that takes longer than `deferredWakeDelay`.
    let deferred = !stalled && fromPoolThread && jobs.count == 1
    if !stalled && !deferred { condition.signal() }
    condition.unlock()
    if stalled || deferred { wakeWatcher() }
  }

  /// Whether the calling thread is one of the pool's.
  private var isPoolThread: Bool { pthread_getspecific(poolThreadKey) != nil }

  private func wakeWatcher() {
    if watcherPolling.load(ordering: .acquiring) { return }
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
    pthread_setspecific(poolThreadKey, UnsafeRawPointer(bitPattern: 1))
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

  /// Adds threads whenever waiting jobs have seen no thread take one for ``stallThreshold``,
  /// and wakes a sleeping thread for a job left waiting ``deferredWakeDelay``; polls while jobs
  /// wait (and a little longer, so that steady work needs no wake-ups of it), then sleeps.
  private func watch() {
    let quick = Self.stallThreshold.clampedNanoseconds
    let slow = Self.slowStallThreshold.clampedNanoseconds
    let deferredWake = Self.deferredWakeDelay.clampedNanoseconds
    while true {
      watcherWake.lock()
      while !watcherNeeded { watcherWake.wait() }
      watcherNeeded = false
      watcherWake.unlock()
      watcherPolling.store(true, ordering: .releasing)
      var quietPolls = 0
      while true {
        usleep(UInt32(deferredWake / 1_000))
        let waiting = pollOnce(quick: quick, slow: slow, deferredWake: deferredWake)
        quietPolls = waiting ? 0 : quietPolls + 1
        guard quietPolls >= Self.watcherQuietPolls else { continue }
        // A job queued while this flag still read `true` is seen by the check below.
        watcherPolling.store(false, ordering: .releasing)
        condition.lock()
        let missed = !jobs.isEmpty
        condition.unlock()
        guard missed else { break }
        watcherPolling.store(true, ordering: .releasing)
        quietPolls = 0
      }
    }
  }

  /// One look at the queue: wakes a sleeping thread for a job left waiting, or adds threads
  /// when every thread is busy and none took a job for the stall threshold. Whether jobs wait.
  private func pollOnce(quick: UInt64, slow: UInt64, deferredWake: UInt64) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard !jobs.isEmpty else { return false }
    let sinceTake = HostTimer.now() &- lastTake
    if idle > 0 {
      if sinceTake >= deferredWake { condition.signal() }
      return true
    }
    let threshold = threads - baseThreads < quickThreads ? quick : slow
    guard sinceTake >= threshold else { return true }
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
    return true
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
