import Foundation
import PushDevice
import PushPayload
import Testing

/// Rules.md §4: the notification center.
@Suite struct CenterTests {
  typealias T = DeviceTesting

  @Test func collapseIdReplacesAlertsAgainAndCountsAsNewest() async throws {
    var device = T.device()
    let collapse = PushHeaders(collapseID: "score")
    device.receive(T.alert("1-0", thread: "match"), headers: collapse, id: "s1")
    device.receive(T.alert("Other", thread: "news"), id: "n1")
    device.receive(T.alert("2-0", thread: "match"), headers: collapse, id: "s2")
    #expect(device.status("s1") == .replaced)
    #expect(device.status("s2") == .delivered)
    #expect(device.center.map(\.notifications) == [["s2"], ["n1"]])
    #expect(device.kinds("s1").contains("replaced"))
    let s2 = try #require(device.notification("s2"))
    #expect(s2.presentation.banner)
    #expect(s2.request.identifier == "score")
    #expect(device.centerCount == 2)
  }

  @Test func withoutCollapseIdEachPushIsItsOwnNotification() async {
    var device = T.device()
    device.receive(T.alert("a"), id: "a")
    device.receive(T.alert("a"), id: "b")
    #expect(device.centerCount == 2)
    #expect(device.push("a")?.requestIdentifier != device.push("b")?.requestIdentifier)
  }

  @Test func automaticGroupsByThreadWithEmptyThreadForNone() async {
    var device = T.device()
    device.receive(T.alert("1", thread: "t1"), id: "a")
    device.receive(T.alert("2"), id: "b")
    device.receive(T.alert("3", thread: "t1"), id: "c")
    device.receive(T.alert("4"), id: "d")
    let center = device.center
    #expect(center.map(\.thread) == ["", "t1"])
    #expect(center.map(\.notifications) == [["d", "b"], ["c", "a"]])
  }

  @Test func groupingIsAViewThatRegroupsOnChange() async {
    var device = T.device()
    device.receive(T.alert("1", thread: "t1"), id: "a")
    device.receive(T.alert("2", thread: "t2"), id: "b")
    device.receive(T.alert("3", thread: "t1"), id: "c")
    #expect(device.center.map(\.notifications) == [["c", "a"], ["b"]])

    var app = device.app
    app.settings.grouping = .byApp
    device.setApp(app)
    #expect(device.center.map(\.thread) == [""])
    #expect(device.center.map(\.notifications) == [["c", "b", "a"]])

    app.settings.grouping = .off
    device.setApp(app)
    #expect(device.center.map(\.notifications) == [["c"], ["b"], ["a"]])
    #expect(device.center.map(\.thread) == ["t1", "t2", "t1"])
    #expect(device.center.allSatisfy { $0.summary == nil })
  }

  @Test func groupsOrderByTheirNewestNotificationAndTiesKeepArrivalOrderLaterFirst() async {
    var device = T.device()
    device.receive(T.alert("1", thread: "t1"), id: "a")
    device.advance(by: .seconds(10))
    device.receive(T.alert("2", thread: "t2"), id: "b")
    device.advance(by: .seconds(10))
    device.receive(T.alert("3", thread: "t1"), id: "c")
    // Same instant: the later arrival comes first.
    device.receive(T.alert("4", thread: "t3"), id: "d")
    #expect(device.center.map(\.thread) == ["t3", "t1", "t2"])
    #expect(device.center.map(\.notifications) == [["d"], ["c", "a"], ["b"]])
  }

  @Test func removingTheNewestMovesAGroupBack() async throws {
    var device = T.device()
    device.receive(T.alert("1", thread: "t1"), id: "a")
    device.receive(T.alert("2", thread: "t2"), id: "b")
    device.receive(T.alert("3", thread: "t1"), id: "c")
    try device.dismiss("c")
    #expect(device.center.map(\.notifications) == [["b"], ["a"]])
  }

  @Test func relevanceScoreDoesNotReorderTheLiveCenter() async {
    var device = T.device()
    device.receive(T.alert("1", thread: "t", score: 1), id: "a")
    device.receive(T.alert("2", thread: "t", score: 0), id: "b")
    #expect(device.center.map(\.notifications) == [["b", "a"]])
  }

  @Test func summaryLineUsesTheCategoryFormatWithDistinctSummaryArguments() async {
    let category = NotificationCategory(id: "message", summaryFormat: "%u more messages from %@")
    var device = T.device(app: T.app(categories: [category]))
    device.receive(T.alert("1", thread: "t", category: "message", summaryArg: "Ana"), id: "a")
    #expect(device.center.first?.summary == nil)
    device.receive(T.alert("2", thread: "t", category: "message", summaryArg: "Ana"), id: "b")
    #expect(device.center.first?.summary == "1 more messages from Ana")
    device.receive(
      T.alert("3", thread: "t", category: "message", summaryArg: "Luis"), id: "c")
    #expect(device.center.first?.summary == "2 more messages from Luis, Ana")
  }

  @Test func summaryLineDefaultsToMoreNotifications() async {
    var device = T.device()
    for id in ["a", "b", "c"] { device.receive(T.alert(id, thread: "t"), id: id) }
    #expect(device.center.first?.summary == "2 more notifications")
  }

  @Test func scheduledSummaryHoldsPassiveAndActiveThenDeliversADigest() async throws {
    let summary = ScheduledSummaryConfiguration(
      times: T.times("08:00", "18:00"), apps: ["com.example.chat"])
    var device = T.device(summary: summary)
    // 09:00 now: the next delivery is 18:00.
    device.receive(T.alert("low", score: 0.2, badge: 3), id: "n1")
    device.receive(T.alert("high", score: 0.9), id: "n2")
    device.receive(T.alert("passive", level: "passive", score: 0.2), id: "n3")
    device.receive(T.alert("later low", score: 0.2), id: "n4")
    #expect(device.status("n1") == .held)
    #expect(device.centerCount == 0)
    #expect(device.badge == 0)
    #expect(device.notification("n1")?.presentation == Presentation.none)
    // Score first, then level (active above passive), then newest first.
    #expect(device.summary == ["n2", "n4", "n1", "n3"])

    device.advance(by: .seconds(8 * 3600 + 59 * 60))
    #expect(device.status("n1") == .held)
    device.advance(by: .seconds(60))
    #expect(device.status("n1") == .delivered)
    #expect(device.centerCount == 4)
    #expect(device.summary == ["n2", "n4", "n1", "n3"])
    #expect(device.lastSummaryDigest == ["n2", "n4", "n1", "n3"])
    #expect(device.notification("n2")?.presentation == Presentation.listOnly)
    #expect(device.badge == 3)
    let delivered = try #require(device.events.events(for: "n1").last { $0.kind == .delivered })
    #expect(delivered.time == DeviceConfiguration.defaultStart.addingTimeInterval(9 * 3600))
  }

  @Test func timeSensitiveWithTheEntitlementAndCriticalBypassTheSummary() async {
    let summary = ScheduledSummaryConfiguration(times: T.times("18:00"), apps: ["com.example.chat"])
    var device = T.device(
      summary: summary,
      app: T.app(
        authorization: NotificationAuthorization(options: [.alert, .sound, .badge, .criticalAlert]),
        entitlements: [.timeSensitive, .criticalAlerts]))
    device.receive(T.alert("now", level: "time-sensitive"), id: "ts")
    device.receive(T.alert("alarm", level: "critical"), id: "cr")
    device.receive(T.alert("later"), id: "ac")
    #expect(device.status("ts") == .delivered)
    #expect(device.status("cr") == .delivered)
    #expect(device.status("ac") == .held)
  }

  @Test func timeSensitiveWithoutTheEntitlementIsHeldAsActive() async {
    let summary = ScheduledSummaryConfiguration(times: T.times("18:00"), apps: ["com.example.chat"])
    var device = T.device(summary: summary)
    device.receive(T.alert("now", level: "time-sensitive"), id: "ts")
    #expect(device.status("ts") == .held)
    #expect(device.codes("ts").contains(.timeSensitiveEntitlementMissing))
  }

  @Test func nextDeliveryUsesTheDeviceTimeZone() throws {
    let zone = try #require(TimeZone(secondsFromGMT: 2 * 3600))
    let clock = DeviceTimeline(now: DeviceConfiguration.defaultStart, timeZone: zone)
    // 09:00Z is 11:00 local; the next 08:00 local is tomorrow 06:00Z.
    let next = clock.nextOccurrence(of: T.times("08:00"), after: clock.now)
    #expect(next == DeviceConfiguration.defaultStart.addingTimeInterval(21 * 3600))
    #expect(clock.nextOccurrence(of: [], after: clock.now) == nil)
  }

  @Test func turningTheSummaryOffDeliversWhatItHeld() async {
    let summary = ScheduledSummaryConfiguration(times: T.times("18:00"), apps: ["com.example.chat"])
    var device = T.device(summary: summary)
    device.receive(T.alert("later"), id: "a")
    var configuration = device.configuration
    configuration.scheduledSummary = nil
    device.setDevice(configuration)
    #expect(device.status("a") == .delivered)
    #expect(device.centerCount == 1)
  }

  @Test func clearRemovesEverythingAndTheAppIsNotTold() async {
    var device = T.device()
    device.receive(T.alert("1"), id: "a")
    device.receive(T.alert("2"), id: "b")
    device.clear()
    #expect(device.center.isEmpty)
    #expect(device.status("a") == .dismissed)
    #expect(device.appStatus.responses == 0)
    #expect(device.events.events(ofKind: .clear).count == 1)
  }
}
