import Foundation

/// The subscription of ``Publishers/ReceiveOn``: requests and cancellation go straight upstream;
/// values and the completion are scheduled on the scheduler, in order.
final class ReceiveOnRelay<Input, Failure: Error, Context: Scheduler>: Subscriber, Subscription,
  @unchecked Sendable
{
  private let lock = NSLock()
  private var downstream: AnySubscriber<Input, Failure>?
  private var upstream: (any Subscription)?
  private let scheduler: Context
  private let options: Context.SchedulerOptions?

  init(
    _ downstream: AnySubscriber<Input, Failure>, scheduler: Context,
    options: Context.SchedulerOptions?
  ) {
    self.downstream = downstream
    self.scheduler = scheduler
    self.options = options
  }

  func receive(subscription: any Subscription) {
    lock.lock()
    guard upstream == nil, let downstream else {
      lock.unlock()
      subscription.cancel()
      return
    }
    upstream = subscription
    lock.unlock()
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    scheduler.schedule(options: options) { [self] in
      lock.lock()
      let downstream = self.downstream
      let upstream = self.upstream
      lock.unlock()
      guard let downstream else { return }
      let more = downstream.receive(input)
      if more > 0 { upstream?.request(more) }
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    scheduler.schedule(options: options) { [self] in
      lock.lock()
      let downstream = self.downstream
      self.downstream = nil
      upstream = nil
      lock.unlock()
      downstream?.receive(completion: completion)
    }
  }

  func request(_ demand: Subscribers.Demand) {
    lock.lock()
    let upstream = self.upstream
    lock.unlock()
    upstream?.request(demand)
  }

  func cancel() {
    lock.lock()
    let upstream = self.upstream
    self.upstream = nil
    downstream = nil
    lock.unlock()
    upstream?.cancel()
  }
}

extension Publishers {
  /// Delivers the values and the completion on a scheduler (``Publisher/receive(on:options:)``).
  public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure
    /// The publisher.
    public let upstream: Upstream
    /// Where values are delivered.
    public let scheduler: Context
    /// The scheduler's options.
    public let options: Context.SchedulerOptions?

    /// `upstream`'s values delivered on `scheduler`.
    public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    /// Attaches `subscriber`; its values and completion arrive on the scheduler.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        ReceiveOnRelay(AnySubscriber(subscriber), scheduler: scheduler, options: options))
    }
  }

  /// Sends a value once no other has followed it for a time (``Publisher/debounce(for:scheduler:options:)``).
  public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure
    /// The publisher.
    public let upstream: Upstream
    /// How long a value must stand alone.
    public let dueTime: Context.SchedulerTimeType.Stride
    /// Where values are delivered.
    public let scheduler: Context
    /// The scheduler's options.
    public let options: Context.SchedulerOptions?

    /// `upstream`'s values that stood alone for `dueTime`, delivered on `scheduler`.
    public init(
      upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
      options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.dueTime = dueTime
      self.scheduler = scheduler
      self.options = options
    }

    /// Attaches `subscriber`. A value still waiting when the upstream ends is dropped (Apple
    /// does not say); the completion is delivered on the scheduler.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let scheduler = self.scheduler
      let options = self.options
      let dueTime = self.dueTime
      let group = InnerGroup()
      let outlet = Outlet<Output, Failure>(
        AnySubscriber(subscriber), mode: .dropWithoutDemand, onCancel: { group.cancelAll() })
      subscriber.receive(subscription: outlet)
      let generation = LockedValue(0)
      let inner = Inner<Output, Failure>(
        onValue: { value in
          let mine = generation.withLock { current -> Int in
            current += 1
            return current
          }
          scheduler.schedule(
            after: scheduler.now.advanced(by: dueTime), tolerance: scheduler.minimumTolerance,
            options: options
          ) {
            if generation.value == mine { outlet.offer(value) }
          }
        },
        onCompletion: { completion in
          generation.withLock { $0 += 1 }
          scheduler.schedule(options: options) { outlet.complete(completion) }
        })
      guard group.add(inner) else { return }
      upstream.subscribe(inner)
    }
  }

  /// Sends at most one value per interval: the first or the latest of those that came
  /// (``Publisher/throttle(for:scheduler:latest:)``).
  public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure
    /// The publisher.
    public let upstream: Upstream
    /// The interval.
    public let interval: Context.SchedulerTimeType.Stride
    /// Where values are delivered.
    public let scheduler: Context
    /// Whether the latest value of an interval is sent (else the first).
    public let latest: Bool

    /// At most one of `upstream`'s values per `interval`, delivered on `scheduler`.
    public init(
      upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
      latest: Bool
    ) {
      self.upstream = upstream
      self.interval = interval
      self.scheduler = scheduler
      self.latest = latest
    }

    /// Attaches `subscriber`. The first value is sent at once; a value that comes within the
    /// interval waits for its end (the first or the latest of them, by ``latest``).
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let scheduler = self.scheduler
      let interval = self.interval
      let latest = self.latest
      let group = InnerGroup()
      // What ends an interval (cleared at the end, which breaks its reference cycle).
      let closeWindow = LockedValue<(() -> Void)?>(nil)
      let outlet = Outlet<Output, Failure>(
        AnySubscriber(subscriber), mode: .dropWithoutDemand,
        onCancel: {
          group.cancelAll()
          closeWindow.value = nil
        })
      subscriber.receive(subscription: outlet)
      // Whether an interval is running, and the value waiting for its end.
      let state = LockedValue<(open: Bool, waiting: Output?)>((false, nil))
      closeWindow.value = {
        let next = state.withLock { current -> Output? in
          let waiting = current.waiting
          current.waiting = nil
          current.open = waiting != nil
          return waiting
        }
        guard let next else { return }
        outlet.offer(next)
        scheduler.schedule(after: scheduler.now.advanced(by: interval)) {
          closeWindow.value?()
        }
      }
      let inner = Inner<Output, Failure>(
        onValue: { value in
          let sendNow = state.withLock { current -> Bool in
            if !current.open {
              current.open = true
              return true
            }
            if latest || current.waiting == nil { current.waiting = value }
            return false
          }
          guard sendNow else { return }
          scheduler.schedule { outlet.offer(value) }
          scheduler.schedule(after: scheduler.now.advanced(by: interval)) {
            closeWindow.value?()
          }
        },
        onCompletion: { completion in
          scheduler.schedule {
            closeWindow.value = nil
            outlet.complete(completion)
          }
        })
      guard group.add(inner) else { return }
      upstream.subscribe(inner)
    }
  }
}

extension Publisher {
  /// Delivers this publisher's values and completion on `scheduler` (a `DispatchQueue`, a
  /// `RunLoop`, an `OperationQueue`).
  public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
    -> Publishers.ReceiveOn<Self, S>
  {
    Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
  }

  /// Sends a value once `dueTime` has passed with no other after it.
  public func debounce<S: Scheduler>(
    for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
  ) -> Publishers.Debounce<Self, S> {
    Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
  }

  /// Sends at most one value per `interval`: the latest of those that came, or the first.
  public func throttle<S: Scheduler>(
    for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool
  ) -> Publishers.Throttle<Self, S> {
    Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
  }
}
