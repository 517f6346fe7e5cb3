import Foundation
import PushDevice
import PushPayload
import PushSimAppHost
import Testing
import UserNotifications

/// An app delegate as a Swift 5 app target has it: no `Sendable`, plain stored properties.
final class Swift5AppDelegate: NSObject, UIApplicationDelegate {
  var token: Data?
  var failure: Error?
  var fetches = 0

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    UIApplication.shared.registerForRemoteNotifications()
    return true
  }

  func application(
    _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
  ) {
    token = deviceToken
  }

  func application(
    _ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error
  ) {
    failure = error
  }

  func application(
    _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
  ) {
    fetches += 1
    application.applicationIconBadgeNumber = 3
    completionHandler(.noData)
  }
}

@Suite("An app delegate in Swift 5 language mode")
struct Swift5AppDelegateTests {
  @Test("registers at launch, gets its token and handles a background push")
  func registersAndHandles() async throws {
    let delegate = Swift5AppDelegate()
    var app = AppConfiguration(
      bundleId: "com.example.chat", state: .background, backgroundModes: [.remoteNotification])
    app.entitlements.insert(.apsEnvironment)
    let host = DeviceHost(app: app, code: .app(application: delegate))
    await host.receive(
      bytes: Array(#"{"aps":{"content-available":1}}"#.utf8),
      headers: PushHeaders(pushType: "background", priority: "5", topic: "com.example.chat"),
      id: "sync", to: .device)
    let token = try #require(delegate.token)
    #expect(token.count == 32)
    #expect(delegate.failure == nil)
    #expect(delegate.fetches == 1)
    #expect(await host.device.badge == 3)
    #expect(await host.device.push("sync")?.status == .silent)
  }
}

@Suite("An extension written with import os.log")
struct Swift5OSLogSpellingTests {
  @Test("its os_log line reaches the device as an app.log event of the push")
  func osLogLineIsAnEvent() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("un-oslog-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = folder.appendingPathComponent("photo.jpg")
    try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]).write(to: image)
    let app = AppConfiguration(
      bundleId: "com.example.chat", serviceExtension: ServiceExtensionConfiguration(kind: .app))
    let host = DeviceHost(app: app, code: .app(serviceExtension: { ImageNotificationService() }))
    await host.receive(
      [
        "aps": ["alert": ["title": "Ana", "body": "Photo"], "mutable-content": 1],
        "image-url": JSONValue(.string(image.absoluteString)),
      ], id: "m1")
    let device = await host.device
    let line = try #require(device.events.events(ofKind: .appLog).first)
    #expect(line.reason == "ImageNotificationService: attaching photo.jpg")
    #expect(line.push == "m1")
    #expect(device.notification("m1")?.title == "Ana [modified]")
  }
}
