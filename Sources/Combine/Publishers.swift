import Foundation

/// A namespace for the publishers the operators return.
public enum Publishers {}

/// A publisher that sends one value, when asked for it, then finishes.
public struct Just<Output>: Publisher {
  /// Just cannot fail.
  public typealias Failure = Never

  /// The value sent.
  public let output: Output

  /// A publisher of `output`.
  public init(_ output: Output) { self.output = output }

  /// Sends ``output`` once the subscriber asks for a value, then finishes.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    let outlet = Outlet<Output, Never>(AnySubscriber(subscriber))
    subscriber.receive(subscription: outlet)
    outlet.offer(output)
    outlet.complete(.finished)
  }
}

extension Just: Equatable where Output: Equatable {}

/// A publisher that sends no value and finishes at once, or never.
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
  /// Whether the publisher finishes at once (else it never ends).
  public let completeImmediately: Bool

  /// An empty publisher that finishes at once unless `completeImmediately` is `false`.
  public init(completeImmediately: Bool = true) {
    self.completeImmediately = completeImmediately
  }

  /// An empty publisher of the given output and failure types.
  public init(
    completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type
  ) {
    self.completeImmediately = completeImmediately
  }

  /// Finishes at once, or never.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Subscriptions.empty)
    if completeImmediately { subscriber.receive(completion: .finished) }
  }

  public static func == (lhs: Empty, rhs: Empty) -> Bool {
    lhs.completeImmediately == rhs.completeImmediately
  }
}

/// A publisher that fails at once with an error.
public struct Fail<Output, Failure: Error>: Publisher {
  /// The error sent.
  public let error: Failure

  /// A publisher failing with `error`.
  public init(error: Failure) { self.error = error }

  /// A publisher of the given output type failing with `failure`.
  public init(outputType: Output.Type, failure: Failure) { error = failure }

  /// Fails at once.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Subscriptions.empty)
    subscriber.receive(completion: .failure(error))
  }
}

extension Fail: Equatable where Failure: Equatable {
  public static func == (lhs: Fail, rhs: Fail) -> Bool { lhs.error == rhs.error }
}

/// A publisher that eventually sends one value and finishes, or fails: the closure given to
/// ``init(_:)`` runs at once and calls its promise once.
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
  /// The closure that fulfils the future.
  public typealias Promise = (Result<Output, Failure>) -> Void

  private let lock = NSLock()
  private var result: Result<Output, Failure>?
  private var waiting: [Outlet<Output, Failure>] = []

  /// A future fulfilled by `attemptToFulfill`, which runs now and calls its promise once (later
  /// calls are ignored).
  public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
    attemptToFulfill { [self] result in fulfil(result) }
  }

  private func fulfil(_ result: Result<Output, Failure>) {
    lock.lock()
    guard self.result == nil else {
      lock.unlock()
      return
    }
    self.result = result
    let outlets = waiting
    waiting = []
    lock.unlock()
    for outlet in outlets { deliver(result, to: outlet) }
  }

  private func deliver(_ result: Result<Output, Failure>, to outlet: Outlet<Output, Failure>) {
    switch result {
    case .success(let value):
      outlet.offer(value)
      outlet.complete(.finished)
    case .failure(let error): outlet.complete(.failure(error))
    }
  }

  /// Sends the value once there is one and it is asked for, then finishes; or fails.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let outlet = Outlet<Output, Failure>(AnySubscriber(subscriber))
    lock.lock()
    let result = self.result
    if result == nil { waiting.append(outlet) }
    lock.unlock()
    subscriber.receive(subscription: outlet)
    if let result { deliver(result, to: outlet) }
  }
}

/// A publisher made for each subscriber, when it subscribes.
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
  /// The publisher's values.
  public typealias Output = DeferredPublisher.Output
  /// The publisher's failure.
  public typealias Failure = DeferredPublisher.Failure

  /// The closure that makes the publisher.
  public let createPublisher: () -> DeferredPublisher

  /// A publisher made by `createPublisher` for each subscriber.
  public init(createPublisher: @escaping () -> DeferredPublisher) {
    self.createPublisher = createPublisher
  }

  /// Makes the publisher and attaches `subscriber` to it.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    createPublisher().receive(subscriber: subscriber)
  }
}

/// A publisher that hides the type of the publisher it wraps
/// (``Publisher/eraseToAnyPublisher()``).
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible {
  private let subscribeBody: (AnySubscriber<Output, Failure>) -> Void

  /// A publisher forwarding to `publisher`.
  public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    if let erased = publisher as? AnyPublisher<Output, Failure> {
      self = erased
      return
    }
    subscribeBody = { publisher.receive(subscriber: $0) }
  }

  /// `AnyPublisher`.
  public var description: String { "AnyPublisher" }

  /// Attaches `subscriber` to the wrapped publisher.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscribeBody(AnySubscriber(subscriber))
  }
}

extension Publisher {
  /// This publisher behind ``AnyPublisher``.
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
}

extension Publishers {
  /// A publisher of a sequence's elements, as they are asked for, then finished.
  public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
    /// The elements.
    public typealias Output = Elements.Element

    /// The sequence published.
    public let sequence: Elements

    /// A publisher of `sequence`'s elements.
    public init(sequence: Elements) { self.sequence = sequence }

    /// Sends the elements as they are asked for, then finishes (at once when there are none).
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let elements = LockedValue(Lookahead(sequence.makeIterator()))
      let outlet = LockedValue<Outlet<Output, Failure>?>(nil)
      let made = Outlet<Output, Failure>(
        AnySubscriber(subscriber),
        onRequest: { demand in
          var count = demand.max ?? Int.max
          while count > 0, let (element, isLast) = elements.withLock({ $0.pop() }) {
            outlet.value?.offer(element)
            if isLast { outlet.value?.complete(.finished) }
            count -= 1
          }
        }, onCancel: { outlet.value = nil })
      outlet.value = made
      subscriber.receive(subscription: made)
      if elements.withLock({ $0.isEmpty }) { made.complete(.finished) }
    }
  }
}

/// An iterator with its next element already taken, so that the end is known one element early.
struct Lookahead<Base: IteratorProtocol> {
  private var base: Base
  private var upcoming: Base.Element?

  init(_ base: Base) {
    self.base = base
    upcoming = self.base.next()
  }

  var isEmpty: Bool { upcoming == nil }

  /// The next element and whether it is the last.
  mutating func pop() -> (Base.Element, Bool)? {
    guard let element = upcoming else { return nil }
    upcoming = base.next()
    return (element, upcoming == nil)
  }
}

extension Sequence {
  /// A publisher of the sequence's elements.
  public var publisher: Publishers.Sequence<Self, Never> { Publishers.Sequence(sequence: self) }
}
