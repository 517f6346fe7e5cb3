import Foundation
import PushDevice
import PushPayload
import Testing

/// What the app's code does with its notification center on the device (Behavior.md §7.3,
/// §7.6): permission, local notifications, removing delivered ones, the badge.
@Suite struct AppCenterTests {
  static func request(_ identifier: String, title: String = "Reminder") -> NotificationRequest {
    NotificationRequest(
      identifier: identifier, content: NotificationContent(title: title, body: "Stand up"),
      date: DeviceConfiguration.defaultStart)
  }

  @Test func thePermissionPromptShowsOnceAndFollowsTheUser() {
    var device = Device(
      configuration: DeviceConfiguration(userAllowsNotifications: false),
      app: AppConfiguration(authorization: NotificationAuthorization(status: .notDetermined)))
    #expect(device.requestAuthorization([.alert, .sound]) == false)
    #expect(device.app.authorization.status == .denied)
    var allows = Device(
      app: AppConfiguration(authorization: NotificationAuthorization(status: .notDetermined)))
    #expect(allows.requestAuthorization([.alert]) == true)
    #expect(allows.requestAuthorization([.alert]) == true)
    let asked = allows.events.events(ofKind: .authorizationRequested).map(\.reason)
    #expect(asked.count == 2)
    #expect(asked[0].contains("taps Allow"))
    #expect(asked[1].contains("no prompt"))
  }

  @Test func aLocalNotificationFiresOnTheVirtualClockThroughPresentation() throws {
    var device = Device(configuration: DeviceConfiguration(locked: false))
    try device.addLocalNotification(Self.request("r1"), trigger: .timeInterval(600, repeats: false))
    #expect(device.pendingLocalNotifications.map(\.request.identifier) == ["r1"])
    device.advance(by: .seconds(599))
    #expect(device.center.isEmpty)
    device.advance(by: .seconds(1))
    #expect(device.pendingLocalNotifications.isEmpty)
    #expect(device.notification("local-1")?.title == "Reminder")
    #expect(device.notification("local-1")?.presentation.banner == true)
    #expect(!device.kinds("local-1").contains("extension.started"))
  }

  @Test func aRepeatingTriggerStaysPendingAndTheSameIdentifierReplaces() throws {
    var device = Device()
    try device.addLocalNotification(Self.request("r1"), trigger: .timeInterval(60, repeats: true))
    try device.addLocalNotification(
      Self.request("r1", title: "Again"), trigger: .timeInterval(60, repeats: true))
    #expect(device.pendingLocalNotifications.count == 1)
    device.advance(by: .seconds(180))
    #expect(device.pendingLocalNotifications.count == 1)
    // Three firings, one identifier: the center keeps the newest.
    #expect(device.deliveredNotifications.map(\.push) == ["local-3"])
    #expect(device.notification("local-3")?.title == "Again")
  }

  /// Issue 36: a reminder every minute over a hundred virtual years grew past 4.6 GB, each
  /// firing keeping its record, its notification and its events. Past the first
  /// `loggedLocalFirings`, a firing is counted, not logged, and takes over the record of the
  /// one before it replaced (Rules.md §9.9): the log and the records stop growing.
  @Test func aRepeatingLocalNotificationKeepsNothingOfTheFiringsItReplaced() throws {
    func play(minutes: Int) throws -> Device {
      var device = Device(configuration: DeviceConfiguration(locked: false))
      try device.addLocalNotification(Self.request("r1"), trigger: .timeInterval(60, repeats: true))
      device.advance(by: .seconds(60 * minutes))
      return device
    }
    let logged = Device.loggedLocalFirings
    let shorter = try play(minutes: logged + 50)
    let longer = try play(minutes: logged + 2_000)
    #expect(longer.events.count == shorter.events.count)
    #expect(longer.pushIDs.count == shorter.pushIDs.count)
    #expect(longer.pushIDs.count == logged + 1)
    // The newest firing is in Notification Center, with its record; the one it replaced is gone.
    let newest = "local-\(logged + 2_000)"
    #expect(longer.deliveredNotifications.map(\.push) == [newest])
    #expect(longer.status(newest) == .delivered)
    #expect(longer.notification(newest)?.title == "Reminder")
    #expect(longer.push("local-\(logged + 1_999)") == nil)
    // The first firings stay as they were logged, and one event says what follows.
    #expect(longer.status("local-1") == .replaced)
    #expect(longer.kinds("local-\(logged)").contains("presented"))
    let notice = longer.events.events(ofKind: .localFired).last
    #expect(notice?.reason.contains("counted, not logged") == true)
    #expect(longer.pendingLocalNotifications.first?.firings == logged + 2_000)
  }

  @Test func aCalendarTriggerFiresAtTheNextMatch() throws {
    var device = Device()
    var components = DateComponents()
    components.hour = 18
    components.minute = 30
    try device.addLocalNotification(
      Self.request("evening"), trigger: .calendar(components, repeats: false))
    let fire = try #require(device.pendingLocalNotifications.first?.fireDate)
    // 2026-01-01 09:00 UTC → 18:30 the same day.
    #expect(fire.timeIntervalSince(DeviceConfiguration.defaultStart) == 9.5 * 3600)
  }

  @Test func withoutPermissionLocalNotificationsAreRefused() {
    var device = Device(
      app: AppConfiguration(authorization: NotificationAuthorization(status: .denied)))
    #expect(throws: LocalNotificationError.notificationsNotAllowed) {
      try device.addLocalNotification(Self.request("r1"), trigger: .immediately)
    }
  }

  @Test func onlyTheSoonestSixtyFourStayPending() throws {
    var device = Device()
    for index in 0..<70 {
      try device.addLocalNotification(
        Self.request("r\(index)"),
        trigger: .timeInterval(TimeInterval(1000 - index), repeats: false))
    }
    let pending = device.pendingLocalNotifications.map(\.request.identifier)
    #expect(pending.count == 64)
    #expect(!pending.contains("r0"))  // the latest to fire
    #expect(pending.contains("r69"))
  }

  @Test func theAppRemovesDeliveredNotificationsReadElsewhere() {
    var device = Device()
    device.receive(["aps": ["alert": "one"]], headers: PushHeaders(collapseID: "msg-1"), id: "m1")
    device.receive(["aps": ["alert": "two"]], headers: PushHeaders(collapseID: "msg-2"), id: "m2")
    device.removeDeliveredNotifications(["msg-1", "unknown"])
    #expect(device.deliveredNotifications.map(\.push) == ["m2"])
    #expect(device.status("m1") == .removed)
    device.setBadgeCount(4)
    #expect(device.badge == 4)
  }
}
