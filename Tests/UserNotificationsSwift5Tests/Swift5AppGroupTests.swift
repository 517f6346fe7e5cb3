import Foundation
import PushDevice
import PushPayload
import PushSimAppHost
import Testing
import UserNotifications

/// A Swift 5 extension as Xcode's template grows one: it keeps the unread count in the app
/// group's defaults and the message in the group's container.
class Swift5UnreadService: UNNotificationServiceExtension {
  static let group = "group.com.example.chat"

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
  ) {
    let defaults = UserDefaults(suiteName: Swift5UnreadService.group)
    let unread = defaults?.integer(forKey: "unread") ?? 0
    defaults?.set(unread + 1, forKey: "unread")
    if let folder = FileManager.default.containerURL(
      forSecurityApplicationGroupIdentifier: Swift5UnreadService.group)
    {
      try? request.content.body.write(
        to: folder.appendingPathComponent("last.txt"), atomically: true, encoding: .utf8)
    }
    contentHandler(request.content)
  }
}

/// Shows the group's unread count as the badge on a background push.
final class Swift5UnreadBadge: NSObject, UIApplicationDelegate {
  var lastMessage: String?

  func application(
    _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
  ) {
    let defaults = UserDefaults(suiteName: "group.com.example.chat")
    application.applicationIconBadgeNumber = defaults?.integer(forKey: "unread") ?? 0
    if let folder = FileManager.default.containerURL(
      forSecurityApplicationGroupIdentifier: "group.com.example.chat")
    {
      lastMessage = try? String(
        contentsOf: folder.appendingPathComponent("last.txt"), encoding: .utf8)
    }
    completionHandler(.newData)
  }
}

@Suite("App groups from Swift 5 app code")
struct Swift5AppGroupTests {
  @Test("the extension's count and file reach the app's handler")
  func countsThroughTheGroup() async throws {
    var app = AppConfiguration(
      bundleId: "com.example.chat", backgroundModes: [.remoteNotification],
      serviceExtension: ServiceExtensionConfiguration(kind: .app))
    app.appGroups = ["group.com.example.chat"]
    let handler = Swift5UnreadBadge()
    let host = DeviceHost(
      app: app, code: .app(serviceExtension: { Swift5UnreadService() }, application: handler))
    let alert = PushHeaders(pushType: "alert", topic: "com.example.chat")
    for body in ["One", "Two"] {
      await host.receive(
        json: #"{"aps":{"alert":{"body":"\#(body)"},"mutable-content":1}}"#, headers: alert)
    }
    await host.receive(
      json: #"{"aps":{"content-available":1}}"#,
      headers: PushHeaders(pushType: "background", priority: "5", topic: "com.example.chat"))
    #expect(await host.device.badge == 2)
    #expect(handler.lastMessage == "Two")
  }
}
