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
/// and fewer of the pool's threads than ``baseThreads`` can run (the others blocked: not `R` in
/// `/proc/self/task/TID/stat`, as libdispatch's Linux pool counts its runnable workers) get new
/// threads, one a waiting job (``threadsAddedAtOnce`` at most each time), up to
/// ``maximumThreads``. Past ``quickThreads`` extra threads, or while the threads all can run
/// (busy, or waiting for a core the machine gives to other processes), a stall must last
/// ``slowStallThreshold``, so CPU-bound work (a test suite's long cases, app code that spins)
/// adds threads slowly and a loaded machine does not read preempted threads as blocked ones;
/// threads beyond the base count end after ``idleLifetime`` without work (Architecture.md, "The
/// hosting runtime").
///
/// Wake-ups and the lock are what such a pool costs: a job queued by one of the pool's own
/// threads (an actor hop, a task's child) goes into that thread's own slot (``Worker``), without
/// the pool's lock, and the thread runs it as soon as its own job ends, instead of waking a
/// sleeping thread for it; only a job left in a slot for ``deferredWakeDelay`` (its thread
/// blocked) is moved to the shared queue for another thread. Without this a chain of actor
/// hops woke a thread per hop (five times the context switches of Swift's default pool), and
/// then took the one lock twice a hop, which 10,000 hosted devices contended for (Performance.md,
/// "Issue 43").
package final class ElasticExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked: every `var` is only touched with `condition` locked (a `Worker`'s slot is atomic).
  /// The one elastic pool of the process.
  package static let shared = ElasticExecutor()

  /// Threads kept whatever the load: one a core, at least two.
  package let baseThreads = max(2, ProcessInfo.processInfo.activeProcessorCount)
  /// How long waiting jobs may see no thread take one before threads are added.
  package static let stallThreshold: Duration = .milliseconds(2)
  /// The stall that adds threads once the pool has ``quickThreads`` extra ones, or while every
  /// thread of the pool can run (none blocked).
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
  /// The pool's threads' slots, for the watcher to empty when a thread is held up.
  private var workers: [Worker] = []
  private var threads = 0
  private var idle = 0
  /// When a thread last took a job (``HostTimer/now()``), from the queue or its slot.
  private let lastTake = Atomic<UInt64>(0)
  private var warnedAtMaximum = false
  /// Wakes the watcher when jobs wait and no thread is idle.
  private let watcherWake = NSCondition()
  private var watcherNeeded = false
  /// Whether the watcher is polling (it then needs no wake-up).
  private let watcherPolling = Atomic<Bool>(false)
  /// The calling pool thread's ``Worker`` (``currentWorker``).
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
    // The queuing thread runs a job in its slot when its own job ends; the watcher moves it to
    // the queue if that takes longer than `deferredWakeDelay`.
    if let worker = currentWorker, worker.offer(job) {
      wakeWatcher()
      return
    }
    condition.lock()
    jobs.append(job)
    let stalled = idle == 0
    if stalled && jobs.count == 1 { lastTake.store(HostTimer.now(), ordering: .relaxed) }
    if !stalled { condition.signal() }
    condition.unlock()
    if stalled { wakeWatcher() }
  }

  /// The calling thread's slot, when it is one of the pool's threads.
  private var currentWorker: Worker? {
    pthread_getspecific(poolThreadKey).map {
      Unmanaged<Worker>.fromOpaque($0).takeUnretainedValue()
    }
  }

  private func wakeWatcher() {
    // Sequentially consistent with the watcher's last look before it sleeps (`watch()`): a job
    // put in a slot either sees the watcher polling or is seen by that look.
    if watcherPolling.load(ordering: .sequentiallyConsistent) { return }
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
    let worker = Worker()
    pthread_setspecific(poolThreadKey, Unmanaged.passUnretained(worker).toOpaque())
    let lifetime = Double(Self.idleLifetime.clampedNanoseconds) / 1e9
    condition.lock()
    workers.append(worker)
    while true {
      idle += 1
      while jobs.isEmpty {
        let woke = condition.wait(until: Date(timeIntervalSinceNow: lifetime))
        if !woke && jobs.isEmpty && threads > baseThreads {
          idle -= 1
          threads -= 1
          if let index = workers.firstIndex(where: { $0 === worker }) {
            workers.swapAt(index, workers.count - 1)
            workers.removeLast()
          }
          condition.unlock()
          return
        }
      }
      idle -= 1
      guard let job = jobs.popFirst() else { continue }
      lastTake.store(HostTimer.now(), ordering: .relaxed)
      condition.unlock()
      run(job, then: worker)
      condition.lock()
    }
  }

  /// Runs `job`, then each job it (and the jobs after it) left in the thread's slot.
  private func run(_ job: UnownedJob, then worker: Worker) {
    var next: UnownedJob? = job
    while let job = next {
      worker.startingJob()
      job.runSynchronously(on: asUnownedTaskExecutor())
      next = worker.take()
      // A job taken from the slot is progress too: the watcher must not read it as a stall.
      if next != nil { lastTake.store(HostTimer.now(), ordering: .relaxed) }
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
      watcherPolling.store(true, ordering: .sequentiallyConsistent)
      var quietPolls = 0
      while true {
        usleep(UInt32(deferredWake / 1_000))
        let waiting = pollOnce(quick: quick, slow: slow, deferredWake: deferredWake)
        quietPolls = waiting ? 0 : quietPolls + 1
        guard quietPolls >= Self.watcherQuietPolls else { continue }
        // A job queued while this flag still read `true` is seen by the check below.
        watcherPolling.store(false, ordering: .sequentiallyConsistent)
        condition.lock()
        let missed = !jobs.isEmpty || workers.contains { $0.isHoldingJob }
        condition.unlock()
        guard missed else { break }
        watcherPolling.store(true, ordering: .sequentiallyConsistent)
        quietPolls = 0
      }
    }
  }

  /// One look at the queue: moves a job left in a slot since the last look to the queue, wakes
  /// a sleeping thread for a job left waiting, or adds threads when every thread is busy and
  /// none took a job for `quick` (some threads blocked, fewer than ``quickThreads`` extra ones)
  /// or `slow` nanoseconds. Whether jobs wait.
  private func pollOnce(quick: UInt64, slow: UInt64, deferredWake: UInt64) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    var held = false
    for worker in workers {
      if let job = worker.takeIfHeldSinceLastLook() {
        if jobs.isEmpty && idle == 0 { lastTake.store(HostTimer.now(), ordering: .relaxed) }
        jobs.append(job)
        if idle > 0 { condition.signal() }
      } else if worker.isHoldingJob {
        held = true
      }
    }
    guard !jobs.isEmpty else { return held }
    let sinceTake = HostTimer.now() &- lastTake.load(ordering: .relaxed)
    if idle > 0 {
      if sinceTake >= deferredWake { condition.signal() }
      return true
    }
    let quickAllowed = threads - baseThreads < quickThreads
    guard sinceTake >= slow || (quickAllowed && sinceTake >= quick && !allCanRun()) else {
      return true
    }
    if threads < Self.maximumThreads {
      let added = min(jobs.count, Self.threadsAddedAtOnce, Self.maximumThreads - threads)
      for _ in 0..<added { startThread() }
      lastTake.store(HostTimer.now(), ordering: .relaxed)
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

  /// Whether at least ``baseThreads`` of the pool's threads can run (running, or waiting for a
  /// core): then none is blocked that the machine could run; `condition` is locked.
  private func allCanRun() -> Bool {
    var runnable = 0
    for worker in workers where !worker.isBlockedSinceLastLook() {
      runnable += 1
      if runnable >= baseThreads { return true }
    }
    return false
  }
}

/// One pool thread's slot: the job the thread queued while running one, which it runs next
/// without taking the pool's lock (an actor hop, a task resumed), as Go's scheduler keeps a
/// goroutine's `runnext`. Only one job fits; the thread takes it, or the watcher moves it to the
/// shared queue once the thread has held it since the watcher's last look (the thread is
/// blocked in the app's code, or busy).
private final class Worker: @unchecked Sendable {
  // @unchecked: `seen` and `blockedIn` are only touched by the watcher, with the pool's lock held.
  /// The thread's status file (`/proc/self/task/TID/stat`), found on the thread itself
  /// (`/proc/thread-self` names it); `nil` without `/proc`.
  private let statusPath: String? = {
    var link = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/thread-self", &link, link.count)
    guard count > 0, let slash = link[..<count].lastIndex(of: CChar(UInt8(ascii: "/"))) else {
      return nil
    }
    return "/proc/self/task/"
      + String(decoding: link[(slash + 1)..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      + "/stat"
  }()
  /// The job's bits (an `UnownedJob` is one pointer), 0 when the slot is empty.
  private let slot = Atomic<UInt>(0)
  /// The job the watcher found in the slot at its last look.
  private var seen: UInt = 0
  /// How many jobs the thread has started.
  private let started = Atomic<UInt>(0)
  /// The job the thread was in when the watcher last found it blocked (its `started` count),
  /// 0 when it was not.
  private var blockedIn: UInt = 0

  /// Counts a job the thread starts.
  func startingJob() {
    started.wrappingAdd(1, ordering: .relaxed)
  }

  /// Whether the thread is blocked (not ``canRun``) and was already blocked in the same job at
  /// the watcher's previous look: a wait that lasts, not a lock taken in passing, whose holder
  /// the machine had preempted (the watcher's, with the pool's lock held).
  func isBlockedSinceLastLook() -> Bool {
    guard !canRun else {
      blockedIn = 0
      return false
    }
    let job = started.load(ordering: .relaxed)
    defer { blockedIn = job }
    return blockedIn == job
  }

  /// Puts `job` in the empty slot; `false` when the slot holds a job already.
  func offer(_ job: UnownedJob) -> Bool {
    slot.compareExchange(
      expected: 0, desired: unsafeBitCast(job, to: UInt.self), ordering: .sequentiallyConsistent
    ).exchanged
  }

  /// The job in the slot, emptying it.
  func take() -> UnownedJob? {
    let bits = slot.exchange(0, ordering: .acquiring)
    return bits == 0 ? nil : unsafeBitCast(bits, to: UnownedJob.self)
  }

  /// Whether the thread is running or waiting for a core (`R` in its `/proc` status), not
  /// blocked (sleeping in a wait, a lock, a read): what libdispatch reads to count its Linux
  /// pool's runnable workers. `true` when the status cannot be read.
  var canRun: Bool {
    guard let statusPath else { return true }
    let descriptor = open(statusPath, O_RDONLY)
    guard descriptor >= 0 else { return true }
    defer { close(descriptor) }
    // "TID (name) S ...": the state follows the last ')', as the name may hold one.
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0, let end = buffer[..<count].lastIndex(of: UInt8(ascii: ")")), end + 2 < count
    else { return true }
    return buffer[end + 2] == UInt8(ascii: "R")
  }

  /// Whether a job waits in the slot.
  var isHoldingJob: Bool { slot.load(ordering: .sequentiallyConsistent) != 0 }

  /// The job in the slot when the watcher saw the same one at its last look (the watcher's,
  /// with the pool's lock held).
  func takeIfHeldSinceLastLook() -> UnownedJob? {
    let bits = slot.load(ordering: .acquiring)
    let heldSinceLastLook = bits != 0 && bits == seen
    seen = bits
    guard heldSinceLastLook,
      slot.compareExchange(expected: bits, desired: 0, ordering: .acquiring).exchanged
    else { return nil }
    seen = 0
    return unsafeBitCast(bits, to: UnownedJob.self)
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
