import Combine
import Foundation
import Testing

@Suite struct OperatorTests {
  /// What a publisher sends synchronously, as text.
  static func events<P: Publisher>(_ publisher: P) -> [String] {
    let events = Collected<String>()
    let cancellable = publisher.sink(
      receiveCompletion: { events.append("\($0)") }, receiveValue: { events.append("\($0)") })
    _ = cancellable
    return events.values
  }

  @Test func theSimplePublishers() {
    #expect(Self.events(Just(1)) == ["1", "finished"])
    #expect(Self.events(Empty<Int, Never>()) == ["finished"])
    #expect(Self.events(Empty<Int, Never>(completeImmediately: false)).isEmpty)
    #expect(
      Self.events(Fail<Int, TestError>(error: TestError(code: 2)))
        == ["failure(CombineTests.TestError(code: 2))"])
    #expect(Self.events([1, 2].publisher) == ["1", "2", "finished"])
    #expect(Self.events([Int]().publisher) == ["finished"])
    var made = 0
    let deferred = Deferred { () -> Just<Int> in
      made += 1
      return Just(made)
    }
    #expect(made == 0)
    #expect(Self.events(deferred) == ["1", "finished"])
    #expect(Self.events(deferred) == ["2", "finished"])
  }

  @Test func aFutureDeliversItsResultToEverySubscriber() {
    // The promise kept and called later, as a completion handler would.
    var fulfil: Future<String, TestError>.Promise?
    let future = Future<String, TestError> { fulfil = $0 }
    let values = Collected<String>()
    let first = future.sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
    #expect(values.values.isEmpty)
    fulfil?(.success("token"))
    fulfil?(.success("ignored"))
    #expect(values.values == ["token"])
    let second = future.sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
    #expect(values.values == ["token", "token"])
    let failing = Future<Int, TestError> { $0(.failure(TestError())) }
    #expect(Self.events(failing) == ["failure(CombineTests.TestError(code: 1))"])
    _ = (first, second)
  }

  @Test func eraseToAnyPublisherHidesTheChain() {
    let subject = PassthroughSubject<Int, Never>()
    let erased: AnyPublisher<String, Never> = subject.map { "#\($0)" }.eraseToAnyPublisher()
    let values = Collected<String>()
    let cancellable = erased.sink { values.append($0) }
    subject.send(4)
    #expect(values.values == ["#4"])
    #expect(erased.eraseToAnyPublisher().description == "AnyPublisher")
    _ = cancellable
  }

  @Test func firstPrefixAndDropFirst() {
    #expect(Self.events((1...5).publisher.dropFirst(2)) == ["3", "4", "5", "finished"])
    #expect(Self.events((1...5).publisher.prefix(2)) == ["1", "2", "finished"])
    #expect(Self.events((1...5).publisher.first()) == ["1", "finished"])
    #expect(Self.events((1...5).publisher.first { $0 > 3 }) == ["4", "finished"])
    #expect(Self.events((1...5).publisher.prefix(0)) == ["finished"])
    let subject = PassthroughSubject<Int, Never>()
    let values = Collected<Int>()
    let cancellable = subject.first().sink { values.append($0) }
    subject.send(1)
    subject.send(2)
    #expect(values.values == [1])
    _ = cancellable
  }

  @Test func errorsAreTransformedCaughtAndReplaced() {
    let failing = Fail<Int, TestError>(error: TestError(code: 3))
    #expect(
      Self.events(failing.mapError { _ in TestError(code: 9) })
        == ["failure(CombineTests.TestError(code: 9))"])
    #expect(Self.events(failing.replaceError(with: 0)) == ["0", "finished"])
    #expect(Self.events(failing.catch { _ in Just(-1) }) == ["-1", "finished"])
    let thrown = Self.events(
      [1, 2, 3].publisher.tryMap { value -> Int in
        if value == 2 { throw TestError(code: 2) }
        return value
      })
    #expect(thrown == ["1", "failure(CombineTests.TestError(code: 2))"])
    let typed: AnyPublisher<Int, TestError> = Just(1).setFailureType(to: TestError.self)
      .eraseToAnyPublisher()
    #expect(Self.events(typed) == ["1", "finished"])
    #expect(Self.events(Just<Int?>(nil).replaceNil(with: 5)) == ["5", "finished"])
  }

  @Test func handleEventsSeesEverything() {
    let events = Collected<String>()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.handleEvents(
      receiveSubscription: { _ in events.append("subscription") },
      receiveOutput: { events.append("output \($0)") },
      receiveCompletion: { events.append("completion \($0)") },
      receiveCancel: { events.append("cancel") },
      receiveRequest: { events.append("request \($0)") }
    ).sink { _ in }
    subject.send(1)
    cancellable.cancel()
    #expect(events.values == ["subscription", "request unlimited", "output 1", "cancel"])
  }

  @Test func combineLatestPairsTheLatestValues() {
    let token = PassthroughSubject<String, Never>()
    let authorized = PassthroughSubject<Bool, Never>()
    let values = Collected<String>()
    let cancellable = token.combineLatest(authorized) { "\($0) \($1)" }.sink {
      values.append($0)
    }
    token.send("a")
    #expect(values.values.isEmpty)
    authorized.send(false)
    authorized.send(true)
    token.send("b")
    #expect(values.values == ["a false", "a true", "b true"])
    _ = cancellable
  }

  @Test func mergeInterleavesAndFinishesWhenBothHave() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let events = Collected<String>()
    let cancellable = a.merge(with: b).sink(
      receiveCompletion: { events.append("\($0)") }, receiveValue: { events.append("\($0)") })
    a.send(1)
    b.send(2)
    a.send(completion: .finished)
    b.send(3)
    b.send(completion: .finished)
    #expect(events.values == ["1", "2", "3", "finished"])
    #expect(
      Self.events(Publishers.MergeMany([Just(1), Just(2), Just(3)]))
        == ["1", "2", "3", "finished"])
    _ = cancellable
  }

  @Test func flatMapSubscribesToEachInnerPublisher() {
    let ids = PassthroughSubject<Int, TestError>()
    let events = Collected<String>()
    let cancellable = ids.flatMap { id in
      [id, id * 10].publisher.setFailureType(to: TestError.self)
    }
    .sink(receiveCompletion: { events.append("\($0)") }, receiveValue: { events.append("\($0)") })
    ids.send(1)
    ids.send(2)
    ids.send(completion: .finished)
    #expect(events.values == ["1", "10", "2", "20", "finished"])
    // A publisher that cannot fail, into one that can, and the reverse.
    #expect(
      Self.events(Just(1).flatMap { _ in Fail<Int, TestError>(error: TestError()) })
        == ["failure(CombineTests.TestError(code: 1))"])
    #expect(
      Self.events(Fail<Int, TestError>(error: TestError()).flatMap { Just($0) })
        == ["failure(CombineTests.TestError(code: 1))"])
    _ = cancellable
  }

  @Test func switchToLatestFollowsOnlyTheNewest() {
    let requests = PassthroughSubject<PassthroughSubject<String, Never>, Never>()
    let first = PassthroughSubject<String, Never>()
    let second = PassthroughSubject<String, Never>()
    let values = Collected<String>()
    let cancellable = requests.switchToLatest().sink { values.append($0) }
    requests.send(first)
    first.send("1a")
    requests.send(second)
    first.send("1b")
    second.send("2a")
    #expect(values.values == ["1a", "2a"])
    _ = cancellable
  }

  @Test func cancellingAChainCancelsItsUpstreams() {
    let cancelled = Collected<String>()
    let a = PassthroughSubject<Int, Never>().handleEvents(receiveCancel: { cancelled.append("a") })
    let b = PassthroughSubject<Int, Never>().handleEvents(receiveCancel: { cancelled.append("b") })
    let cancellable = a.merge(with: b).map { $0 + 1 }.sink { _ in }
    cancellable.cancel()
    #expect(Set(cancelled.values) == ["a", "b"])
  }
}
