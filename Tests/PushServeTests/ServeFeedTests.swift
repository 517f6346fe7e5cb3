import Foundation
import Testing

@testable import PushServe

/// The live page's log keeps a window of entries, however long the server runs, and a page
/// that fell behind the window is told to start its log over.
@Suite struct ServeFeedTests {
  /// A line of a request's answer on phone ana.
  static func line(_ text: String) -> ServeFeed.Line {
    ServeFeed.Line(source: "apns", device: "ana", text: text, failed: false)
  }

  @Test func theLogKeepsItsWindowOfNewestEntries() {
    let feed = ServeFeed(window: 3)
    for number in 1...10 {
      feed.publish([Self.line("push \(number)")], change: nil)
    }
    let all = feed.since(0)
    #expect(all.entries.map(\.text) == ["push 8", "push 9", "push 10"])
    #expect(all.tick == 10)
    #expect(all.reset)
    let recent = feed.since(8)
    #expect(recent.entries.map(\.text) == ["push 9", "push 10"])
    #expect(!recent.reset)
    #expect(feed.since(10).entries.isEmpty)
  }

  @Test func aPhoneChangeIsNewsWithTheEventsOfItsLatestRequest() {
    let feed = ServeFeed(window: 10)
    feed.publish([Self.line("push")], change: nil)
    feed.publish([], change: ("ana", 0..<3))
    let news = feed.since(1)
    #expect(news.entries.isEmpty)
    #expect(news.phones.map(\.name) == ["ana"])
    #expect(news.phones.first?.events == 0..<3)
    #expect(feed.since(2).phones.isEmpty)
  }

  @Test func aWaitingPageWakesOnNews() async {
    let feed = ServeFeed(window: 10)
    let started = ContinuousClock.now
    Thread.detachNewThread {
      Thread.sleep(forTimeInterval: 0.2)
      feed.publish(
        [ServeFeed.Line(source: "model", device: nil, text: "news", failed: false)], change: nil)
    }
    await feed.wait(after: 0, timeout: .seconds(120))
    // Woken by the news, not by the timeout (generous: other tests may hold the pool).
    #expect(ContinuousClock.now - started < .seconds(100))
    #expect(feed.since(0).entries.map(\.text) == ["news"])
  }
}
