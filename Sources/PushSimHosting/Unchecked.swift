/// A value handed across threads although its type is not `Sendable`: the app's delegate,
/// extension and app delegate, which iOS also calls from any thread, and the task objects
/// Foundation makes. The one such box of the hosting runtime, the Apple mirrors and their host.
package struct Unchecked<Value>: @unchecked Sendable {
  package let value: Value
  package init(_ value: Value) { self.value = value }
}

/// An object held weakly and handed across threads although its type is not `Sendable`: the
/// app's delegates, which iOS holds weakly and calls from its own queues. The one weak box of
/// the hosting runtime and the Apple mirrors.
///
/// `Object` is a class or a class-bound protocol's existential (`any PKPushRegistryDelegate`),
/// which Swift's `AnyObject` constraint does not accept.
package struct Weak<Object>: @unchecked Sendable {
  private weak var object: AnyObject?

  /// Holds `value` weakly.
  package init(_ value: Object? = nil) { object = value.map { $0 as AnyObject } }

  /// The object, while something else keeps it.
  package var value: Object? { object as? Object }
}
