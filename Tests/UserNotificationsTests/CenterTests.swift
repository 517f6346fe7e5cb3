import Foundation
import Testing

@testable import UserNotifications

@Suite("UNUserNotificationCenter")
struct CenterTests {
  @Test("authorization prompts once and answers as the user is set to answer")
  func authorizationOnce() async throws {
    let (center, backend) = makeCenter(allows: true)
    #expect(await center.notificationSettings().authorizationStatus == .notDetermined)
    #expect(try await center.requestAuthorization(options: [.alert, .sound]))
    #expect(try await center.requestAuthorization(options: [.alert, .badge]))
    #expect(await backend.authorizationPromptCount == 1)
    let settings = await center.notificationSettings()
    #expect(settings.authorizationStatus == .authorized)
    #expect(settings.alertSetting == .enabled && settings.soundSetting == .enabled)
    #expect(settings.badgeSetting == .disabled)
    #expect(settings.alertStyle == .banner)
  }

  @Test("a user who denies is asked once; later requests answer false without a prompt")
  func authorizationDenied() async throws {
    let (center, backend) = makeCenter(allows: false)
    let granted = await awaitHandler { (done: @escaping @Sendable (Bool) -> Void) in
      center.requestAuthorization(options: [.alert]) { granted, error in
        #expect(error == nil)
        done(granted)
      }
    }
    #expect(!granted)
    #expect(try await !center.requestAuthorization(options: [.alert]))
    #expect(await backend.authorizationPromptCount == 1)
    let settings = await awaitHandler { center.getNotificationSettings(completionHandler: $0) }
    #expect(settings.authorizationStatus == .denied)
    #expect(settings.alertSetting == .disabled)
  }

  @Test("provisional authorization is granted without a prompt and delivers quietly")
  func provisional() async throws {
    let (center, backend) = makeCenter(allows: false)
    #expect(try await center.requestAuthorization(options: [.alert, .provisional]))
    #expect(await backend.authorizationPromptCount == 0)
    let settings = await center.notificationSettings()
    #expect(settings.authorizationStatus == .provisional)
    #expect(settings.notificationCenterSetting == .enabled && settings.alertSetting == .disabled)
  }

  @Test("add fails with notificationsNotAllowed before the user allowed notifications")
  func addNotAllowed() async {
    let (center, _) = makeCenter()
    await #expect(throws: UNError(.notificationsNotAllowed)) {
      try await center.add(request("a"))
    }
    let error = await awaitHandler { (done: @escaping @Sendable (String?) -> Void) in
      center.add(request("a")) { error in done(error.map { "\(($0 as NSError).code)" }) }
    }
    #expect(error == "1")
  }

  @Test("a request with no trigger is delivered at once and replaces one with its identifier")
  func immediateDelivery() async throws {
    let (center, backend) = makeCenter()
    _ = try await center.requestAuthorization(options: [.alert, .badge])
    let content = UNMutableNotificationContent()
    content.title = "first"
    content.badge = NSNumber(value: 4)
    try await center.add(UNNotificationRequest(identifier: "n", content: content, trigger: nil))
    try await center.add(request("n", title: "second"))
    let delivered = await center.deliveredNotifications()
    #expect(delivered.map(\.request.content.title) == ["second"])
    #expect(delivered.first?.date == startOfScenario)
    #expect(await backend.badgeCount == 4)
    #expect(await center.pendingNotificationRequests().isEmpty)
  }

  @Test("pending requests are replaced by identifier, listed, and removed")
  func pending() async throws {
    let (center, _) = makeCenter()
    _ = try await center.requestAuthorization(options: [.alert])
    let inAnHour = UNTimeIntervalNotificationTrigger(timeInterval: 3600, repeats: false)
    try await center.add(request("a", title: "one", trigger: inAnHour))
    try await center.add(request("b", trigger: inAnHour))
    try await center.add(request("a", title: "two", trigger: inAnHour))
    let pending = await center.pendingNotificationRequests()
    #expect(pending.map(\.identifier) == ["b", "a"])
    #expect(pending.last?.content.title == "two")
    center.removePendingNotificationRequests(withIdentifiers: ["b"])
    let afterRemove = await awaitHandler {
      center.getPendingNotificationRequests(completionHandler: $0)
    }
    #expect(afterRemove.map(\.identifier) == ["a"])
    center.removeAllPendingNotificationRequests()
    #expect(await center.pendingNotificationRequests().isEmpty)
  }

  @Test("at most 64 requests stay pending: the soonest to fire")
  func pendingLimit() async throws {
    let (center, _) = makeCenter()
    _ = try await center.requestAuthorization(options: [.alert])
    for index in (1...70).reversed() {
      let trigger = UNTimeIntervalNotificationTrigger(
        timeInterval: Double(index) * 60, repeats: false)
      center.add(request("r\(index)", trigger: trigger), withCompletionHandler: nil)
    }
    let pending = await center.pendingNotificationRequests()
    #expect(pending.count == 64)
    #expect(Set(pending.map(\.identifier)) == Set((1...64).map { "r\($0)" }))
  }

  @Test("a calendar trigger no date matches fails with notificationInvalidNoDate")
  func invalidNoDate() async throws {
    let (center, _) = makeCenter()
    _ = try await center.requestAuthorization(options: [.alert])
    var components = DateComponents()
    components.month = 2
    components.day = 30
    let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: false)
    await #expect(throws: UNError(.notificationInvalidNoDate)) {
      try await center.add(request("x", trigger: trigger))
    }
  }

  @Test("due requests are delivered; repeating ones stay pending with their next date")
  func firing() async throws {
    let clock = TestClock(startOfScenario)
    let (center, backend) = makeCenter(now: { clock.now })
    _ = try await center.requestAuthorization(options: [.alert])
    try await center.add(
      request("once", trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)))
    try await center.add(
      request("every", trigger: UNTimeIntervalNotificationTrigger(timeInterval: 120, repeats: true))
    )
    clock.now = startOfScenario.addingTimeInterval(130)
    let fired = await backend.fireDueRequests()
    #expect(fired.map(\.request.identifier) == ["once", "every"])
    #expect(fired.map(\.date) == [60, 120].map { startOfScenario.addingTimeInterval($0) })
    #expect(await center.pendingNotificationRequests().map(\.identifier) == ["every"])
    #expect(await center.deliveredNotifications().count == 2)
  }

  @Test("delivered notifications are listed and removed; calls run in the order made")
  func delivered() async throws {
    let (center, _) = makeCenter()
    _ = try await center.requestAuthorization(options: [.alert])
    center.add(request("a"), withCompletionHandler: nil)
    center.add(request("b"), withCompletionHandler: nil)
    center.add(request("c"), withCompletionHandler: nil)
    center.removeDeliveredNotifications(withIdentifiers: ["b"])
    let remaining = await awaitHandler { center.getDeliveredNotifications(completionHandler: $0) }
    #expect(remaining.map(\.request.identifier) == ["a", "c"])
    center.removeAllDeliveredNotifications()
    #expect(await center.deliveredNotifications().isEmpty)
  }

  @Test("categories are stored and replaced as a set")
  func categories() async {
    let (center, _) = makeCenter()
    let message = UNNotificationCategory(identifier: "message", actions: [], intentIdentifiers: [])
    let invite = UNNotificationCategory(identifier: "invite", actions: [], intentIdentifiers: [])
    center.setNotificationCategories([message, invite])
    #expect(
      await center.notificationCategories().map(\.identifier).sorted() == ["invite", "message"])
    center.setNotificationCategories([invite])
    let categories = await awaitHandler { center.getNotificationCategories(completionHandler: $0) }
    #expect(categories.map(\.identifier) == ["invite"])
  }

  @Test("setBadgeCount sets the badge in both forms")
  func badge() async throws {
    let (center, backend) = makeCenter()
    try await center.setBadgeCount(7)
    #expect(await backend.badgeCount == 7)
    let error = await awaitHandler { (done: @escaping @Sendable (Bool) -> Void) in
      center.setBadgeCount(0) { done($0 == nil) }
    }
    #expect(error)
    #expect(await backend.badgeCount == 0)
    center.setBadgeCount(2, withCompletionHandler: nil)
    await center.drain()
    #expect(await backend.badgeCount == 2)
  }

  @Test("current() is the bound center, per task, also with several at once")
  func currentIsBoundPerTask() async throws {
    let centers = (0..<4).map { _ in makeCenter() }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, (center, _)) in centers.enumerated() {
        group.addTask {
          try await UNUserNotificationCenter.withCurrent(center) {
            #expect(UNUserNotificationCenter.current() === center)
            _ = try await UNUserNotificationCenter.current().requestAuthorization(options: [.alert])
            try await UNUserNotificationCenter.current().add(request("n\(index)"))
          }
        }
      }
      try await group.waitForAll()
    }
    for (index, (center, _)) in centers.enumerated() {
      #expect(await center.deliveredNotifications().map(\.request.identifier) == ["n\(index)"])
    }
    #expect(UNUserNotificationCenter.current() === UNUserNotificationCenter.standalone)
    #expect(UNUserNotificationCenter.current().supportsContentExtensions)
  }

  @Test("the delegate is held weakly, as Apple's")
  func weakDelegate() {
    let (center, _) = makeCenter()
    var delegate: NotificationDelegate? = NotificationDelegate()
    center.delegate = delegate
    #expect(center.delegate === delegate)
    delegate = nil
    #expect(center.delegate == nil)
  }

  @Test(
    "a completion handler that blocks holds up neither the center's later calls nor the others",
    .timeLimit(.minutes(1)))
  func blockingCompletionHandler() async throws {
    let (center, _) = makeCenter()
    let release = DispatchSemaphore(value: 0)
    defer { release.signal() }
    center.getNotificationSettings { _ in release.wait() }
    // The call behind it reaches the backend, and its handler runs too.
    let granted = await awaitHandler { (done: @escaping @Sendable (Bool) -> Void) in
      center.requestAuthorization(options: [.alert]) { granted, _ in done(granted) }
    }
    #expect(granted)
    #expect(await center.notificationSettings().authorizationStatus == .authorized)
  }
}

/// A clock a test moves by hand.
final class TestClock: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Date
  init(_ start: Date) { value = start }
  var now: Date {
    get { lock.withLock { value } }
    set { lock.withLock { value = newValue } }
  }
}
