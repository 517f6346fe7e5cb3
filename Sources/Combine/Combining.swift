import Foundation

// The operators that subscribe to more than one publisher. Each asks its upstreams for unlimited
// values and holds in an `Outlet` what the downstream has not yet asked for.

/// The inner subscriptions of a combining operator, cancelled together.
final class InnerGroup: @unchecked Sendable {
  private let lock = NSLock()
  private var members: [ObjectIdentifier: any Cancellable] = [:]
  private var isCancelled = false

  /// Adds `member`; `false` (and `member` cancelled) when the group is already cancelled.
  @discardableResult
  func add(_ member: any AnyObject & Cancellable) -> Bool {
    lock.lock()
    guard !isCancelled else {
      lock.unlock()
      member.cancel()
      return false
    }
    members[ObjectIdentifier(member)] = member
    lock.unlock()
    return true
  }

  func remove(_ member: AnyObject) {
    lock.lock()
    members[ObjectIdentifier(member)] = nil
    lock.unlock()
  }

  func cancelAll() {
    lock.lock()
    isCancelled = true
    let all = members.values
    members = [:]
    lock.unlock()
    for member in all { member.cancel() }
  }
}

/// Subscribes each of `publishers` and merges their values into `downstream`.
func mergePublishers<P: Publisher, S: Subscriber>(_ publishers: [P], into downstream: S)
where S.Input == P.Output, S.Failure == P.Failure {
  let group = InnerGroup()
  let outlet = Outlet<P.Output, P.Failure>(
    AnySubscriber(downstream), onCancel: { group.cancelAll() })
  downstream.receive(subscription: outlet)
  let remaining = LockedValue(publishers.count)
  if publishers.isEmpty { outlet.complete(.finished) }
  for publisher in publishers {
    let inner = LockedValue<Inner<P.Output, P.Failure>?>(nil)
    let made = Inner<P.Output, P.Failure>(
      onValue: { outlet.offer($0) },
      onCompletion: { completion in
        if let member = inner.value { group.remove(member) }
        switch completion {
        case .finished:
          let left = remaining.withLock { count in
            count -= 1
            return count
          }
          if left == 0 { outlet.complete(.finished) }
        case .failure:
          group.cancelAll()
          outlet.complete(completion)
        }
      })
    inner.value = made
    guard group.add(made) else { return }
    publisher.subscribe(made)
  }
}

extension Publishers {
  /// The values of two publishers as they come (``Publisher/merge(with:)``).
  public struct Merge<A: Publisher, B: Publisher>: Publisher
  where A.Output == B.Output, A.Failure == B.Failure {
    /// The publishers' values.
    public typealias Output = A.Output
    /// The publishers' failure.
    public typealias Failure = A.Failure
    /// The first publisher.
    public let a: A
    /// The second publisher.
    public let b: B

    /// The values of `a` and `b`.
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    /// Subscribes to both; finishes when both have, fails when either does.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      mergePublishers([a.eraseToAnyPublisher(), b.eraseToAnyPublisher()], into: subscriber)
    }
  }

  /// The values of many publishers of one type as they come.
  public struct MergeMany<Upstream: Publisher>: Publisher {
    /// The publishers' values.
    public typealias Output = Upstream.Output
    /// The publishers' failure.
    public typealias Failure = Upstream.Failure
    /// The publishers.
    public let publishers: [Upstream]

    /// The values of `upstream`.
    public init(_ upstream: Upstream...) { publishers = upstream }

    /// The values of `upstream`.
    public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
      publishers = Array(upstream)
    }

    /// Subscribes to all; finishes when all have, fails when one does.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      mergePublishers(publishers, into: subscriber)
    }

    /// These publishers and `other`.
    public func merge(with other: Upstream) -> MergeMany<Upstream> {
      MergeMany(publishers + [other])
    }
  }

  /// The latest values of two publishers, as a pair, each time either sends one (once both have)
  /// (``Publisher/combineLatest(_:)``).
  public struct CombineLatest<A: Publisher, B: Publisher>: Publisher
  where A.Failure == B.Failure {
    /// The pair of latest values.
    public typealias Output = (A.Output, B.Output)
    /// The publishers' failure.
    public typealias Failure = A.Failure
    /// The first publisher.
    public let a: A
    /// The second publisher.
    public let b: B

    /// The latest values of `a` and `b`.
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    /// Subscribes to both; finishes when both have, fails when either does.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let group = InnerGroup()
      let outlet = Outlet<Output, Failure>(
        AnySubscriber(subscriber), onCancel: { group.cancelAll() })
      subscriber.receive(subscription: outlet)
      let latest = LockedValue<(A.Output?, B.Output?, finished: Int)>((nil, nil, 0))
      let end: (Subscribers.Completion<Failure>) -> Void = { completion in
        switch completion {
        case .finished:
          let finished = latest.withLock { state in
            state.finished += 1
            return state.finished
          }
          if finished == 2 { outlet.complete(.finished) }
        case .failure:
          group.cancelAll()
          outlet.complete(completion)
        }
      }
      let first = Inner<A.Output, Failure>(
        onValue: { value in
          let pair = latest.withLock { state -> Output? in
            state.0 = value
            return state.1.map { (value, $0) }
          }
          if let pair { outlet.offer(pair) }
        }, onCompletion: end)
      let second = Inner<B.Output, Failure>(
        onValue: { value in
          let pair = latest.withLock { state -> Output? in
            state.1 = value
            return state.0.map { ($0, value) }
          }
          if let pair { outlet.offer(pair) }
        }, onCompletion: end)
      guard group.add(first), group.add(second) else { return }
      a.subscribe(first)
      b.subscribe(second)
    }
  }

  /// The values of the publishers a transformation makes of each upstream value
  /// (``Publisher/flatMap(maxPublishers:_:)``).
  public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
  where NewPublisher.Failure == Upstream.Failure {
    /// The inner publishers' values.
    public typealias Output = NewPublisher.Output
    /// The failure.
    public typealias Failure = Upstream.Failure
    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// How many inner publishers may be subscribed at once.
    public let maxPublishers: Subscribers.Demand
    /// The transformation.
    public let transform: (Upstream.Output) -> NewPublisher

    /// The values of the publishers `transform` makes of `upstream`'s values, at most
    /// `maxPublishers` at once.
    public init(
      upstream: Upstream, maxPublishers: Subscribers.Demand,
      transform: @escaping (Upstream.Output) -> NewPublisher
    ) {
      self.upstream = upstream
      self.maxPublishers = maxPublishers
      self.transform = transform
    }

    /// Subscribes to the upstream, and to each inner publisher; finishes when all have, fails
    /// when one does.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let group = InnerGroup()
      let outlet = Outlet<Output, Failure>(
        AnySubscriber(subscriber), onCancel: { group.cancelAll() })
      subscriber.receive(subscription: outlet)
      let transform = self.transform
      let maxPublishers = self.maxPublishers
      // How many inner publishers are live, and whether the upstream finished.
      let state = LockedValue((active: 0, upstreamFinished: false))
      let source = LockedValue<Inner<Upstream.Output, Failure>?>(nil)
      let fail: (Subscribers.Completion<Failure>) -> Void = { completion in
        group.cancelAll()
        outlet.complete(completion)
      }
      let made = Inner<Upstream.Output, Failure>(
        demand: maxPublishers,
        onValue: { value in
          state.withLock { $0.active += 1 }
          let child = LockedValue<Inner<Output, Failure>?>(nil)
          let inner = Inner<Output, Failure>(
            onValue: { outlet.offer($0) },
            onCompletion: { completion in
              if let member = child.value { group.remove(member) }
              guard case .finished = completion else { return fail(completion) }
              let done = state.withLock { current in
                current.active -= 1
                return current.active == 0 && current.upstreamFinished
              }
              if done {
                outlet.complete(.finished)
              } else if maxPublishers != .unlimited {
                source.value?.request(.max(1))
              }
            })
          child.value = inner
          guard group.add(inner) else { return }
          transform(value).subscribe(inner)
        },
        onCompletion: { completion in
          guard case .finished = completion else { return fail(completion) }
          let done = state.withLock { current in
            current.upstreamFinished = true
            return current.active == 0
          }
          if done { outlet.complete(.finished) }
        })
      source.value = made
      guard group.add(made) else { return }
      upstream.subscribe(made)
    }
  }

  /// The values of the latest publisher an upstream of publishers sent
  /// (``Publisher/switchToLatest()``): a new one cancels the one before.
  public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
  where Upstream.Output == P, P.Failure == Upstream.Failure {
    /// The inner publishers' values.
    public typealias Output = P.Output
    /// The failure.
    public typealias Failure = P.Failure
    /// The publisher of publishers.
    public let upstream: Upstream

    /// The values of the latest publisher `upstream` sent.
    public init(upstream: Upstream) { self.upstream = upstream }

    /// Subscribes to the upstream and to each publisher it sends, cancelling the previous;
    /// finishes when the upstream and the latest publisher have, fails when one does.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let group = InnerGroup()
      let outlet = Outlet<Output, Failure>(
        AnySubscriber(subscriber), onCancel: { group.cancelAll() })
      subscriber.receive(subscription: outlet)
      // The current inner subscription's number, whether it is live, whether upstream finished.
      let state = LockedValue((generation: 0, live: false, upstreamFinished: false))
      let current = LockedValue<Inner<Output, Failure>?>(nil)
      let fail: (Subscribers.Completion<Failure>) -> Void = { completion in
        group.cancelAll()
        outlet.complete(completion)
      }
      let made = Inner<P, Failure>(
        onValue: { publisher in
          let generation = state.withLock { current -> Int in
            current.generation += 1
            current.live = true
            return current.generation
          }
          let inner = Inner<Output, Failure>(
            onValue: { value in
              if state.value.generation == generation { outlet.offer(value) }
            },
            onCompletion: { completion in
              guard state.value.generation == generation else { return }
              guard case .finished = completion else { return fail(completion) }
              let done = state.withLock { current in
                current.live = false
                return current.upstreamFinished
              }
              if done { outlet.complete(.finished) }
            })
          let previous = current.withLock { stored in
            defer { stored = inner }
            return stored
          }
          if let previous {
            previous.cancel()
            group.remove(previous)
          }
          guard group.add(inner) else { return }
          publisher.subscribe(inner)
        },
        onCompletion: { completion in
          guard case .finished = completion else { return fail(completion) }
          let done = state.withLock { current in
            current.upstreamFinished = true
            return !current.live
          }
          if done { outlet.complete(.finished) }
        })
      guard group.add(made) else { return }
      upstream.subscribe(made)
    }
  }

  /// Replaces a failure with the values of another publisher (``Publisher/catch(_:)``).
  public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where Upstream.Output == NewPublisher.Output {
    /// The values.
    public typealias Output = Upstream.Output
    /// The replacement's failure.
    public typealias Failure = NewPublisher.Failure
    /// The publisher whose failure is caught.
    public let upstream: Upstream
    /// The replacement for a failure.
    public let handler: (Upstream.Failure) -> NewPublisher

    /// `upstream`'s values, then, if it fails, those of the publisher `handler` makes.
    public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    /// Subscribes to the upstream, and to the replacement when it fails.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let group = InnerGroup()
      let outlet = Outlet<Output, Failure>(
        AnySubscriber(subscriber), onCancel: { group.cancelAll() })
      subscriber.receive(subscription: outlet)
      let handler = self.handler
      let made = Inner<Output, Upstream.Failure>(
        onValue: { outlet.offer($0) },
        onCompletion: { completion in
          switch completion {
          case .finished: outlet.complete(.finished)
          case .failure(let error):
            let replacement = Inner<Output, Failure>(
              onValue: { outlet.offer($0) }, onCompletion: { outlet.complete($0) })
            guard group.add(replacement) else { return }
            handler(error).subscribe(replacement)
          }
        })
      guard group.add(made) else { return }
      upstream.subscribe(made)
    }
  }
}

extension Publisher {
  /// This publisher's values and `other`'s, as they come.
  public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
  where P.Output == Output, P.Failure == Failure {
    Publishers.Merge(self, other)
  }

  /// The latest values of this publisher and `other`, as a pair, each time either sends one.
  public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
  where P.Failure == Failure {
    Publishers.CombineLatest(self, other)
  }

  /// `transform` of the latest values of this publisher and `other`, each time either sends one.
  public func combineLatest<P: Publisher, T>(
    _ other: P, _ transform: @escaping (Output, P.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
    Publishers.CombineLatest(self, other).map(transform)
  }

  /// The values of the publishers `transform` makes of this publisher's values.
  public func flatMap<T, P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where T == P.Output, Failure == P.Failure {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }

  /// The values of the publishers that cannot fail `transform` makes of this publisher's values.
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers) {
      transform($0).setFailureType(to: Failure.self)
    }
  }

  /// Replaces a failure with the values of the publisher `handler` makes of it.
  public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P)
    -> Publishers.Catch<Self, P>
  where P.Output == Output {
    Publishers.Catch(upstream: self, handler: handler)
  }
}

extension Publisher where Failure == Never {
  /// The values of the publishers `transform` makes of this publisher's values, which may fail.
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
    Publishers.FlatMap(
      upstream: setFailureType(to: P.Failure.self), maxPublishers: maxPublishers,
      transform: transform)
  }

  /// The values of the publishers that cannot fail `transform` makes of this publisher's values.
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }
}

extension Publisher where Output: Publisher, Output.Failure == Failure {
  /// The values of the latest publisher this one sent.
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publisher where Output: Publisher, Failure == Never {
  /// The values of the latest publisher this one sent, which may fail.
  public func switchToLatest()
    -> Publishers.SwitchToLatest<
      Output, Publishers.SetFailureType<Self, Output.Failure>
    >
  {
    Publishers.SwitchToLatest(upstream: setFailureType(to: Output.Failure.self))
  }
}

extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
  /// The values of the latest publisher this one sent.
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
  /// The values of the latest publisher that cannot fail this one sent.
  public func switchToLatest()
    -> Publishers.SwitchToLatest<
      Publishers.SetFailureType<Output, Failure>,
      Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
    >
  {
    Publishers.SwitchToLatest(upstream: map { $0.setFailureType(to: Failure.self) })
  }
}
