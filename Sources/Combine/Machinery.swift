import Foundation
internal import PushSimHosting

// The internal pieces the publishers are made of. Each holds an NSLock and never calls out while
// holding it; calls to a downstream subscriber are made one at a time (`isDelivering`), so a value
// sent from inside a subscriber's closure is queued and delivered after the current one, in order.

/// The subscription a downstream subscriber holds: it keeps the demand and delivers values and
/// the completion to the subscriber one at a time.
final class Outlet<Output, Failure: Error>: Subscription, @unchecked Sendable {
  /// What to do with a value the subscriber has not asked for.
  enum Mode {
    /// Hold it until asked (the combining operators).
    case buffer
    /// Drop it (`PassthroughSubject`).
    case dropWithoutDemand
    /// Drop it, and deliver the current value when next asked (`CurrentValueSubject`,
    /// `@Published`): the first request gets the current value.
    case replay(() -> Output)
  }

  private let lock = NSLock()
  private var downstream: AnySubscriber<Output, Failure>?
  private let mode: Mode
  private var demand = Subscribers.Demand.none
  private var queue: [Output] = []
  private var needsCurrent = false
  private var completion: Subscribers.Completion<Failure>?
  private var isDelivering = false
  /// Called with each demand added, by a request or by a value's result (a producer's cue).
  private var onRequest: ((Subscribers.Demand) -> Void)?
  private var onCancel: (() -> Void)?

  init(
    _ downstream: AnySubscriber<Output, Failure>, mode: Mode = .buffer,
    onRequest: ((Subscribers.Demand) -> Void)? = nil, onCancel: (() -> Void)? = nil
  ) {
    self.downstream = downstream
    self.mode = mode
    if case .replay = mode { needsCurrent = true }
    self.onRequest = onRequest
    self.onCancel = onCancel
  }

  /// Whether the subscriber is still attached.
  var isActive: Bool {
    lock.lock()
    defer { lock.unlock() }
    return downstream != nil && completion == nil
  }

  func request(_ more: Subscribers.Demand) {
    lock.lock()
    guard downstream != nil else {
      lock.unlock()
      return
    }
    demand += more
    var replay: (() -> Output)?
    if needsCurrent, demand > queue.count, case .replay(let current) = mode {
      needsCurrent = false
      replay = current
    }
    let hook = onRequest
    lock.unlock()
    if let replay {
      let value = replay()
      lock.lock()
      queue.append(value)
      lock.unlock()
    }
    hook?(more)
    drain()
  }

  /// Offers `value` to the subscriber.
  func offer(_ value: Output) {
    lock.lock()
    guard downstream != nil, completion == nil else {
      lock.unlock()
      return
    }
    switch mode {
    case .buffer: queue.append(value)
    case .dropWithoutDemand: if demand > queue.count { queue.append(value) }
    case .replay: if demand > queue.count { queue.append(value) } else { needsCurrent = true }
    }
    lock.unlock()
    drain()
  }

  /// Ends the stream: after the held values for `.finished`, at once for a failure.
  func complete(_ completion: Subscribers.Completion<Failure>) {
    lock.lock()
    guard downstream != nil, self.completion == nil else {
      lock.unlock()
      return
    }
    self.completion = completion
    if case .failure = completion { queue.removeAll() }
    onCancel = nil
    onRequest = nil
    lock.unlock()
    drain()
  }

  func cancel() {
    lock.lock()
    let wasActive = downstream != nil
    downstream = nil
    queue.removeAll()
    let hook = onCancel
    onCancel = nil
    onRequest = nil
    lock.unlock()
    if wasActive { hook?() }
  }

  private func drain() {
    lock.lock()
    guard !isDelivering else {
      lock.unlock()
      return
    }
    isDelivering = true
    while let downstream {
      if !queue.isEmpty, demand > 0 {
        let value = queue.removeFirst()
        demand -= 1
        let hook = onRequest
        lock.unlock()
        let more = downstream.receive(value)
        if more > 0, let hook { hook(more) }
        lock.lock()
        demand += more
        continue
      }
      if queue.isEmpty, let completion {
        self.downstream = nil
        isDelivering = false
        lock.unlock()
        downstream.receive(completion: completion)
        return
      }
      break
    }
    isDelivering = false
    lock.unlock()
  }
}

/// What an operator does with one upstream value.
enum RelayStep<Output, Failure: Error> {
  /// Send the value downstream.
  case send(Output)
  /// Drop it (and ask upstream for one more in its place).
  case drop
  /// Send the value, then finish (cancelling upstream).
  case sendAndFinish(Output)
  /// Finish (cancelling upstream).
  case finish
  /// Fail (cancelling upstream).
  case fail(Failure)
}

/// What an operator does when upstream ends.
enum RelayEnd<Output, Failure: Error> {
  /// End downstream with this completion.
  case complete(Subscribers.Completion<Failure>)
  /// Send the value (once asked for), then finish.
  case sendThenFinish(Output)
}

/// Optional observers of a relay's events (`handleEvents`).
struct RelayHooks {
  var subscription: ((any Subscription) -> Void)?
  var request: ((Subscribers.Demand) -> Void)?
  var cancel: (() -> Void)?
}

/// An operator between one upstream and one downstream that turns each upstream value into a
/// step; demand passes through one for one.
final class Relay<Input, UpstreamFailure: Error, Output, Failure: Error>: Subscriber,
  Subscription, @unchecked Sendable
{
  private let lock = NSLock()
  private var downstream: AnySubscriber<Output, Failure>?
  private var upstream: (any Subscription)?
  private var isTerminated = false
  /// What downstream asked for and has not received.
  private var outstanding = Subscribers.Demand.none
  /// The value of a `sendThenFinish` waiting for demand.
  private var pendingLast: Output?
  private let onValue: (Input) -> RelayStep<Output, Failure>
  private let onEnd: (Subscribers.Completion<UpstreamFailure>) -> RelayEnd<Output, Failure>
  private let hooks: RelayHooks

  init<S: Subscriber>(
    _ downstream: S, hooks: RelayHooks = RelayHooks(),
    onValue: @escaping (Input) -> RelayStep<Output, Failure>,
    onEnd: @escaping (Subscribers.Completion<UpstreamFailure>) -> RelayEnd<Output, Failure>
  ) where S.Input == Output, S.Failure == Failure {
    self.downstream = AnySubscriber(downstream)
    self.hooks = hooks
    self.onValue = onValue
    self.onEnd = onEnd
  }

  // MARK: Subscriber (upstream's side)

  func receive(subscription: any Subscription) {
    lock.lock()
    guard upstream == nil, !isTerminated, let downstream else {
      lock.unlock()
      subscription.cancel()
      return
    }
    upstream = subscription
    lock.unlock()
    hooks.subscription?(subscription)
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    lock.lock()
    guard !isTerminated, let downstream else {
      lock.unlock()
      return .none
    }
    outstanding -= 1
    lock.unlock()
    switch onValue(input) {
    case .send(let value):
      let more = downstream.receive(value)
      record(more)
      return more
    case .drop:
      record(.max(1))
      return .max(1)
    case .sendAndFinish(let value):
      guard let upstream = terminate() else { return .none }
      upstream.cancel()
      _ = downstream.receive(value)
      downstream.receive(completion: .finished)
    case .finish:
      guard let upstream = terminate() else { return .none }
      upstream.cancel()
      downstream.receive(completion: .finished)
    case .fail(let error):
      guard let upstream = terminate() else { return .none }
      upstream.cancel()
      downstream.receive(completion: .failure(error))
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    lock.lock()
    guard !isTerminated, let downstream else {
      lock.unlock()
      return
    }
    lock.unlock()
    switch onEnd(completion) {
    case .complete(let end):
      guard terminate() != nil else { return }
      downstream.receive(completion: end)
    case .sendThenFinish(let value):
      lock.lock()
      if outstanding > 0 {
        isTerminated = true
        self.downstream = nil
        upstream = nil
        lock.unlock()
        _ = downstream.receive(value)
        downstream.receive(completion: .finished)
      } else {
        pendingLast = value
        lock.unlock()
      }
    }
  }

  // MARK: Subscription (downstream's side)

  func request(_ demand: Subscribers.Demand) {
    hooks.request?(demand)
    lock.lock()
    if let last = pendingLast, let downstream, demand > 0 {
      pendingLast = nil
      isTerminated = true
      self.downstream = nil
      upstream = nil
      lock.unlock()
      _ = downstream.receive(last)
      downstream.receive(completion: .finished)
      return
    }
    outstanding += demand
    let upstream = self.upstream
    lock.unlock()
    upstream?.request(demand)
  }

  func cancel() {
    lock.lock()
    let upstream = self.upstream
    let wasActive = !isTerminated
    isTerminated = true
    self.upstream = nil
    downstream = nil
    pendingLast = nil
    lock.unlock()
    if wasActive { hooks.cancel?() }
    upstream?.cancel()
  }

  private func record(_ more: Subscribers.Demand) {
    guard more > 0 else { return }
    lock.lock()
    outstanding += more
    lock.unlock()
  }

  /// Ends the relay once; the upstream subscription to cancel, or `nil` when already ended.
  private func terminate() -> (any Subscription)? {
    lock.lock()
    defer { lock.unlock() }
    guard !isTerminated else { return nil }
    isTerminated = true
    downstream = nil
    let upstream = self.upstream ?? Subscriptions.empty
    self.upstream = nil
    return upstream
  }
}

/// A subscriber that asks for `demand` and hands each event to closures: the inner end of the
/// combining operators.
final class Inner<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
  private let lock = NSLock()
  private var subscription: (any Subscription)?
  private var isDone = false
  private let demand: Subscribers.Demand
  private let onValue: (Input) -> Void
  private let onCompletion: (Subscribers.Completion<Failure>) -> Void

  init(
    demand: Subscribers.Demand = .unlimited, onValue: @escaping (Input) -> Void,
    onCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
  ) {
    self.demand = demand
    self.onValue = onValue
    self.onCompletion = onCompletion
  }

  func receive(subscription: any Subscription) {
    lock.lock()
    guard !isDone, self.subscription == nil else {
      lock.unlock()
      subscription.cancel()
      return
    }
    self.subscription = subscription
    lock.unlock()
    if demand > 0 { subscription.request(demand) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    lock.lock()
    let done = isDone
    lock.unlock()
    if !done { onValue(input) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    lock.lock()
    guard !isDone else {
      lock.unlock()
      return
    }
    isDone = true
    subscription = nil
    lock.unlock()
    onCompletion(completion)
  }

  /// Asks the upstream for `more` values.
  func request(_ more: Subscribers.Demand) {
    lock.lock()
    let subscription = self.subscription
    lock.unlock()
    subscription?.request(more)
  }

  func cancel() {
    lock.lock()
    isDone = true
    let subscription = self.subscription
    self.subscription = nil
    lock.unlock()
    subscription?.cancel()
  }
}

/// The subscribers of a subject: each an outlet, sent every value.
final class SubjectCore<Output, Failure: Error>: @unchecked Sendable {
  private let lock = NSLock()
  private var outlets: [ObjectIdentifier: Outlet<Output, Failure>] = [:]
  /// The order subscribers came in (values reach them in that order).
  private var order: [ObjectIdentifier] = []
  private var completion: Subscribers.Completion<Failure>?
  private var upstreams: [any Subscription] = []
  private let current: (() -> Output)?

  /// A core whose new subscribers get `current()` first when given; otherwise only later values.
  init(current: (() -> Output)? = nil) {
    self.current = current
  }

  func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
    lock.lock()
    if let completion {
      lock.unlock()
      subscriber.receive(subscription: Subscriptions.empty)
      subscriber.receive(completion: completion)
      return
    }
    let box = Weak(self)
    var identifier: ObjectIdentifier?
    let outlet = Outlet(
      AnySubscriber(subscriber), mode: current.map { .replay($0) } ?? .dropWithoutDemand,
      onCancel: {
        if let identifier { box.value?.remove(identifier) }
      })
    identifier = ObjectIdentifier(outlet)
    outlets[ObjectIdentifier(outlet)] = outlet
    order.append(ObjectIdentifier(outlet))
    lock.unlock()
    subscriber.receive(subscription: outlet)
  }

  private func remove(_ identifier: ObjectIdentifier) {
    lock.lock()
    outlets[identifier] = nil
    order.removeAll { $0 == identifier }
    lock.unlock()
  }

  func send(_ value: Output) {
    lock.lock()
    guard completion == nil else {
      lock.unlock()
      return
    }
    let receivers = order.compactMap { outlets[$0] }
    lock.unlock()
    for outlet in receivers { outlet.offer(value) }
  }

  func send(completion: Subscribers.Completion<Failure>) {
    lock.lock()
    guard self.completion == nil else {
      lock.unlock()
      return
    }
    self.completion = completion
    let receivers = order.compactMap { outlets[$0] }
    outlets = [:]
    order = []
    upstreams = []
    lock.unlock()
    for outlet in receivers { outlet.complete(completion) }
  }

  func send(subscription: any Subscription) {
    lock.lock()
    upstreams.append(subscription)
    lock.unlock()
    subscription.request(.unlimited)
  }

  deinit {
    for upstream in upstreams { upstream.cancel() }
  }
}

/// A value behind a lock.
final class LockedValue<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value {
    get {
      lock.lock()
      defer { lock.unlock() }
      return stored
    }
    set {
      lock.lock()
      stored = newValue
      lock.unlock()
    }
  }

  /// Changes the value under the lock; `body`'s result.
  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&stored)
  }
}
