import Foundation
import PushDevice
import Testing
import UserNotifications

@testable import PushSimAppHost

@Suite("UNUserNotificationCenter over a simulated device")
struct DeviceCenterBackendTests {
  /// A device whose app has never asked for permission, and its center.
  func makeCenter(userAllows: Bool = true) -> (DeviceHost, UNUserNotificationCenter) {
    let host = DeviceHost(
      configuration: DeviceConfiguration(userAllowsNotifications: userAllows),
      app: AppConfiguration(
        bundleId: "com.example.chat",
        authorization: NotificationAuthorization(status: .notDetermined, options: [])))
    return (host, UNUserNotificationCenter(backend: DeviceCenterBackend(host: host)))
  }

  @Test("the prompt shows once and is answered as the device's user is set to answer")
  func authorizationOnce() async throws {
    let (host, center) = makeCenter(userAllows: false)
    #expect(try await center.requestAuthorization(options: [.alert, .sound]) == false)
    #expect(try await center.requestAuthorization(options: [.alert]) == false)
    #expect(await center.notificationSettings().authorizationStatus == .denied)
    let prompts = await host.read { $0.events.events(ofKind: .authorizationRequested) }
    #expect(prompts.count == 2)
    #expect(prompts.filter { $0.reason.contains("Don't Allow") }.count == 1)
    await #expect(throws: UNError.self) {
      try await center.add(
        UNNotificationRequest(
          identifier: "r", content: UNMutableNotificationContent(), trigger: nil))
    }
  }

  @Test("settings, categories, pending requests with their triggers, and the badge")
  func centerState() async throws {
    let (host, center) = makeCenter()
    #expect(try await center.requestAuthorization(options: [.alert, .badge]))
    let settings = await center.notificationSettings()
    #expect(settings.authorizationStatus == .authorized)
    #expect(settings.alertSetting == .enabled)
    #expect(settings.soundSetting == .disabled)

    let reply = UNTextInputNotificationAction(
      identifier: "reply", title: "Reply", options: [], textInputButtonTitle: "Send",
      textInputPlaceholder: "")
    center.setNotificationCategories([
      UNNotificationCategory(
        identifier: "message", actions: [reply], intentIdentifiers: [],
        options: [.customDismissAction])
    ])
    let categories = await center.notificationCategories()
    #expect(categories.map(\.identifier) == ["message"])
    #expect(await host.read { $0.app.categories.first?.actions.first?.textInput != nil })

    let content = UNMutableNotificationContent()
    content.title = "Stand-up"
    var nine = DateComponents()
    nine.hour = 9
    nine.minute = 30
    try await center.add(
      UNNotificationRequest(
        identifier: "daily", content: content,
        trigger: UNCalendarNotificationTrigger(dateMatching: nine, repeats: true)))
    try await center.add(
      UNNotificationRequest(
        identifier: "soon", content: content,
        trigger: UNTimeIntervalNotificationTrigger(timeInterval: 120, repeats: false)))
    let pending = await center.pendingNotificationRequests()
    #expect(pending.map(\.identifier) == ["soon", "daily"])
    let calendar = try #require(pending.last?.trigger as? UNCalendarNotificationTrigger)
    #expect(calendar.repeats && calendar.dateComponents.hour == 9)
    center.removePendingNotificationRequests(withIdentifiers: ["soon"])
    #expect(await center.pendingNotificationRequests().map(\.identifier) == ["daily"])

    try await center.setBadgeCount(3)
    #expect(await host.read(\.badge) == 3)
  }

  @Test("delivered notifications are the device's, and removing them empties its center")
  func delivered() async throws {
    let (host, center) = makeCenter()
    _ = try await center.requestAuthorization(options: [.alert])
    await host.receive(["aps": ["alert": "Hi", "thread-id": "t1"]], id: "m1")
    let delivered = await center.deliveredNotifications()
    #expect(delivered.map(\.request.content.body) == ["Hi"])
    #expect(delivered.first?.request.content.threadIdentifier == "t1")
    center.removeAllDeliveredNotifications()
    #expect(await center.deliveredNotifications().isEmpty)
    #expect(await host.read { $0.push("m1")?.status } == .removed)
  }
}
