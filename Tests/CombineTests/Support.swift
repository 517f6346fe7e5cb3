import Foundation

/// Values collected from any thread.
final class Collected<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Value] = []

  func append(_ value: Value) {
    lock.lock()
    stored.append(value)
    lock.unlock()
  }

  var values: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}

/// Waits (up to `timeout` seconds) until `condition` holds; whether it did.
func eventually(timeout: Double = 5, _ condition: () -> Bool) async -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if condition() { return true }
    try? await Task.sleep(nanoseconds: 5_000_000)
  }
  return condition()
}

/// An error for the tests.
struct TestError: Error, Equatable {
  var code = 1
}
