import Dispatch
import Foundation
import Synchronization
import Testing

@testable import PushSimHosting

/// Tasks that block forever, as an app's or an SDK's `Task { semaphore.wait() }` does, never stop
/// the rest of the process once the global executor is taken over (Architecture.md, "The
/// hosting runtime"). Without the takeover each case hangs, and its time limit fails it.
@Suite("The elastic executor", .timeLimit(.minutes(1)))
struct ElasticExecutorTests {
  init() { #expect(GlobalExecutorTakeover.install()) }

  @Test("tasks blocked forever, more than the cores: other tasks and sleeps still run")
  func blockedTasksLeaveTheRestRunning() async {
    let gate = DispatchSemaphore(value: 0)
    defer { for _ in 0..<64 { gate.signal() } }
    for _ in 0..<64 { Task.detached { gate.wait() } }
    let sum = await withTaskGroup(of: Int.self) { group in
      for value in 1...100 {
        group.addTask {
          try? await Task.sleep(for: .milliseconds(5))
          return value
        }
      }
      return await group.reduce(0, +)
    }
    #expect(sum == 5050)
    #expect(ElasticExecutor.shared.threadCount >= ElasticExecutor.shared.baseThreads)
  }

  @Test("a job a pool thread queues, then blocks, still runs on another thread")
  func slotJobOfABlockedThreadRuns() async {
    // The child goes into the queuing thread's own slot; that thread then blocks until the
    // child has run, so only the watcher moving it to the shared queue lets it run.
    for _ in 0..<20 {
      let ran = DispatchSemaphore(value: 0)
      await Task.detached {
        Task.detached { ran.signal() }
        ran.wait()
      }.value
    }
  }

  @Test("a deadline sleep (Clock.sleep(until:)) on a blocked pool ends")
  func deadlineSleepEnds() async throws {
    let gate = DispatchSemaphore(value: 0)
    defer { for _ in 0..<8 { gate.signal() } }
    for _ in 0..<8 { Task.detached { gate.wait() } }
    let clock = ContinuousClock()
    let start = clock.now
    try await clock.sleep(until: start.advanced(by: .milliseconds(20)))
    #expect(clock.now - start >= .milliseconds(20))
  }
}

@Suite("The host timer")
struct HostTimerTests {
  @Test("actions run in deadline order; a cancelled one never runs")
  func orderAndCancel() async {
    let ran = Mutex<[Int]>([])
    let done = OneShot<Void>()
    let timer = HostTimer.shared
    timer.schedule(after: .milliseconds(30)) { ran.withLock { $0.append(3) } }
    let cancelled = timer.schedule(after: .milliseconds(20)) { ran.withLock { $0.append(99) } }
    timer.schedule(after: .milliseconds(10)) { ran.withLock { $0.append(1) } }
    timer.schedule(after: .milliseconds(40)) { done.give(()) }
    timer.cancel(cancelled)
    await done.value()
    #expect(ran.withLock { $0 } == [1, 3])
  }
}

@Suite("A real-time limit")
struct RealTimeLimitTests {
  @Test("an answer before the limit wins; the limit's own answer is dropped")
  func answerWins() async {
    let value = await RealTimeLimit.first(within: .seconds(5), else: "timeout") { answer in
      answer("answered")
      answer("second")
    }
    #expect(value == "answered")
  }

  @Test("no answer: the limit answers, its deadline fixed when armed")
  func limitAnswers() async {
    let clock = ContinuousClock()
    let start = clock.now
    let value = await RealTimeLimit.first(within: .milliseconds(50), else: "timeout") { _ in
      // Work that takes long to start does not move the deadline.
      Thread.sleep(forTimeInterval: 0.03)
    }
    #expect(value == "timeout")
    #expect(clock.now - start < .seconds(5))
  }
}

@Suite("The job queue")
struct JobQueueTests {
  @Test("an empty queue pops nothing")
  func emptyQueue() {
    var queue = JobQueue()
    #expect(queue.isEmpty)
    #expect(queue.popFirst() == nil)
  }
}

@Suite("A sharded table")
struct ShardedTableTests {
  @Test("sets, reads, updates and removes each key on its own")
  func entries() {
    let table = ShardedTable<String, Int>(shards: 4)
    for key in 0..<100 { table["k\(key)"] = key }
    #expect((0..<100).allSatisfy { (key: Int) in table["k\(key)"] == key })
    let old = table.update("k7") { value -> Int? in
      defer { value = nil }
      return value
    }
    #expect(old == 7)
    #expect(table["k7"] == nil)
    table["k8"] = nil
    #expect(table["k8"] == nil)
    #expect(table["k9"] == 9)
  }
}

@Suite("A host's attachments")
struct HostAttachmentsTests {
  struct Counter: Sendable { let value: Int }
  struct Name: Sendable { let text: String }

  @Test("one value a type, made once, on first use")
  func madeOnce() {
    let attachments = HostAttachments()
    let first = attachments.value { Counter(value: 1) }
    let again = attachments.value { Counter(value: 2) }
    let name = attachments.value { Name(text: "phone") }
    #expect(first.isNew && first.value.value == 1)
    #expect(!again.isNew && again.value.value == 1)
    #expect(name.isNew && name.value.text == "phone")
  }
}

@Suite("The app's threads", .timeLimit(.minutes(1)))
struct AppThreadTests {
  /// The thread a call ran on, once it has run.
  func threadOfACall(_ body: @escaping @Sendable () -> Void = {}) -> pthread_t {
    let ran = DispatchSemaphore(value: 0)
    let thread = Mutex<pthread_t?>(nil)
    AppThread.start("test") {
      thread.withLock { $0 = pthread_self() }
      ran.signal()
      body()
    }
    ran.wait()
    return thread.withLock { $0 } ?? pthread_self()
  }

  @Test("a call that blocks keeps its thread: the next calls run on others")
  func aBlockedCallKeepsItsThread() {
    let gate = DispatchSemaphore(value: 0)
    defer { gate.signal() }
    let blocked = threadOfACall { gate.wait() }
    for _ in 0..<20 {
      #expect(pthread_equal(threadOfACall(), blocked) == 0)
    }
  }

  @Test("a thread whose call returned takes a later call")
  func aReturnedThreadIsReused() {
    // Each call marks its thread (a new thread starts with an empty dictionary); calls made
    // one after another find a thread an earlier one marked, unless every thread is new.
    let key = "PushSimHostingTests.call"
    let reused = Mutex(0)
    for _ in 0..<20 {
      let done = DispatchSemaphore(value: 0)
      AppThread.start("test") {
        let dictionary = Thread.current.threadDictionary
        if dictionary[key] != nil { reused.withLock { $0 += 1 } }
        dictionary[key] = true
        done.signal()
      }
      done.wait()
      usleep(1_000)  // the thread lists itself as waiting just after the call returns
    }
    #expect(reused.withLock { $0 } > 0)
  }
}
