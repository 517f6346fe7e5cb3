import Combine
import Foundation
import Testing

@Suite struct SubjectTests {
  @Test func aSubjectFeedsAMapFilterChain() {
    let payloads = PassthroughSubject<[String: Any], Never>()
    let badges = Collected<Int>()
    let cancellable =
      payloads
      .compactMap { $0["aps"] as? [String: Any] }
      .compactMap { $0["badge"] as? Int }
      .filter { $0 >= 0 }
      .removeDuplicates()
      .map { min($0, 99) }
      .sink { badges.append($0) }
    payloads.send(["aps": ["badge": 1]])
    payloads.send(["aps": ["badge": 1]])
    payloads.send(["aps": ["alert": "no badge"]])
    payloads.send(["aps": ["badge": -1]])
    payloads.send(["aps": ["badge": 120]])
    #expect(badges.values == [1, 99])
    _ = cancellable
  }

  @Test func completionEndsTheChainAndLaterSubscribersGetItAtOnce() {
    let subject = PassthroughSubject<Int, TestError>()
    let events = Collected<String>()
    let cancellable = subject.map { $0 * 2 }.sink(
      receiveCompletion: { events.append("\($0)") }, receiveValue: { events.append("\($0)") })
    subject.send(1)
    subject.send(completion: .failure(TestError()))
    subject.send(2)
    #expect(events.values == ["2", "failure(CombineTests.TestError(code: 1))"])
    let late = Collected<String>()
    let lateCancellable = subject.sink(
      receiveCompletion: { late.append("\($0)") }, receiveValue: { late.append("\($0)") })
    #expect(late.values.count == 1)
    _ = (cancellable, lateCancellable)
  }

  @Test func cancellationStopsDelivery() {
    let subject = PassthroughSubject<Int, Never>()
    let values = Collected<Int>()
    var cancellables = Set<AnyCancellable>()
    subject.sink { values.append($0) }.store(in: &cancellables)
    var list: [AnyCancellable] = []
    subject.sink { values.append($0 * 10) }.store(in: &list)
    subject.send(1)
    #expect(values.values == [1, 10])
    cancellables.removeAll()
    subject.send(2)
    #expect(values.values == [1, 10, 20])
    list.first?.cancel()
    subject.send(3)
    #expect(values.values == [1, 10, 20])

    // Letting go of the cancellable cancels too.
    var kept: AnyCancellable? = subject.sink { values.append($0 * 100) }
    subject.send(4)
    kept = nil
    subject.send(5)
    #expect(values.values == [1, 10, 20, 400])
    _ = kept
  }

  @Test func aCurrentValueSubjectGivesItsValueFirst() {
    let subject = CurrentValueSubject<String, Never>("idle")
    let states = Collected<String>()
    let cancellable = subject.sink { states.append($0) }
    subject.value = "registering"
    subject.send("registered")
    #expect(states.values == ["idle", "registering", "registered"])
    #expect(subject.value == "registered")
    let later = Collected<String>()
    let second = subject.sink { later.append($0) }
    #expect(later.values == ["registered"])
    _ = (cancellable, second)
  }

  @Test func aValueSentFromASubscriberComesAfterTheCurrentOne() {
    let subject = PassthroughSubject<Int, Never>()
    let values = Collected<Int>()
    let cancellable = subject.sink { value in
      values.append(value)
      if value == 1 { subject.send(2) }
    }
    subject.send(1)
    #expect(values.values == [1, 2])
    _ = cancellable
  }

  @Test func subjectsAreSafeAcrossThreads() async {
    let subject = PassthroughSubject<Int, Never>()
    let values = Collected<Int>()
    let cancellable = subject.sink { values.append($0) }
    DispatchQueue.concurrentPerform(iterations: 200) { subject.send($0) }
    #expect(values.values.count == 200)
    #expect(Set(values.values).count == 200)
    _ = cancellable
  }

  @Test func aPublisherSubscribedToASubjectForwardsToIt() {
    let subject = PassthroughSubject<Int, Never>()
    let values = Collected<Int>()
    let sink = subject.sink { values.append($0) }
    let forwarding = [1, 2, 3].publisher.subscribe(subject)
    #expect(values.values == [1, 2, 3])
    _ = (sink, forwarding)
  }
}

/// A subscriber that asks for a fixed number of values, then more on request.
final class CountingSubscriber<Input>: Subscriber, @unchecked Sendable {
  typealias Failure = Never
  let initial: Subscribers.Demand
  let received = Collected<Input>()
  let completions = Collected<Subscribers.Completion<Never>>()
  private(set) var subscription: (any Subscription)?

  init(initial: Subscribers.Demand) { self.initial = initial }

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    subscription.request(initial)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    received.append(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) { completions.append(completion) }
}

@Suite struct DemandTests {
  @Test func demandArithmetic() {
    #expect(Subscribers.Demand.max(2) + .max(3) == .max(5))
    #expect(Subscribers.Demand.unlimited + 1 == .unlimited)
    #expect(Subscribers.Demand.max(2) - .max(5) == .none)
    #expect(Subscribers.Demand.unlimited - 10 == .unlimited)
    #expect(Subscribers.Demand.max(3) * 2 == .max(6))
    #expect(Subscribers.Demand.max(3) > 2 && Subscribers.Demand.unlimited > 1_000_000)
    #expect(Subscribers.Demand.none == 0)
    #expect(Subscribers.Demand.max(4).max == 4 && Subscribers.Demand.unlimited.max == nil)
    #expect(Subscribers.Demand.unlimited.description == "unlimited")
    #expect(Subscribers.Demand.max(1).description == "max(1)")
  }

  @Test func aBoundedDemandGetsNoMoreThanItAskedFor() {
    let subscriber = CountingSubscriber<Int>(initial: .max(2))
    (1...5).publisher.map { $0 * 10 }.filter { $0 != 20 }.subscribe(subscriber)
    #expect(subscriber.received.values == [10, 30])
    #expect(subscriber.completions.values.isEmpty)
    subscriber.subscription?.request(.max(1))
    #expect(subscriber.received.values == [10, 30, 40])
    subscriber.subscription?.request(.max(5))
    #expect(subscriber.received.values == [10, 30, 40, 50])
    #expect(subscriber.completions.values == [.finished])
  }

  @Test func aPassthroughSubjectDropsWhatWasNotAskedFor() {
    let subject = PassthroughSubject<Int, Never>()
    let subscriber = CountingSubscriber<Int>(initial: .max(1))
    subject.subscribe(subscriber)
    subject.send(1)
    subject.send(2)
    subscriber.subscription?.request(.max(1))
    subject.send(3)
    #expect(subscriber.received.values == [1, 3])
  }

  @Test func aCurrentValueWaitsForDemand() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let subscriber = CountingSubscriber<Int>(initial: .none)
    subject.subscribe(subscriber)
    subject.send(1)
    subject.send(2)
    #expect(subscriber.received.values.isEmpty)
    subscriber.subscription?.request(.max(1))
    #expect(subscriber.received.values == [2])
  }
}
