import Foundation
import PushDevice
import PushPayload
import Testing

/// A device left up for long keeps a window of its newest pushes (Rules.md §18.9); a scenario's
/// device, given no window, keeps everything.
@Suite struct HistoryWindowTests {
  typealias T = DeviceTesting

  /// A device that received `count` alerts `p1`…, a second apart, each in its own thread.
  static func device(pushes count: Int) -> Device {
    var device = T.device()
    for number in 1...count {
      device.advance(by: .seconds(1))
      device.receive(T.alert("n\(number)", thread: "t\(number)"), id: "p\(number)")
    }
    return device
  }

  @Test func keepsTheNewestPushesTheirEventsAndAsManyNotifications() throws {
    var device = Self.device(pushes: 10)
    let eventsBefore = device.events.count
    let forgotten = device.forgetHistory(keeping: HistoryWindow(pushes: 4))
    #expect(forgotten.pushes == 6)
    #expect(forgotten.pushIDs == (1...6).map { "p\($0)" })
    #expect(forgotten.notifications == 6)
    #expect(device.pushes.map(\.id) == ["p7", "p8", "p9", "p10"])
    #expect(device.center.flatMap(\.notifications) == ["p10", "p9", "p8", "p7"])
    #expect(device.push("p6") == nil)
    #expect(try #require(device.notification("p7")).request.content.body == "n7")
    // The events before the oldest kept push arrived are gone, counted by the log.
    #expect(device.events.forgotten == forgotten.events)
    #expect(device.events.count == eventsBefore - forgotten.events)
    #expect(device.events.events(for: "p6").isEmpty)
    #expect(device.kinds("p7").contains("delivered"))
    // Pushes go on as before, a forgotten id free again.
    device.receive(T.alert("again", thread: "t1"), id: "p1")
    #expect(device.status("p1") == .delivered)
    #expect(device.pushes.map(\.id) == ["p7", "p8", "p9", "p10", "p1"])
  }

  @Test func forgetsOnlyOnceTheWindowIsOutgrownByItsSlack() {
    var device = Self.device(pushes: 4)
    let forgotten = device.forgetHistory(keeping: HistoryWindow(pushes: 4))
    #expect(forgotten.isEmpty)
    #expect(device.pushes.count == 4)
    #expect(device.events.forgotten == 0)
  }

  @Test func keepsTheRecordsOfNotificationsStillShown() {
    var device = Self.device(pushes: 3)
    for number in 4...12 {
      // Background pushes: records without notifications.
      device.receive(T.background, headers: T.backgroundHeaders, id: "p\(number)")
    }
    let forgotten = device.forgetHistory(keeping: HistoryWindow(pushes: 4))
    // p1–p3 are still in Notification Center (3 of at most 4): their records stay.
    #expect(forgotten.notifications == 0)
    #expect(device.pushes.map(\.id) == ["p1", "p2", "p3", "p9", "p10", "p11", "p12"])
    #expect(forgotten.pushIDs == (4...8).map { "p\($0)" })
  }
}
