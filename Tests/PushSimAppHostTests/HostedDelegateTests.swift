import Foundation
import PushDevice
import PushPayload
import PushSimAppHost
import Testing
import UserNotifications

/// A delegate as apps write one: banners and sounds in the foreground; a reply action's text is
/// kept; a tap schedules a reminder with a local notification on `current()`.
final class ChatDelegate: NSObject, UNUserNotificationCenterDelegate {
  let replies = Recorded<String>()
  let actions = Recorded<String>()

  func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    withCompletionHandler completionHandler:
      @escaping @Sendable (UNNotificationPresentationOptions) -> Void
  ) {
    completionHandler([.banner, .sound])
  }

  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void
  ) {
    actions.append(response.actionIdentifier)
    if let reply = response as? UNTextInputNotificationResponse {
      replies.append(reply.userText)
    }
    if response.actionIdentifier == UNNotificationDefaultActionIdentifier {
      let content = UNMutableNotificationContent()
      content.title = "Reply to Ana?"
      let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)
      UNUserNotificationCenter.current().add(
        UNNotificationRequest(identifier: "reminder", content: content, trigger: trigger))
    }
    completionHandler()
  }
}

/// Background pushes say which conversation was read elsewhere; its notifications go.
final class ReadElsewhere: RemoteNotificationHandling {
  func application(
    _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
  ) {
    guard let read = userInfo["read"] as? String else {
      completionHandler(.noData)
      return
    }
    UNUserNotificationCenter.current().removeDeliveredNotifications(withIdentifiers: [read])
    completionHandler(.newData)
  }
}

/// Forgets to call its completion handler.
final class ForgetfulDelegate: NSObject, UNUserNotificationCenterDelegate {
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void
  ) {}
}

@Suite("The app's delegate and background handler on the device")
struct HostedDelegateTests {
  static let replyCategory = NotificationCategory(
    id: "message",
    actions: [NotificationAction(id: "reply", title: "Reply", textInput: .init(button: "Send"))])

  @Test("willPresent's options decide how a foreground notification shows")
  func willPresentOptions() async {
    let delegate = ChatDelegate()
    let host = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.chat", state: .foreground),
      code: .app(delegate: delegate))
    await host.receive(["aps": ["alert": "Hi", "sound": "default"]], id: "m1")
    let presentation = await host.device.notification("m1")?.presentation
    #expect(presentation?.banner == true)
    #expect(presentation?.sound == true)
    #expect(presentation?.list == false)
  }

  @Test("a text-input action reaches didReceive as UNTextInputNotificationResponse with the text")
  func textInput() async throws {
    let delegate = ChatDelegate()
    let host = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.chat", categories: [Self.replyCategory]),
      code: .app(delegate: delegate))
    await host.receive(["aps": ["alert": "Hi", "category": "message"]], id: "m1")
    try await host.tap("m1", action: "reply", text: "On my way")
    #expect(delegate.actions.all == ["reply"])
    #expect(delegate.replies.all == ["On my way"])
  }

  @Test("a dismiss reaches didReceive for a category with customDismissAction")
  func customDismiss() async throws {
    let delegate = ChatDelegate()
    let category = NotificationCategory(id: "message", options: [.customDismissAction])
    let host = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.chat", categories: [category]),
      code: .app(delegate: delegate))
    await host.receive(["aps": ["alert": "Hi", "category": "message"]], id: "m1")
    try await host.dismiss("m1")
    #expect(delegate.actions.all == [UNNotificationDismissActionIdentifier])
  }

  @Test("a completion handler never called is logged as not completed")
  func notCompleted() async throws {
    let host = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.chat"),
      code: .app(delegate: ForgetfulDelegate(), completionLimit: .milliseconds(50)))
    await host.receive(["aps": ["alert": "Hi"]], id: "m1")
    try await host.tap("m1")
    let logged = await host.read { $0.events.events(ofKind: .delegateDidReceive).last }
    #expect(logged?.reason.contains("did not call didReceive's completion handler") == true)
  }

  @Test("a local notification the delegate adds fires on the virtual clock")
  func localNotificationFromDelegate() async throws {
    let delegate = ChatDelegate()
    let host = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.chat"), code: .app(delegate: delegate))
    await host.receive(["aps": ["alert": "Hi"]], id: "m1")
    try await host.tap("m1")
    #expect(
      await host.read { $0.pendingLocalNotifications.map(\.request.identifier) } == ["reminder"])
    #expect(
      await host.read { $0.deliveredNotifications.contains { $0.request.identifier == "reminder" } }
        == false)
    await host.advance(by: .seconds(59))
    #expect(await host.read { $0.events.events(ofKind: .localFired).isEmpty })
    await host.advance(by: .seconds(1))
    let fired = await host.read { $0.events.events(ofKind: .localFired) }
    #expect(fired.count == 1)
    let push = try #require(fired.first?.push)
    // The tap opened the app: in the foreground, willPresent's banner shows the reminder.
    #expect(await host.read { $0.notification(push)?.title } == "Reply to Ana?")
    #expect(await host.read { $0.notification(push)?.presentation.banner } == true)
    #expect(await host.read { $0.pendingLocalNotifications.isEmpty })
  }

  @Test("two devices in parallel: each handler's current() is its own device's center")
  func parallelDevicesRemoveDelivered() async {
    func device(reading read: String) async -> [String] {
      let host = DeviceHost(
        app: AppConfiguration(bundleId: "com.example.chat", backgroundModes: [.remoteNotification]),
        code: .app(application: ReadElsewhere()))
      await host.receive(["aps": ["alert": "A"]], headers: PushHeaders(collapseID: "a"), id: "a")
      await host.receive(["aps": ["alert": "B"]], headers: PushHeaders(collapseID: "b"), id: "b")
      await host.receive(
        ["aps": ["content-available": 1], "read": JSONValue(.string(read))],
        headers: PushHeaders(pushType: "background", priority: "5"), id: "sync")
      return await host.read { $0.deliveredNotifications.map(\.request.identifier) }
    }
    async let first = device(reading: "a")
    async let second = device(reading: "b")
    let (left, right) = await (first, second)
    #expect(left == ["b"])
    #expect(right == ["a"])
  }
}
