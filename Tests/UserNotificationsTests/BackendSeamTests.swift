import Foundation
import Testing

@testable import UserNotifications

/// A backend as a device would write one: it records every call in order.
private actor RecordingBackend: UserNotificationCenterBackend {
  private(set) var calls: [String] = []
  nonisolated func now() -> Date { startOfScenario }
  nonisolated var supportsContentExtensions: Bool { false }
  func requestAuthorization(options: UNAuthorizationOptions) async throws -> Bool {
    calls.append("requestAuthorization(\(options.rawValue))")
    return true
  }
  func notificationSettings() async -> UNNotificationSettings {
    calls.append("notificationSettings")
    return UNNotificationSettings(status: .authorized, granted: [.alert])
  }
  func setNotificationCategories(_ categories: Set<UNNotificationCategory>) async {
    calls.append("setNotificationCategories(\(categories.map(\.identifier).sorted()))")
  }
  func notificationCategories() async -> Set<UNNotificationCategory> {
    calls.append("notificationCategories")
    return []
  }
  func add(_ request: UNNotificationRequest) async throws {
    calls.append("add(\(request.identifier))")
    if request.identifier == "refused" { throw UNError(.notificationsNotAllowed) }
  }
  func pendingNotificationRequests() async -> [UNNotificationRequest] {
    calls.append("pendingNotificationRequests")
    return []
  }
  func removePendingNotificationRequests(withIdentifiers identifiers: [String]) async {
    calls.append("removePending(\(identifiers))")
  }
  func removeAllPendingNotificationRequests() async { calls.append("removeAllPending") }
  func deliveredNotifications() async -> [UNNotification] {
    calls.append("deliveredNotifications")
    return []
  }
  func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async {
    calls.append("removeDelivered(\(identifiers))")
  }
  func removeAllDeliveredNotifications() async { calls.append("removeAllDelivered") }
  func setBadgeCount(_ newBadgeCount: Int) async throws {
    calls.append("setBadgeCount(\(newBadgeCount))")
  }
}

@Suite("The backend seam")
struct BackendSeamTests {
  @Test("app calls reach a bound backend in the order made, fire-and-forget ones included")
  func orderedCalls() async throws {
    let backend = RecordingBackend()
    let center = UNUserNotificationCenter(backend: backend)
    try await UNUserNotificationCenter.withCurrent(center) {
      let current = UNUserNotificationCenter.current()
      current.setNotificationCategories([
        UNNotificationCategory(identifier: "message", actions: [], intentIdentifiers: [])
      ])
      current.add(request("a"), withCompletionHandler: nil)
      current.removeDeliveredNotifications(withIdentifiers: ["old"])
      current.removeAllPendingNotificationRequests()
      current.setBadgeCount(3, withCompletionHandler: nil)
      _ = try await current.requestAuthorization(options: [.alert])
      current.removePendingNotificationRequests(withIdentifiers: ["p"])
      current.removeAllDeliveredNotifications()
      _ = await current.notificationSettings()
    }
    await center.drain()
    #expect(
      await backend.calls == [
        "setNotificationCategories([\"message\"])", "add(a)", "removeDelivered([\"old\"])",
        "removeAllPending", "setBadgeCount(3)", "requestAuthorization(4)",
        "removePending([\"p\"])", "removeAllDelivered", "notificationSettings",
      ])
    #expect(!center.supportsContentExtensions)
  }

  @Test("a backend's error reaches both forms of add")
  func errors() async {
    let center = UNUserNotificationCenter(backend: RecordingBackend())
    await #expect(throws: UNError(.notificationsNotAllowed)) {
      try await center.add(request("refused"))
    }
    let code = await awaitHandler { (done: @escaping @Sendable (Int?) -> Void) in
      center.add(request("refused")) { done(($0 as NSError?)?.code) }
    }
    #expect(code == 1)
  }

  @Test("time-based triggers read the bound backend's clock")
  func clock() {
    let center = UNUserNotificationCenter(backend: RecordingBackend())
    let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)
    let next = UNUserNotificationCenter.withCurrent(center) { trigger.nextTriggerDate() }
    #expect(next == startOfScenario.addingTimeInterval(60))
  }
}
