import Foundation

/// A value behind a lock, for state any thread may reach: content handed between an
/// extension's download callback and the system, the feed and phone ledgers every connection of
/// `pushsim serve` takes.
///
/// A plain pthread mutex (`NSLock`): a thread that lets go of it may take it again at once. The
/// standard library's `Mutex` is a priority-inheriting futex on Linux, which hands a contended
/// lock to the thread waiting for it, so under contention every hold costs a switch of threads
/// (Performance.md, "Issue 46, fifth round").
package final class Locked<Value>: @unchecked Sendable {
  // @unchecked: `value` is only touched with `lock` held.
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) { self.value = value }

  /// Reads under the lock.
  package func read<Result>(_ body: (Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(value)
  }

  /// Changes the value under the lock.
  package func write<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
