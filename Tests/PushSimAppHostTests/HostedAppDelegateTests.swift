import Foundation
import PushDevice
import PushPayload
import PushSimAppHost
import Synchronization
import Testing
import UserNotifications

/// An app delegate as apps write it: registers at launch, sends its token on, handles
/// background pushes (and, for a push that says so, unregisters and sets the badge).
final class PushAppDelegate: NSObject, UIApplicationDelegate, @unchecked Sendable {
  let tokens = Recorded<Data>()
  let registeredWhenTold = Recorded<Bool>()
  let errors = Recorded<String>()
  let launches = Mutex(0)

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    launches.withLock { $0 += 1 }
    application.registerForRemoteNotifications()
    return true
  }

  func application(
    _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
  ) {
    tokens.append(deviceToken)
    registeredWhenTold.append(UIApplication.shared.isRegisteredForRemoteNotifications)
  }

  func application(
    _ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error
  ) {
    let error = error as NSError
    errors.append("\(error.domain) \(error.code): \(error.localizedDescription)")
  }

  func application(
    _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
  ) {
    if userInfo["unregister"] as? Bool == true {
      UIApplication.shared.unregisterForRemoteNotifications()
    }
    if let badge = userInfo["badge"] as? Int {
      application.applicationIconBadgeNumber = badge
    }
    completionHandler(.newData)
  }
}

/// An app delegate with only its launch: no background push handler.
final class LaunchOnlyDelegate: NSObject, UIApplicationDelegate, @unchecked Sendable {
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    UIApplication.shared.registerForRemoteNotifications()
    return true
  }
}

/// An app delegate that registers again from `didRegisterForRemoteNotificationsWithDeviceToken`
/// the first time it is told (as apps that re-register after sending the token do).
final class ReRegisteringDelegate: NSObject, UIApplicationDelegate, @unchecked Sendable {
  let tokens = Recorded<Data>()

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    application.registerForRemoteNotifications()
    return true
  }

  func application(
    _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
  ) {
    tokens.append(deviceToken)
    if tokens.all.count == 1 { application.registerForRemoteNotifications() }
  }
}

@Suite("The app delegate's registration for remote notifications on the device")
struct HostedAppDelegateTests {
  static let alert = PushHeaders(pushType: "alert", topic: "com.example.chat")
  static let background = PushHeaders(
    pushType: "background", priority: "5", topic: "com.example.chat")

  static func phone(
    _ delegate: any UIApplicationDelegate, entitled: Bool = true
  ) -> DeviceHost {
    var app = AppConfiguration(
      bundleId: "com.example.chat", state: .background, backgroundModes: [.remoteNotification])
    if entitled { app.entitlements.insert(.apsEnvironment) }
    return DeviceHost(app: app, code: .app(application: delegate))
  }

  static func text(_ json: String) -> [UInt8] { Array(json.utf8) }

  @Test("launch registers: the delegate gets the device token, and pushes to it arrive")
  func registersAtLaunch() async throws {
    let delegate = PushAppDelegate()
    let host = Self.phone(delegate)
    await host.receive(
      bytes: Self.text(#"{"aps":{"alert":"Hi"}}"#), headers: Self.alert, id: "hi", to: .device)
    #expect(delegate.launches.withLock { $0 } == 1)
    let token = try #require(delegate.tokens.all.first)
    #expect(token.count == 32)
    #expect(delegate.registeredWhenTold.all == [true])
    let hex = token.map { String(format: "%02x", $0) }.joined()
    let device = await host.device
    #expect(hex == device.deviceToken)
    #expect(device.events.events(ofKind: .appRegistered).count == 1)
    #expect(device.push("hi")?.status == .delivered)
    await host.receive(
      bytes: Self.text(#"{"aps":{"alert":"Again"}}"#), headers: Self.alert, id: "again",
      to: .token(hex))
    #expect(await host.device.push("again")?.status == .delivered)
    #expect(delegate.launches.withLock { $0 } == 1)
  }

  @Test("a background push reaches the app delegate; unregistering makes APNs answer 410")
  func unregisterFromBackgroundPush() async {
    let delegate = PushAppDelegate()
    let host = Self.phone(delegate)
    await host.receive(
      bytes: Self.text(#"{"aps":{"content-available":1},"unregister":true,"badge":7}"#),
      headers: Self.background, id: "sync")
    let device = await host.device
    #expect(
      device.events.events(ofKind: .remoteNotificationHandled).first?.details["result"]?
        .stringValue == "newData")
    #expect(device.events.events(ofKind: .appUnregistered).count == 1)
    #expect(device.badge == 7)
    await host.receive(
      bytes: Self.text(#"{"aps":{"alert":"Late"}}"#), headers: Self.alert, id: "late",
      to: .device)
    #expect(await host.device.push("late")?.reason == "Unregistered")
    #expect(await host.device.push("late")?.httpStatus == 410)
  }

  @Test("without aps-environment the delegate gets Apple's error")
  func failsWithoutEntitlement() async {
    let delegate = PushAppDelegate()
    let host = Self.phone(delegate, entitled: false)
    await host.receive(
      bytes: Self.text(#"{"aps":{"alert":"Hi"}}"#), headers: Self.alert, id: "hi", to: .device)
    #expect(delegate.tokens.all.isEmpty)
    #expect(
      delegate.errors.all == [
        "NSCocoaErrorDomain 3000: no valid “aps-environment” entitlement string found for "
          + "application"
      ])
    #expect(await host.device.push("hi")?.reason == "BadDeviceToken")
    #expect(await host.device.events.events(ofKind: .appRegistrationFailed).count == 1)
  }

  @Test("a delegate without didReceiveRemoteNotification is recorded as not implementing it")
  func noBackgroundHandler() async {
    let host = Self.phone(LaunchOnlyDelegate())
    await host.receive(
      bytes: Self.text(#"{"aps":{"content-available":1}}"#), headers: Self.background, id: "s")
    let device = await host.device
    #expect(device.events.events(ofKind: .appRegistered).count == 1)
    #expect(
      device.events.events(ofKind: .remoteNotificationHandled).first?.reason
        .contains("does not implement") == true)
  }

  /// The delegate's completion limit is 90 s: a nested registration that waited for the call
  /// that asked for it would hold the test past its time limit.
  @Test(
    "registering again from didRegister answers at once: the delegate is told again",
    .timeLimit(.minutes(1)))
  func registersAgainFromDidRegister() async {
    let delegate = ReRegisteringDelegate()
    var app = AppConfiguration(
      bundleId: "com.example.chat", state: .background, backgroundModes: [.remoteNotification])
    app.entitlements.insert(.apsEnvironment)
    let host = DeviceHost(
      app: app, code: .app(application: delegate, completionLimit: .seconds(90)))
    await host.receive(
      bytes: Self.text(#"{"aps":{"alert":"Hi"}}"#), headers: Self.alert, id: "hi", to: .device)
    let device = await host.device
    #expect(delegate.tokens.all.count == 2)
    #expect(Set(delegate.tokens.all).count == 1)
    #expect(device.events.events(ofKind: .appRegistered).count == 2)
    #expect(device.push("hi")?.status == .delivered)
  }

  @Test("pushes without to work as before, registered or not")
  func pushesWithoutAddress() async {
    let host = Self.phone(PushAppDelegate(), entitled: false)
    await host.receive(bytes: Self.text(#"{"aps":{"alert":"Hi"}}"#), headers: Self.alert, id: "p")
    #expect(await host.device.push("p")?.status == .delivered)
  }
}

@Suite("A scenario addressed to the device token, played with the app delegate")
struct RegistrationScenarioTests {
  static let scenario = #"""
    {
      "name": "The app registers at launch; a push to its device token arrives",
      "app": { "bundleId": "com.example.chat", "entitlements": ["aps-environment"],
               "backgroundModes": ["remote-notification"] },
      "steps": [
        { "push": { "id": "hi", "to": "device", "payload": { "aps": { "alert": "Hi" } } } },
        { "push": { "id": "bye", "to": "device", "headers": { "apns-push-type": "background",
                    "apns-priority": "5" },
                    "payload": { "aps": { "content-available": 1 }, "unregister": true } } },
        { "push": { "id": "late", "to": "device", "payload": { "aps": { "alert": "Late" } } } },
        { "push": { "id": "plain", "payload": { "aps": { "alert": "Plain" } } } },
        { "expect": {
            "push": { "hi": { "status": "delivered" },
                      "late": { "status": "rejected", "httpStatus": 410, "reason": "Unregistered" },
                      "plain": { "status": "delivered" } },
            "events": [ { "kind": "app.registered" }, { "kind": "app.unregistered" } ] } }
      ]
    }
    """#

  @Test("to device reaches the registered app, and APNs answers 410 after it unregistered")
  func playsTheScenario() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-registration-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(Self.scenario.utf8).write(to: folder.appendingPathComponent("register.json"))
    let delegate = PushAppDelegate()
    let result = try await ScenarioPlayer(code: .app(application: delegate))
      .play(file: "register.json", in: folder)
    #expect(result.failures.isEmpty, "\(result.failureText)")
    #expect(delegate.tokens.all.count == 1)
  }
}
