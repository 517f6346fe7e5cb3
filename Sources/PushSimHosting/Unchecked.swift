/// A value handed across threads although its type is not `Sendable`: the app's delegate,
/// extension and app delegate, which iOS also calls from any thread, and the task objects
/// Foundation makes. The one such box of the hosting runtime, the Apple mirrors and their host.
package struct Unchecked<Value>: @unchecked Sendable {
  package let value: Value
  package init(_ value: Value) { self.value = value }
}
