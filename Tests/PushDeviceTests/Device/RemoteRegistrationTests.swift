import PushCore
import PushDevice
import PushPayload
import Testing

/// Registering for remote notifications: the device token and what APNs answers for it
/// (Rules.md §15).
@Suite struct RemoteRegistrationTests {
  static let alert = PushHeaders(pushType: "alert", topic: "com.example.app")

  static func app(entitled: Bool = true) -> AppConfiguration {
    var app = AppConfiguration(bundleId: "com.example.app", state: .background)
    if entitled { app.entitlements.insert(.apsEnvironment) }
    return app
  }

  @Test func theDeviceTokenIs32BytesOfHexAndTheSameForTheSameApp() {
    let token = Device.deviceToken(bundleId: "com.example.app")
    #expect(token.count == 64)
    #expect(token.allSatisfy { $0.isHexDigit })
    #expect(token == Device.deviceToken(bundleId: "com.example.app"))
    #expect(token != Device.deviceToken(bundleId: "com.example.other"))
    #expect(PushAddress("device") == .device)
  }

  @Test func aPushToTheDeviceTokenNeedsARegistration() {
    var device = Device(app: Self.app())
    device.receive(["aps": ["alert": "Early"]], headers: Self.alert, id: "early", to: .device)
    #expect(device.push("early")?.reason == "BadDeviceToken")
    #expect(device.push("early")?.httpStatus == 400)
    let result = device.registerForRemoteNotifications()
    #expect(result == .success(device.deviceToken))
    #expect(device.isRegisteredForRemoteNotifications)
    #expect(
      device.events.events(ofKind: .appRegistered).first?.details["token"]?.stringValue
        == device.deviceToken)
    device.receive(["aps": ["alert": "Hi"]], headers: Self.alert, id: "named", to: .device)
    device.receive(
      ["aps": ["alert": "Hi"]], headers: Self.alert, id: "written",
      to: .token(device.deviceToken.uppercased()))
    device.receive(["aps": ["alert": "Hi"]], headers: Self.alert, id: "plain")
    #expect(device.push("named")?.status == .delivered)
    #expect(device.push("written")?.status == .delivered)
    #expect(device.push("plain")?.status == .delivered)
  }

  @Test func afterUnregisteringAPNsAnswersUnregistered() {
    var device = Device(app: Self.app())
    _ = device.registerForRemoteNotifications()
    device.unregisterForRemoteNotifications()
    #expect(!device.isRegisteredForRemoteNotifications)
    device.receive(["aps": ["alert": "Late"]], headers: Self.alert, id: "late", to: .device)
    #expect(device.push("late")?.reason == "Unregistered")
    #expect(device.push("late")?.httpStatus == 410)
    #expect(device.events.events(ofKind: .appUnregistered).count == 1)
    _ = device.registerForRemoteNotifications()
    device.receive(["aps": ["alert": "Again"]], headers: Self.alert, id: "again", to: .device)
    #expect(device.push("again")?.status == .delivered)
  }

  @Test func withoutTheApsEnvironmentEntitlementRegistrationFails() {
    var device = Device(app: Self.app(entitled: false))
    #expect(device.registerForRemoteNotifications() == .failure(.missingEntitlement))
    #expect(!device.isRegisteredForRemoteNotifications)
    #expect(device.events.events(ofKind: .appRegistrationFailed).count == 1)
    device.receive(["aps": ["alert": "Hi"]], headers: Self.alert, id: "p", to: .device)
    #expect(device.push("p")?.reason == "BadDeviceToken")
  }
}
