import Foundation

extension Subscribers {
  /// A subscriber that asks for unlimited values and calls a closure with each, and another with
  /// the completion (``Publisher/sink(receiveCompletion:receiveValue:)``).
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
    @unchecked Sendable
  {
    /// The closure each value is passed to.
    public let receiveValue: (Input) -> Void
    /// The closure the completion is passed to.
    public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
    private let lock = NSLock()
    private var subscription: (any Subscription)?
    private var isDone = false

    /// A sink of the two closures.
    public init(
      receiveCompletion: @escaping ((Subscribers.Completion<Failure>) -> Void),
      receiveValue: @escaping ((Input) -> Void)
    ) {
      self.receiveCompletion = receiveCompletion
      self.receiveValue = receiveValue
    }

    /// `Sink`.
    public var description: String { "Sink" }

    /// Keeps the subscription and asks for unlimited values.
    public func receive(subscription: any Subscription) {
      lock.lock()
      guard self.subscription == nil, !isDone else {
        lock.unlock()
        subscription.cancel()
        return
      }
      self.subscription = subscription
      lock.unlock()
      subscription.request(.unlimited)
    }

    /// Calls ``receiveValue``.
    public func receive(_ value: Input) -> Subscribers.Demand {
      lock.lock()
      let done = isDone
      lock.unlock()
      if !done { receiveValue(value) }
      return .none
    }

    /// Calls ``receiveCompletion``.
    public func receive(completion: Subscribers.Completion<Failure>) {
      lock.lock()
      guard !isDone else {
        lock.unlock()
        return
      }
      isDone = true
      subscription = nil
      lock.unlock()
      receiveCompletion(completion)
    }

    /// Cancels the subscription: no value or completion follows.
    public func cancel() {
      lock.lock()
      isDone = true
      let subscription = self.subscription
      self.subscription = nil
      lock.unlock()
      subscription?.cancel()
    }
  }

  /// A subscriber that asks for unlimited values and assigns each to a property of an object
  /// (``Publisher/assign(to:on:)``). It holds the object until cancelled or completed.
  public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible,
    @unchecked Sendable
  {
    /// A publisher that cannot fail.
    public typealias Failure = Never

    /// The object assigned to, until cancelled or completed.
    public private(set) var object: Root?
    /// The property assigned.
    public let keyPath: ReferenceWritableKeyPath<Root, Input>
    private let lock = NSLock()
    private var subscription: (any Subscription)?

    /// A subscriber assigning to `keyPath` of `object`.
    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      self.object = object
      self.keyPath = keyPath
    }

    /// `Assign` and the root type.
    public var description: String { "Assign \(Root.self)." }

    /// Keeps the subscription and asks for unlimited values.
    public func receive(subscription: any Subscription) {
      lock.lock()
      guard self.subscription == nil, object != nil else {
        lock.unlock()
        subscription.cancel()
        return
      }
      self.subscription = subscription
      lock.unlock()
      subscription.request(.unlimited)
    }

    /// Assigns `value`.
    public func receive(_ value: Input) -> Subscribers.Demand {
      lock.lock()
      let object = self.object
      lock.unlock()
      object?[keyPath: keyPath] = value
      return .none
    }

    /// Lets go of the object.
    public func receive(completion: Subscribers.Completion<Never>) {
      lock.lock()
      object = nil
      subscription = nil
      lock.unlock()
    }

    /// Cancels the subscription and lets go of the object.
    public func cancel() {
      lock.lock()
      let subscription = self.subscription
      self.subscription = nil
      object = nil
      lock.unlock()
      subscription?.cancel()
    }
  }
}

extension Publisher {
  /// Subscribes with closures for the completion and for each value; cancel the result (or let
  /// it go) to stop.
  public func sink(
    receiveCompletion: @escaping ((Subscribers.Completion<Failure>) -> Void),
    receiveValue: @escaping ((Output) -> Void)
  ) -> AnyCancellable {
    let sink = Subscribers.Sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(sink)
  }
}

extension Publisher where Failure == Never {
  /// Subscribes with a closure for each value; cancel the result (or let it go) to stop.
  public func sink(receiveValue: @escaping ((Output) -> Void)) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }

  /// Assigns each value to `keyPath` of `object`, which is held until the result is cancelled.
  public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root)
    -> AnyCancellable
  {
    let assign = Subscribers.Assign(object: object, keyPath: keyPath)
    subscribe(assign)
    return AnyCancellable(assign)
  }
}
