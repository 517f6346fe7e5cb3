import Foundation
import Synchronization
import Testing

@testable import PushServe

/// A connection's thread runs its requests' tasks itself, and a task it stops waiting for still
/// ends, on PushSim's pool.
@Suite struct ConnectionExecutorTests {
  /// An actor the tasks hop to, as a push's task hops to its phone.
  actor Phone {
    private(set) var pushes = 0
    func receive() -> Int {
      pushes += 1
      return pushes
    }
  }

  @Test func aTaskAndTheActorItHopsToRunOnTheWaitingThread() {
    let executor = ConnectionExecutor()
    let phone = Phone()
    let threads = Names()
    let done = Flag()
    let waiting = Self.thread()
    let finished = executor.run(
      starting: {
        Task(executorPreference: executor) {
          threads.append(Self.thread())
          _ = await phone.receive()
          threads.append(Self.thread())
          done.set()
          executor.wake()
        }
      },
      until: { done.isSet },
      deadline: Date(timeIntervalSinceNow: 60))
    #expect(finished)
    #expect(threads.all == [waiting, waiting])
    executor.retire()
  }

  @Test func aTaskLeftWaitingEndsOnThePoolAfterItsExecutorIsRetired() async {
    let executor = ConnectionExecutor()
    let gate = AsyncGate()
    let ended = Flag()
    // The thread stops waiting before the task can end (a device that took too long).
    let finished = executor.run(
      starting: {
        Task(executorPreference: executor) {
          await gate.wait()
          ended.set()
        }
      },
      until: { ended.isSet },
      deadline: Date(timeIntervalSinceNow: 0.2))
    #expect(!finished)
    executor.retire()
    await gate.open()
    let deadline = ContinuousClock.now + .seconds(60)
    while !ended.isSet, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(10))
    }
    #expect(ended.isSet)
  }

  @Test func aJobThatComesWhileNoThreadRunsTheExecutorRunsOnThePool() async {
    // Another connection's job, left with this one's executor by an actor its task held, while
    // this connection's thread waits on its socket: the pool runs it.
    let executor = ConnectionExecutor()
    let ended = Flag()
    Task(executorPreference: executor) { ended.set() }
    let deadline = ContinuousClock.now + .seconds(60)
    while !ended.isSet, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(10))
    }
    #expect(ended.isSet)
    executor.retire()
  }

  /// The calling thread, named.
  static func thread() -> String { String(describing: pthread_self()) }

  /// Names gathered from any thread.
  final class Names: Sendable {
    private let names = Mutex<[String]>([])
    func append(_ name: String) { names.withLock { $0.append(name) } }
    var all: [String] { names.withLock { $0 } }
  }

  /// A flag set once, read from any thread.
  final class Flag: Sendable {
    private let value = Atomic(false)
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
  }

  /// Waiters resumed once opened.
  actor AsyncGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    func wait() async {
      if isOpen { return }
      await withCheckedContinuation { waiters.append($0) }
    }
    func open() {
      isOpen = true
      for waiter in waiters { waiter.resume() }
      waiters = []
    }
  }
}
