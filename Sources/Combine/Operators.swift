import Foundation

// The operators that turn each value of one upstream into at most one value downstream. Each
// subscription is a `Relay`: demand passes through one for one, a dropped value is asked for
// again.

extension Publishers {
  /// Transforms each value (``Publisher/map(_:)``).
  public struct Map<Upstream: Publisher, Output>: Publisher {
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure
    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The transformation.
    public let transform: (Upstream.Output) -> Output

    /// A publisher of `upstream`'s values transformed by `transform`.
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches `subscriber` through a relay.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let transform = self.transform
      upstream.subscribe(
        Relay<Upstream.Output, Failure, Output, Failure>(
          subscriber, onValue: { .send(transform($0)) }, onEnd: { .complete($0) }))
    }
  }

  /// Transforms each value with a closure that may throw (``Publisher/tryMap(_:)``).
  public struct TryMap<Upstream: Publisher, Output>: Publisher {
    /// Any error: the upstream's or the closure's.
    public typealias Failure = any Error
    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The transformation.
    public let transform: (Upstream.Output) throws -> Output

    /// A publisher of `upstream`'s values transformed by `transform`.
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches `subscriber` through a relay; a thrown error fails it.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let transform = self.transform
      upstream.subscribe(
        Relay<Upstream.Output, Upstream.Failure, Output, any Error>(
          subscriber,
          onValue: { value in
            do { return .send(try transform(value)) } catch { return .fail(error) }
          }, onEnd: { .complete($0.mapError { $0 }) }))
    }
  }

  /// Transforms the failure (``Publisher/mapError(_:)``).
  public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The publisher whose failure is transformed.
    public let upstream: Upstream
    /// The transformation.
    public let transform: (Upstream.Failure) -> Failure

    /// A publisher of `upstream`'s values, its failure transformed by `transform`.
    public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
      self.upstream = upstream
      transform = map
    }

    /// Attaches `subscriber` through a relay.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let transform = self.transform
      upstream.subscribe(
        Relay<Output, Upstream.Failure, Output, Failure>(
          subscriber, onValue: { .send($0) }, onEnd: { .complete($0.mapError(transform)) }))
    }
  }

  /// Sends the non-`nil` results of a transformation (``Publisher/compactMap(_:)``).
  public struct CompactMap<Upstream: Publisher, Output>: Publisher {
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure
    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The transformation.
    public let transform: (Upstream.Output) -> Output?

    /// A publisher of the non-`nil` results of `transform` on `upstream`'s values.
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches `subscriber` through a relay.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let transform = self.transform
      upstream.subscribe(
        Relay<Upstream.Output, Failure, Output, Failure>(
          subscriber, onValue: { transform($0).map { .send($0) } ?? .drop },
          onEnd: { .complete($0) }))
    }
  }

  /// Sends the values a predicate accepts (``Publisher/filter(_:)``).
  public struct Filter<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure
    /// The publisher filtered.
    public let upstream: Upstream
    /// Whether a value is sent.
    public let isIncluded: (Upstream.Output) -> Bool

    /// A publisher of `upstream`'s values that `isIncluded` accepts.
    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    /// Attaches `subscriber` through a relay.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let isIncluded = self.isIncluded
      upstream.subscribe(
        Relay<Output, Failure, Output, Failure>(
          subscriber, onValue: { isIncluded($0) ? .send($0) : .drop }, onEnd: { .complete($0) }))
    }
  }

  /// Drops a value equal to the one before it (``Publisher/removeDuplicates()``).
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure
    /// The publisher filtered.
    public let upstream: Upstream
    /// Whether two consecutive values are duplicates.
    public let predicate: (Output, Output) -> Bool

    /// A publisher of `upstream`'s values, less those `predicate` finds equal to the previous.
    public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` through a relay that remembers the last value sent.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      let last = LockedValue<Output?>(nil)
      upstream.subscribe(
        Relay<Output, Failure, Output, Failure>(
          subscriber,
          onValue: { value in
            let previous = last.withLock { stored in
              defer { stored = value }
              return stored
            }
            if let previous, predicate(previous, value) { return .drop }
            return .send(value)
          }, onEnd: { .complete($0) }))
    }
  }

  /// Drops the first values (``Publisher/dropFirst(_:)``).
  public struct Drop<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure
    /// The publisher whose first values are dropped.
    public let upstream: Upstream
    /// How many are dropped.
    public let count: Int

    /// A publisher of `upstream`'s values after the first `count`.
    public init(upstream: Upstream, count: Int) {
      precondition(count >= 0, "dropFirst's count cannot be negative")
      self.upstream = upstream
      self.count = count
    }

    /// Attaches `subscriber` through a relay that counts.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let remaining = LockedValue(count)
      upstream.subscribe(
        Relay<Output, Failure, Output, Failure>(
          subscriber,
          onValue: { value in
            let drop = remaining.withLock { left in
              guard left > 0 else { return false }
              left -= 1
              return true
            }
            return drop ? .drop : .send(value)
          }, onEnd: { .complete($0) }))
    }
  }

  /// Sends the first value, then finishes (``Publisher/first()``).
  public struct First<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure
    /// The publisher whose first value is sent.
    public let upstream: Upstream

    /// A publisher of `upstream`'s first value.
    public init(upstream: Upstream) { self.upstream = upstream }

    /// Attaches `subscriber` through a relay.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        Relay<Output, Failure, Output, Failure>(
          subscriber, onValue: { .sendAndFinish($0) }, onEnd: { .complete($0) }))
    }
  }

  /// Sends the first value a predicate accepts, then finishes (``Publisher/first(where:)``).
  public struct FirstWhere<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure
    /// The publisher searched.
    public let upstream: Upstream
    /// Whether a value is the one.
    public let predicate: (Output) -> Bool

    /// A publisher of `upstream`'s first value that `predicate` accepts.
    public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` through a relay.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      upstream.subscribe(
        Relay<Output, Failure, Output, Failure>(
          subscriber, onValue: { predicate($0) ? .sendAndFinish($0) : .drop },
          onEnd: { .complete($0) }))
    }
  }

  /// Sends the values whose positions are in a range, then finishes (``Publisher/prefix(_:)``).
  public struct Output<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure
    /// The publisher whose values are sent.
    public let upstream: Upstream
    /// The positions of the values sent.
    public let range: CountableRange<Int>

    /// A publisher of `upstream`'s values at the positions of `range`.
    public init(upstream: Upstream, range: CountableRange<Int>) {
      precondition(range.lowerBound >= 0, "a range of positions starts at 0 or later")
      self.upstream = upstream
      self.range = range
    }

    /// Attaches `subscriber` through a relay that counts.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Upstream.Output, S.Failure == Upstream.Failure {
      let range = self.range
      let position = LockedValue(0)
      if range.isEmpty {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .finished)
        return
      }
      upstream.subscribe(
        Relay<Upstream.Output, Failure, Upstream.Output, Failure>(
          subscriber,
          onValue: { value in
            let index = position.withLock { current in
              defer { current += 1 }
              return current
            }
            if index < range.lowerBound { return .drop }
            return index == range.upperBound - 1 ? .sendAndFinish(value) : .send(value)
          }, onEnd: { .complete($0) }))
    }
  }

  /// Calls closures on the events that pass (``Publisher/handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:receiveRequest:)``).
  public struct HandleEvents<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure
    /// The publisher observed.
    public let upstream: Upstream
    /// Called with the upstream's subscription.
    public var receiveSubscription: ((any Subscription) -> Void)?
    /// Called with each value.
    public var receiveOutput: ((Upstream.Output) -> Void)?
    /// Called with the completion.
    public var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?
    /// Called when the downstream cancels.
    public var receiveCancel: (() -> Void)?
    /// Called with each demand of the downstream.
    public var receiveRequest: ((Subscribers.Demand) -> Void)?

    /// A publisher of `upstream`'s events, each shown to its closure first.
    public init(
      upstream: Upstream, receiveSubscription: ((any Subscription) -> Void)? = nil,
      receiveOutput: ((Upstream.Output) -> Void)? = nil,
      receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)? = nil,
      receiveCancel: (() -> Void)? = nil, receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) {
      self.upstream = upstream
      self.receiveSubscription = receiveSubscription
      self.receiveOutput = receiveOutput
      self.receiveCompletion = receiveCompletion
      self.receiveCancel = receiveCancel
      self.receiveRequest = receiveRequest
    }

    /// Attaches `subscriber` through a relay that calls the closures.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let output = receiveOutput
      let completion = receiveCompletion
      upstream.subscribe(
        Relay<Output, Failure, Output, Failure>(
          subscriber,
          hooks: RelayHooks(
            subscription: receiveSubscription, request: receiveRequest, cancel: receiveCancel),
          onValue: { value in
            output?(value)
            return .send(value)
          },
          onEnd: { end in
            completion?(end)
            return .complete(end)
          }))
    }
  }

  /// Replaces a failure with a value, then finishes (``Publisher/replaceError(with:)``).
  public struct ReplaceError<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// It cannot fail.
    public typealias Failure = Never
    /// The publisher whose failure is replaced.
    public let upstream: Upstream
    /// The value sent in place of a failure.
    public let output: Upstream.Output

    /// A publisher of `upstream`'s values, then `output` if it fails.
    public init(upstream: Upstream, output: Output) {
      self.upstream = upstream
      self.output = output
    }

    /// Attaches `subscriber` through a relay.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
      let output = self.output
      upstream.subscribe(
        Relay<Output, Upstream.Failure, Output, Never>(
          subscriber, onValue: { .send($0) },
          onEnd: { end in
            if case .failure = end { return .sendThenFinish(output) }
            return .complete(.finished)
          }))
    }
  }

  /// Gives a publisher that cannot fail a failure type (``Publisher/setFailureType(to:)``).
  public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher
  where Upstream.Failure == Never {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The publisher.
    public let upstream: Upstream

    /// `upstream` with the failure type `Failure`.
    public init(upstream: Upstream) { self.upstream = upstream }

    /// Attaches `subscriber` through a relay.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        Relay<Output, Never, Output, Failure>(
          subscriber, onValue: { .send($0) }, onEnd: { _ in .complete(.finished) }))
    }

    /// The same publisher with another failure type.
    public func setFailureType<E: Error>(to failure: E.Type) -> SetFailureType<Upstream, E> {
      SetFailureType<Upstream, E>(upstream: upstream)
    }
  }
}

extension Publisher {
  /// Transforms each value with `transform`.
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
    Publishers.Map(upstream: self, transform: transform)
  }

  /// Transforms each value with `transform`; an error it throws fails the publisher.
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
    Publishers.TryMap(upstream: self, transform: transform)
  }

  /// Transforms the failure with `transform`.
  public func mapError<E: Error>(_ transform: @escaping (Failure) -> E)
    -> Publishers.MapError<Self, E>
  {
    Publishers.MapError(upstream: self, transform)
  }

  /// Sends the non-`nil` results of `transform`.
  public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T>
  {
    Publishers.CompactMap(upstream: self, transform: transform)
  }

  /// Sends the values `isIncluded` accepts.
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
    Publishers.Filter(upstream: self, isIncluded: isIncluded)
  }

  /// Drops a value that `predicate` finds equal to the one before it.
  public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool)
    -> Publishers.RemoveDuplicates<Self>
  {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }

  /// Drops the first `count` values.
  public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
    Publishers.Drop(upstream: self, count: count)
  }

  /// Sends the first value, then finishes.
  public func first() -> Publishers.First<Self> { Publishers.First(upstream: self) }

  /// Sends the first value `predicate` accepts, then finishes.
  public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
    Publishers.FirstWhere(upstream: self, predicate: predicate)
  }

  /// Sends at most `maxLength` values, then finishes.
  public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
    precondition(maxLength >= 0, "prefix's length cannot be negative")
    return Publishers.Output(upstream: self, range: 0..<maxLength)
  }

  /// Calls the closures given on the events that pass.
  public func handleEvents(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveOutput: ((Output) -> Void)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
    receiveCancel: (() -> Void)? = nil, receiveRequest: ((Subscribers.Demand) -> Void)? = nil
  ) -> Publishers.HandleEvents<Self> {
    Publishers.HandleEvents(
      upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
      receiveCompletion: receiveCompletion, receiveCancel: receiveCancel,
      receiveRequest: receiveRequest)
  }

  /// Sends `output` in place of a failure, then finishes.
  public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
    Publishers.ReplaceError(upstream: self, output: output)
  }

  /// Replaces each `nil` with `output`.
  public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
    Publishers.Map(upstream: self) { $0 ?? output }
  }
}

extension Publisher where Output: Equatable {
  /// Drops a value equal to the one before it.
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: ==)
  }
}

extension Publisher where Failure == Never {
  /// The same publisher with the failure type `failureType`, to combine it with a publisher that
  /// can fail.
  public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E>
  {
    Publishers.SetFailureType(upstream: self)
  }
}
