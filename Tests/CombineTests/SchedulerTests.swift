import Combine
import Foundation
import Testing

@Suite struct SchedulerTests {
  @Test func receiveOnDeliversOnTheQueue() async {
    let queue = DispatchQueue(label: "push.delivery")
    let key = DispatchSpecificKey<String>()
    queue.setSpecific(key: key, value: "push.delivery")
    let subject = PassthroughSubject<Int, Never>()
    let seen = Collected<(Int, String?)>()
    let finished = Collected<Void>()
    let cancellable = subject.receive(on: queue).sink(
      receiveCompletion: { _ in finished.append(()) },
      receiveValue: { seen.append(($0, DispatchQueue.getSpecific(key: key))) })
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(await eventually { finished.values.count == 1 })
    #expect(seen.values.map(\.0) == [1, 2])
    #expect(seen.values.allSatisfy { $0.1 == "push.delivery" })
    _ = cancellable
  }

  @Test func receiveOnAnOperationQueue() async {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let values = Collected<Bool>()
    let cancellable = Just(1).receive(on: queue).sink { _ in
      values.append(OperationQueue.current === queue)
    }
    #expect(await eventually { values.values == [true] })
    _ = cancellable
  }

  @Test func receiveOnARunLoop() async {
    // A thread of the test's own runs its run loop until told to stop.
    let loop = Collected<RunLoop>()
    let stop = Collected<Void>()
    let thread = Thread {
      loop.append(RunLoop.current)
      while stop.values.isEmpty { _ = RunLoop.current.run(mode: .default, before: Date() + 0.01) }
    }
    thread.start()
    #expect(await eventually { !loop.values.isEmpty })
    let runLoop = loop.values[0]
    let values = Collected<Bool>()
    let cancellable = [1, 2].publisher.receive(on: runLoop).sink { _ in
      values.append(RunLoop.current === runLoop)
    }
    #expect(await eventually { values.values == [true, true] })
    stop.append(())
    _ = cancellable
  }

  @Test func cancellingStopsScheduledDelivery() async throws {
    let queue = DispatchQueue(label: "push.slow")
    queue.suspend()
    let values = Collected<Int>()
    let cancellable = Just(1).receive(on: queue).sink { values.append($0) }
    cancellable.cancel()
    queue.resume()
    try await Task.sleep(nanoseconds: 50_000_000)
    #expect(values.values.isEmpty)
  }

  @Test func debounceSendsTheLastOfABurst() async {
    let queue = DispatchQueue(label: "push.debounce")
    let subject = PassthroughSubject<String, Never>()
    let values = Collected<String>()
    let cancellable = subject.debounce(for: .milliseconds(50), scheduler: queue).sink {
      values.append($0)
    }
    subject.send("a")
    subject.send("b")
    subject.send("c")
    #expect(await eventually { values.values == ["c"] })
    _ = cancellable
  }

  @Test func throttleSendsTheFirstThenTheLatestOfTheInterval() async {
    let queue = DispatchQueue(label: "push.throttle")
    let subject = PassthroughSubject<Int, Never>()
    let values = Collected<Int>()
    let cancellable = subject.throttle(for: .milliseconds(200), scheduler: queue, latest: true)
      .sink { values.append($0) }
    subject.send(1)
    subject.send(2)
    subject.send(3)
    #expect(await eventually { values.values == [1, 3] })
    _ = cancellable
  }

  @Test func schedulerTimesAndStrides() {
    let now = DispatchQueue.main.now
    #expect(now.distance(to: now.advanced(by: .milliseconds(5))) == .nanoseconds(5_000_000))
    #expect(DispatchQueue.SchedulerTimeType.Stride.seconds(1.5).magnitude == 1_500_000_000)
    let date = RunLoop.SchedulerTimeType(Date(timeIntervalSince1970: 0))
    #expect(date.advanced(by: .seconds(2)).date == Date(timeIntervalSince1970: 2))
    #expect(OperationQueue.SchedulerTimeType.Stride.milliseconds(250).timeInterval == 0.25)
    var ran = false
    ImmediateScheduler.shared.schedule { ran = true }
    #expect(ran)
  }
}

@Suite struct NotificationCenterTests {
  @Test func aNotificationsPublisherDeliversUntilCancelled() {
    let center = NotificationCenter()
    let name = Notification.Name("PushTokenDidChange")
    let received = Collected<String>()
    let cancellable = center.publisher(for: name).compactMap { $0.object as? String }.sink {
      received.append($0)
    }
    center.post(name: name, object: "abc")
    center.post(name: Notification.Name("Other"), object: "ignored")
    cancellable.cancel()
    center.post(name: name, object: "late")
    #expect(received.values == ["abc"])
    let defaultCenter = NotificationCenter.default.publisher(for: name)
    #expect(defaultCenter.center === NotificationCenter.default && defaultCenter.name == name)
  }
}
