/// A value behind a lock, so objects that Apple documents as usable from any thread (content
/// handed between an extension's download callback and the system) are free of data races.
package final class Locked<Value>: @unchecked Sendable {
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
