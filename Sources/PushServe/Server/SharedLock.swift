import Foundation

/// A value behind a lock that many connections' threads take at once: the live page's feed,
/// a phone's ledger. A plain pthread mutex (`NSLock`): a thread that lets go of it may take it
/// again at once. The standard library's `Mutex` is a priority-inheriting futex on Linux, which
/// hands a contended lock to the thread waiting for it, so under load every hold cost two
/// switches of threads (Performance.md, "Issue 46, fifth round").
final class SharedLock<Value>: @unchecked Sendable {
  // @unchecked: `value` is only touched with `lock` held.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` on the value with the lock held.
  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
