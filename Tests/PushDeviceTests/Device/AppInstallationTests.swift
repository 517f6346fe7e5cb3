import Foundation
import PushCore
import PushDevice
import PushPayload
import Testing

/// Removing and reinstalling the app (scenario steps `removeApp` and `installApp`, Rules.md
/// §15.1).
@Suite struct AppInstallationTests {
  static let alert = PushHeaders(pushType: "alert", topic: "com.example.app")

  static func device(online: Bool = true) -> Device {
    var app = AppConfiguration(bundleId: "com.example.app", state: .background)
    app.entitlements.insert(.apsEnvironment)
    return Device(configuration: DeviceConfiguration(online: online), app: app)
  }

  static func milliseconds(_ date: Date) -> Int {
    Int((date.timeIntervalSince1970 * 1000).rounded(.down))
  }

  @Test func removingTheAppEmptiesWhatItShowedAndAPNsAnswers410WithTheRemovalTime() {
    var device = Self.device()
    device.receive(
      ["aps": ["alert": "Hi", "badge": 3]], headers: Self.alert, id: "m1")
    #expect(device.center.count == 1)
    device.advance(by: .seconds(90))
    let removal = device.now
    let removed = device.removeApp()
    #expect(removed)
    #expect(!device.isAppInstalled)
    #expect(device.center.isEmpty)
    #expect(device.badge == 0)
    #expect(device.push("m1")?.status == .removed)
    #expect(device.appState == .notRunning)
    let removedAgain = device.removeApp()
    #expect(!removedAgain)
    device.advance(by: .seconds(30))
    device.receive(["aps": ["alert": "Late"]], headers: Self.alert, id: "late")
    let late = device.push("late")
    #expect(late?.httpStatus == 410)
    #expect(late?.reason == "Unregistered")
    #expect(late?.unregisteredAt == removal)
    let rejected = device.events.events(ofKind: .rejected).last
    #expect(
      rejected?.details["timestamp"] == JSONValue(.number(JSONNumber(Self.milliseconds(removal)))))
    #expect(device.notification("late") == nil)
  }

  @Test func removedWhileOfflineAPNsLearnsAtTheNextContactAndDropsWhatItStored() {
    var device = Self.device(online: false)
    device.removeApp()
    device.receive(["aps": ["alert": "Meanwhile"]], headers: Self.alert, id: "stored")
    #expect(device.push("stored")?.status == .stored)
    device.advance(by: .seconds(300))
    let contact = device.now
    var online = device.configuration
    online.online = true
    device.setDevice(online)
    #expect(device.push("stored")?.status == .discarded)
    let discarded = device.events.events(ofKind: .discarded).last
    #expect(discarded?.details["code"] == "app-removed")
    device.receive(["aps": ["alert": "Late"]], headers: Self.alert, id: "late")
    #expect(device.push("late")?.httpStatus == 410)
    #expect(device.push("late")?.unregisteredAt == contact)
    #expect(device.events.events(ofKind: .appRemoved).map(\.source) == [.device, .apns])
  }

  @Test func reinstallingGivesAFreshInstallWithANewDeviceToken() {
    var device = Self.device()
    let first = try? device.registerForRemoteNotifications().get()
    let installedWhileInstalled = device.installApp()
    #expect(!installedWhileInstalled)
    device.removeApp()
    let reinstalled = device.installApp()
    #expect(reinstalled)
    #expect(device.isAppInstalled)
    #expect(device.app.authorization.status == .notDetermined)
    #expect(!device.isRegisteredForRemoteNotifications)
    // Not registered yet: the new install has no device token.
    device.receive(["aps": ["alert": "Early"]], headers: Self.alert, id: "early", to: .device)
    #expect(device.push("early")?.reason == "BadDeviceToken")
    let second = try? device.registerForRemoteNotifications().get()
    #expect(second != nil)
    #expect(first != second)
    device.receive(["aps": ["alert": "New"]], headers: Self.alert, id: "new", to: .device)
    // Accepted (the new token is registered), but not authorized yet: shown nowhere.
    #expect(device.push("new")?.httpStatus == 200)
    #expect(device.push("new")?.status == .suppressed)
    #expect(device.center.isEmpty)
    // The old token stays unregistered, with the removal's time.
    device.receive(
      ["aps": ["alert": "Old"]], headers: Self.alert, id: "old", to: .token(first ?? ""))
    #expect(device.push("old")?.httpStatus == 410)
    #expect(device.push("old")?.unregisteredAt != nil)
    #expect(device.events.events(ofKind: .appInstalled).count == 1)
  }

  @Test func reinstalledWhileOfflineTheOldTokenIsUnregisteredOnceOnline() {
    var device = Self.device(online: false)
    let old = try? device.registerForRemoteNotifications().get()
    device.removeApp()
    device.installApp()
    var online = device.configuration
    online.online = true
    device.setDevice(online)
    device.receive(
      ["aps": ["alert": "Old"]], headers: Self.alert, id: "old", to: .token(old ?? ""))
    #expect(device.push("old")?.httpStatus == 410)
    #expect(device.push("old")?.unregisteredAt == device.now)
  }

  @Test func removingTheAppEndsItsLiveActivities() {
    var device = Self.device()
    device.setApp(
      {
        var app = device.app
        app.state = .foreground
        app.liveActivities.types = [
          ActivityTypeDeclaration(name: "DeliveryAttributes")
        ]
        return app
      }())
    _ = device.startActivity(ActivityRequest(id: "a1", type: "DeliveryAttributes"))
    #expect(device.lockScreenActivities.map(\.id) == ["a1"])
    device.removeApp()
    #expect(device.lockScreenActivities.isEmpty)
  }
}
