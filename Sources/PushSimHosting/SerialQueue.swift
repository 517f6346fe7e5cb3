import Synchronization

/// PushSim's work for one part of the app's process (a center's calls, the app's `UIApplication`
/// and ActivityKit calls, its CallKit reports), run one item at a time in the order it was
/// queued: the hosting runtime's one serial queue.
///
/// The work runs on the ``ElasticExecutor``, never on Swift's cooperative pool, so the app's
/// blocked tasks cannot hold it up; and it is PushSim's, not the app's: a completion handler
/// of the app's is handed on with ``AppThread/deliver(_:_:)``, never called in the queue, so
/// one that blocks holds its own thread, not the calls queued after it.
///
/// ```swift
/// let queue = SerialQueue()
/// queue.enqueue { await backend.removeAllDeliveredNotifications() }
/// let delivered = await queue.run { await backend.deliveredNotifications() }  // sees the removal
/// ```
package final class SerialQueue: Sendable {
  /// The item queued last: each item waits for the one before it.
  private let last = Mutex<Task<Void, Never>?>(nil)

  /// An empty queue.
  package init() {}

  /// Queues `work` behind the work queued before it and returns at once. The work keeps the
  /// caller's process (``AppProcess``), unless `detached`: then it holds none of it, as the
  /// device's own work, which a call into the app's code may wait for (Rules.md §15).
  package func enqueue(detached: Bool = false, _ work: @escaping @Sendable () async -> Void) {
    let executor = ElasticExecutor.shared
    last.withLock { last in
      let previous = last
      let body: @Sendable () async -> Void = {
        await previous?.value
        await work()
      }
      last =
        detached
        ? Task.detached(executorPreference: executor, operation: body)
        : Task(executorPreference: executor, operation: body)
    }
  }

  /// Runs `work` behind the work queued before it and returns its result.
  package func run<Value: Sendable>(
    _ work: @escaping @Sendable () async throws -> Value
  ) async throws -> Value {
    let result = OneShot<Result<Value, any Error>>()
    enqueue {
      do {
        result.give(.success(try await work()))
      } catch {
        result.give(.failure(error))
      }
    }
    return try await result.value().get()
  }

  /// Runs `work` behind the work queued before it and returns its result.
  package func run<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) async -> Value {
    let result = OneShot<Value>()
    enqueue { result.give(await work()) }
    return await result.value()
  }

  /// Returns once the work queued so far, and any queued while it ran, is done.
  package func drain() async {
    while let task = last.withLock({ $0 }) {
      await task.value
      let idle = last.withLock { last in
        guard last == task else { return false }
        last = nil
        return true
      }
      if idle { return }
    }
  }
}
