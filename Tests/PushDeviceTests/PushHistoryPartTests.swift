import Foundation
import Testing

@testable import PushDevice

/// The push history part on its own: records and the notifications they became at the same
/// place, the `push-N` names, a counted firing taking the place of the one before (Rules.md
/// §9.9), and what a long-running phone forgets (Rules.md §18.9).
@Suite struct PushHistoryPartTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  func kept(_ title: String) -> KeptNotification {
    KeptNotification(
      request: NotificationRequest(
        identifier: title, content: NotificationContent(title: title), date: start),
      presentation: .listOnly, effectiveLevel: .active, language: "en")
  }

  /// A history of `count` pushes `p0`… one second apart, each a notification titled by its id
  /// when `notify` says so.
  func history(_ count: Int, notify: (Int) -> Bool = { _ in true }) -> PushHistory {
    var history = PushHistory()
    for index in 0..<count {
      let id = history.arrive(id: "p\(index)")
      history[id] = PushRecord(id: id, received: start.addingTimeInterval(Double(index)))
      if notify(index) { history.keep(kept(id), of: id) }
    }
    return history
  }

  @Test func aPushWithoutAnIdIsNamedByItsArrivalNumber() {
    var history = PushHistory()
    #expect(history.arrive(id: nil) == "push-1")
    #expect(history.arrive(id: "m") == "m")
    #expect(history.arrive(id: nil) == "push-3")
  }

  @Test func aNotificationIsFoundAtItsPushsPlace() {
    let history = history(4, notify: { $0 != 1 })
    #expect(history.ids == ["p0", "p1", "p2", "p3"])
    #expect(history.notification(of: "p2")?.request.content.title == "p2")
    #expect(history.notification(of: "p1") == nil)
    #expect(history.notification(at: 3)?.request.content.title == "p3")
    #expect(history.notification(at: 9) == nil)
    #expect(history.notification(of: "unknown") == nil)
  }

  @Test func keepingANotificationForAnUnknownPushDoesNothing() {
    var history = history(1)
    history.keep(kept("x"), of: "unknown")
    history.updateNotification(of: "unknown") { $0.language = "de" }
    #expect(history.ordered.count == 1)
    history.updateNotification(of: "p0") { $0.language = "de" }
    #expect(history.notification(of: "p0")?.language == "de")
  }

  @Test func theNewestPushTakesThePlaceOfTheOneBefore() {
    var history = history(3)
    history.takeOver("p0")
    #expect(history.ids == ["p2", "p1"])
    #expect(history.notification(at: 0)?.request.content.title == "p2")
    #expect(history.notification(of: "p1")?.request.content.title == "p1")
    #expect(history.notification(at: 2) == nil)
  }

  @Test func theNewestWithoutANotificationLeavesThePlaceWithout() {
    var history = history(3, notify: { $0 != 2 })
    history.takeOver("p0")
    #expect(history.ids == ["p2", "p1"])
    #expect(history.notification(of: "p2") == nil)
  }

  @Test func nothingIsForgottenWithinTheSlack() {
    var history = history(5)
    #expect(history.forget(keepingNewest: 4, slack: 2, stillNeeded: { _, _ in false }) == nil)
    #expect(history.ordered.count == 5)
  }

  @Test func theOldestAreForgottenButThoseStillNeeded() throws {
    var history = history(8, notify: { $0 != 6 })
    let result = history.forget(keepingNewest: 4, slack: 2, stillNeeded: { id, _ in id == "p1" })
    let forgotten = try #require(result)
    #expect(forgotten.ids == ["p0", "p2", "p3"])
    #expect(forgotten.cutoff == start.addingTimeInterval(4))
    #expect(history.ids == ["p1", "p4", "p5", "p6", "p7"])
    #expect(history.notification(of: "p1")?.request.content.title == "p1")
    #expect(history.notification(of: "p6") == nil)
    #expect(history.notification(of: "p7")?.request.content.title == "p7")
  }
}
