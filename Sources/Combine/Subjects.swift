import Foundation

/// A subject that sends each value to its current subscribers (a subscriber that has not asked
/// for a value misses it) and keeps none.
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
  private let core = SubjectCore<Output, Failure>()

  /// A subject with no subscribers.
  public init() {}

  /// Attaches `subscriber`; it receives the values sent after it asks for them.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    core.subscribe(subscriber)
  }

  /// Sends `input` to the subscribers that asked for a value.
  public func send(_ input: Output) { core.send(input) }

  /// Ends every subscription with `completion`; later subscribers receive it at once.
  public func send(completion: Subscribers.Completion<Failure>) {
    core.send(completion: completion)
  }

  /// Asks `subscription` (of a publisher this subject subscribed to) for unlimited values.
  public func send(subscription: any Subscription) { core.send(subscription: subscription) }
}

/// A subject that holds a current value: a new subscriber receives it first, and setting
/// ``value`` sends the new one.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
  private let storage: LockedValue<Output>
  private let core: SubjectCore<Output, Failure>

  /// A subject whose current value is `value`.
  public init(_ value: Output) {
    let storage = LockedValue(value)
    self.storage = storage
    core = SubjectCore(current: { storage.value })
  }

  /// The current value; setting it sends the new value to the subscribers.
  public var value: Output {
    get { storage.value }
    set { send(newValue) }
  }

  /// Attaches `subscriber`; its first value is the current one.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    core.subscribe(subscriber)
  }

  /// Makes `input` the current value and sends it to the subscribers.
  public func send(_ input: Output) {
    storage.value = input
    core.send(input)
  }

  /// Ends every subscription with `completion`.
  public func send(completion: Subscribers.Completion<Failure>) {
    core.send(completion: completion)
  }

  /// Asks `subscription` (of a publisher this subject subscribed to) for unlimited values.
  public func send(subscription: any Subscription) { core.send(subscription: subscription) }
}
