import Foundation

/// Declares that a type can transmit a sequence of values over time, then a completion.
public protocol Publisher<Output, Failure> {
  /// The kind of values this publisher sends.
  associatedtype Output
  /// The kind of error this publisher may fail with (`Never` when it cannot fail).
  associatedtype Failure: Error

  /// Attaches `subscriber`: the publisher calls its `receive(subscription:)` once, then sends
  /// values as the subscriber asks for them, then at most one completion.
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
  /// Attaches `subscriber` (``receive(subscriber:)``).
  public func subscribe<S: Subscriber>(_ subscriber: S)
  where S.Input == Output, S.Failure == Failure {
    receive(subscriber: subscriber)
  }
}

/// A type that can receive values from a publisher.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
  /// The kind of values this subscriber receives.
  associatedtype Input
  /// The kind of error this subscriber may receive.
  associatedtype Failure: Error

  /// Tells the subscriber it is attached; it asks for values with `subscription.request(_:)`.
  func receive(subscription: any Subscription)
  /// A value; the result is how many more values the subscriber wants (added to its demand).
  func receive(_ input: Input) -> Subscribers.Demand
  /// The publisher finished or failed; nothing follows.
  func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
  /// Receives the `Void` value.
  public func receive() -> Subscribers.Demand { receive(()) }
}

/// The connection of a subscriber to a publisher: ask for values, or cancel.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
  /// Asks for `demand` more values.
  func request(_ demand: Subscribers.Demand)
}

/// A publisher whose values are sent with ``send(_:)``.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
  /// Sends `value` to the subscribers.
  func send(_ value: Output)
  /// Sends `completion` to the subscribers; nothing is sent after it.
  func send(completion: Subscribers.Completion<Failure>)
  /// Tells the subject it is subscribed to a publisher (``Publisher/subscribe(_:)-(Subject)``):
  /// it asks it for unlimited values.
  func send(subscription: any Subscription)
}

extension Subject where Output == Void {
  /// Sends the `Void` value.
  public func send() { send(()) }
}

extension Publisher {
  /// Sends this publisher's values and completion to `subject`; cancel the result to stop.
  public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable
  where Failure == S.Failure, Output == S.Output {
    let relay = SubjectSubscriber(subject)
    receive(subscriber: relay)
    return AnyCancellable(relay)
  }
}

/// Forwards a publisher to a subject.
final class SubjectSubscriber<S: Subject>: Subscriber, Cancellable, @unchecked Sendable {
  typealias Input = S.Output
  typealias Failure = S.Failure

  private let lock = NSLock()
  private var subject: S?
  private var subscription: (any Subscription)?

  init(_ subject: S) { self.subject = subject }

  func receive(subscription: any Subscription) {
    lock.lock()
    guard let subject, self.subscription == nil else {
      lock.unlock()
      subscription.cancel()
      return
    }
    self.subscription = subscription
    lock.unlock()
    subject.send(subscription: subscription)
  }

  func receive(_ input: S.Output) -> Subscribers.Demand {
    lock.lock()
    let subject = self.subject
    lock.unlock()
    subject?.send(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<S.Failure>) {
    lock.lock()
    let subject = self.subject
    self.subject = nil
    subscription = nil
    lock.unlock()
    subject?.send(completion: completion)
  }

  func cancel() {
    lock.lock()
    let subscription = self.subscription
    self.subscription = nil
    subject = nil
    lock.unlock()
    subscription?.cancel()
  }
}

/// A namespace for the subscriber types and the two values every subscriber handles.
public enum Subscribers {}

extension Subscribers {
  /// How many values a subscriber asks for: a number (``max(_:)``), or ``unlimited``.
  public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible,
    Sendable
  {
    /// The count; `UInt(Int.max) + 1` is unlimited.
    let rawValue: UInt

    private init(rawValue: UInt) { self.rawValue = min(rawValue, UInt(Int.max) + 1) }

    /// Every value there is.
    public static let unlimited = Demand(rawValue: UInt(Int.max) + 1)

    /// No more values.
    public static let none = Demand(rawValue: 0)

    /// At most `value` values (not negative).
    public static func max(_ value: Int) -> Demand {
      precondition(value >= 0, "a demand cannot be negative")
      return Demand(rawValue: UInt(value))
    }

    /// The count, or `nil` for unlimited.
    public var max: Int? { self == .unlimited ? nil : Int(rawValue) }

    /// `unlimited` or `max(n)`.
    public var description: String { self == .unlimited ? "unlimited" : "max(\(rawValue))" }

    /// The sum (unlimited if either is).
    public static func + (lhs: Demand, rhs: Demand) -> Demand {
      if lhs == .unlimited || rhs == .unlimited { return .unlimited }
      let (sum, overflow) = lhs.rawValue.addingReportingOverflow(rhs.rawValue)
      return overflow ? .unlimited : Demand(rawValue: sum)
    }

    /// The sum with `rhs` (unlimited stays unlimited; a negative `rhs` subtracts).
    public static func + (lhs: Demand, rhs: Int) -> Demand {
      rhs < 0 ? lhs - (-rhs) : lhs + .max(rhs)
    }

    /// The difference: unlimited minus anything is unlimited; otherwise never below none.
    public static func - (lhs: Demand, rhs: Demand) -> Demand {
      if lhs == .unlimited { return .unlimited }
      if rhs == .unlimited { return .none }
      return Demand(rawValue: lhs.rawValue > rhs.rawValue ? lhs.rawValue - rhs.rawValue : 0)
    }

    /// The difference with `rhs` (a negative `rhs` adds).
    public static func - (lhs: Demand, rhs: Int) -> Demand {
      rhs < 0 ? lhs + (-rhs) : lhs - .max(rhs)
    }

    /// The product with a non-negative `rhs` (unlimited stays unlimited).
    public static func * (lhs: Demand, rhs: Int) -> Demand {
      precondition(rhs >= 0, "a demand cannot be negative")
      if lhs == .unlimited { return .unlimited }
      let (product, overflow) = lhs.rawValue.multipliedReportingOverflow(by: UInt(rhs))
      return overflow ? .unlimited : Demand(rawValue: product)
    }

    /// Adds `rhs`.
    public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
    /// Adds `rhs`.
    public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }
    /// Subtracts `rhs`.
    public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
    /// Subtracts `rhs`.
    public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }
    /// Multiplies by `rhs`.
    public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

    public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether the demand is less than `rhs` (unlimited never is).
    public static func < (lhs: Demand, rhs: Int) -> Bool {
      rhs >= 0 && lhs != .unlimited && lhs.rawValue < UInt(rhs)
    }
    /// Whether the demand is at most `rhs`.
    public static func <= (lhs: Demand, rhs: Int) -> Bool { lhs < rhs || lhs == rhs }
    /// Whether the demand is more than `rhs` (unlimited always is).
    public static func > (lhs: Demand, rhs: Int) -> Bool { !(lhs <= rhs) }
    /// Whether the demand is at least `rhs`.
    public static func >= (lhs: Demand, rhs: Int) -> Bool { !(lhs < rhs) }
    /// Whether `lhs` is less than the demand.
    public static func < (lhs: Int, rhs: Demand) -> Bool { rhs > lhs }
    /// Whether `lhs` is at most the demand.
    public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs >= lhs }
    /// Whether `lhs` is more than the demand.
    public static func > (lhs: Int, rhs: Demand) -> Bool { rhs < lhs }
    /// Whether `lhs` is at least the demand.
    public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs <= lhs }

    /// Whether the demand is the finite count `rhs`.
    public static func == (lhs: Demand, rhs: Int) -> Bool {
      rhs >= 0 && lhs != .unlimited && lhs.rawValue == UInt(rhs)
    }
    /// Whether the demand is not the finite count `rhs`.
    public static func != (lhs: Demand, rhs: Int) -> Bool { !(lhs == rhs) }
    /// Whether `rhs` is the finite count `lhs`.
    public static func == (lhs: Int, rhs: Demand) -> Bool { rhs == lhs }
    /// Whether `rhs` is not the finite count `lhs`.
    public static func != (lhs: Int, rhs: Demand) -> Bool { rhs != lhs }

    /// Decodes the count.
    public init(from decoder: any Decoder) throws {
      self.init(rawValue: try decoder.singleValueContainer().decode(UInt.self))
    }

    /// Encodes the count.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(rawValue)
    }
  }

  /// How a publisher ended: it finished, or it failed with an error.
  public enum Completion<Failure: Error> {
    /// The publisher sent all its values.
    case finished
    /// The publisher failed with the error.
    case failure(Failure)
  }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

extension Subscribers.Completion {
  /// The completion with its failure changed by `transform`.
  func mapError<E: Error>(_ transform: (Failure) -> E) -> Subscribers.Completion<E> {
    switch self {
    case .finished: return .finished
    case .failure(let error): return .failure(transform(error))
    }
  }
}

/// A namespace for subscriptions.
public enum Subscriptions {
  /// A subscription that does nothing: what a publisher that has already ended gives.
  public static var empty: any Subscription { EmptySubscription.shared }
}

/// A subscription that does nothing.
final class EmptySubscription: Subscription, Sendable {
  static let shared = EmptySubscription()
  func request(_ demand: Subscribers.Demand) {}
  func cancel() {}
}

/// A type-erasing subscriber.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible {
  /// The wrapped subscriber's identifier.
  public let combineIdentifier: CombineIdentifier
  private let receiveSubscriptionBody: (any Subscription) -> Void
  private let receiveValueBody: (Input) -> Subscribers.Demand
  private let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void
  private let name: String

  /// A subscriber that forwards to `s`.
  public init<S: Subscriber>(_ s: S) where S.Input == Input, S.Failure == Failure {
    if let erased = s as? AnySubscriber<Input, Failure> {
      self = erased
      return
    }
    combineIdentifier = s.combineIdentifier
    receiveSubscriptionBody = { s.receive(subscription: $0) }
    receiveValueBody = { s.receive($0) }
    receiveCompletionBody = { s.receive(completion: $0) }
    name = String(describing: S.self)
  }

  /// A subscriber that sends what it receives to `s`.
  public init<S: Subject>(_ s: S) where S.Output == Input, S.Failure == Failure {
    combineIdentifier = CombineIdentifier()
    receiveSubscriptionBody = { s.send(subscription: $0) }
    receiveValueBody = {
      s.send($0)
      return .none
    }
    receiveCompletionBody = { s.send(completion: $0) }
    name = String(describing: S.self)
  }

  /// A subscriber of three closures; a missing one does nothing (and asks for nothing more).
  public init(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveValue: ((Input) -> Subscribers.Demand)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
  ) {
    combineIdentifier = CombineIdentifier()
    receiveSubscriptionBody = receiveSubscription ?? { _ in }
    receiveValueBody = receiveValue ?? { _ in .none }
    receiveCompletionBody = receiveCompletion ?? { _ in }
    name = "Anonymous AnySubscriber"
  }

  /// The wrapped subscriber's type.
  public var description: String { name }

  /// Forwards the subscription.
  public func receive(subscription: any Subscription) { receiveSubscriptionBody(subscription) }
  /// Forwards the value.
  public func receive(_ value: Input) -> Subscribers.Demand { receiveValueBody(value) }
  /// Forwards the completion.
  public func receive(completion: Subscribers.Completion<Failure>) {
    receiveCompletionBody(completion)
  }
}
