import Foundation
import Testing

@testable import PushDevice

/// The Live Activity store's hourly budgets on their own (Rules.md §13): a push counts only
/// when it fits, and a push an hour old no longer counts.
@Suite struct ActivityBudgetPartTests {
  @Test func aPriorityTenPushCountsOnlyWhenItFitsForAnHour() {
    var store = ActivityStore()
    let start = Date(timeIntervalSince1970: 1_000_000)
    for minute in 0..<3 {
      let admitted = store.admitPriorityTenPush(
        now: start + TimeInterval(minute * 60), limit: 3)
      #expect(admitted)
    }
    var refused = store.admitPriorityTenPush(now: start + 600, limit: 3)
    #expect(!refused)
    // A refused push did not count: one hour after the first, one place is free again.
    let again = store.admitPriorityTenPush(now: start + 3600, limit: 3)
    #expect(again)
    refused = store.admitPriorityTenPush(now: start + 3601, limit: 3)
    #expect(!refused)
  }

  @Test func theTwoBudgetsAreCountedApart() {
    var store = ActivityStore()
    let now = Date(timeIntervalSince1970: 1_000_000)
    let update = store.admitPriorityTenPush(now: now, limit: 1)
    let start = store.admitPushToStart(now: now, limit: 1)
    let secondStart = store.admitPushToStart(now: now, limit: 1)
    #expect(update && start && !secondStart)
  }
}
