import Foundation
import Synchronization

/// A value handed across threads although its type is not `Sendable`: the app's delegate,
/// extension and app delegate, which iOS also calls from any thread.
struct Unchecked<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// Waits for an answer the app's code gives through a completion handler, with a real-time limit.
///
/// `start` runs at once and gets a reply function; the first reply wins, later ones are dropped.
/// Returns `nil` when no reply came within `limit` of real time (the app never called its
/// completion handler): a containment limit, not scenario time.
func awaitReply<Value: Sendable>(
  limit: Duration, _ start: (@escaping @Sendable (Value) -> Void) -> Void
) async -> Value? {
  let (answers, answer) = AsyncStream.makeStream(
    of: Value?.self, bufferingPolicy: .bufferingOldest(1))
  start { answer.yield($0) }
  let timer = Task {
    try? await Task.sleep(for: limit)
    if !Task.isCancelled { answer.yield(nil) }
  }
  var iterator = answers.makeAsyncIterator()
  let result = await iterator.next() ?? nil
  answer.finish()
  timer.cancel()
  return result
}
