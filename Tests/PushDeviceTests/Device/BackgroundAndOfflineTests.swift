import Foundation
import PushDevice
import PushPayload
import Testing

/// Rules.md §6: background pushes and delivery while offline.
@Suite struct BackgroundAndOfflineTests {
  typealias T = DeviceTesting

  @Test func aBackgroundPushWakesTheAppAndShowsNothing() async {
    var device = T.device(app: T.app(state: .notRunning))
    device.receive(T.background, headers: T.backgroundHeaders, id: "s1")
    #expect(device.status("s1") == .silent)
    #expect(device.center.isEmpty)
    #expect(device.appStatus.backgroundWakes == 1)
    #expect(device.appStatus.state == .background)  // launched into the background
  }

  @Test func aBackgroundPushNeedsTheRemoteNotificationMode() async {
    var app = T.app()
    app.backgroundModes = []
    var device = T.device(app: app)
    device.receive(T.background, headers: T.backgroundHeaders, id: "s1")
    #expect(device.status("s1") == .discarded)
    #expect(device.appStatus.backgroundWakes == 0)
  }

  @Test func aForceQuitAppNeverGetsIt() async {
    var device = T.device(app: T.app(state: .forceQuit))
    device.receive(T.background, headers: T.backgroundHeaders, id: "s1")
    #expect(device.status("s1") == .discarded)
    #expect(device.events.events(for: "s1").last?.source == .device)
  }

  @Test func theForegroundAppAlwaysGetsItBeyondTheBudget() async {
    var device = T.device(app: T.app(state: .foreground))
    for index in 1...5 {
      device.receive(T.background, headers: T.backgroundHeaders, id: "s\(index)")
    }
    #expect(device.pushes.allSatisfy { $0.status == .silent })
    #expect(device.appStatus.remoteNotifications == 5)
    #expect(device.appStatus.backgroundWakes == 0)
  }

  @Test func theBudgetIsThreePerRollingHourByDefault() async {
    var device = T.device()
    for index in 1...4 {
      device.receive(T.background, headers: T.backgroundHeaders, id: "s\(index)")
      device.advance(by: .seconds(600))
    }
    #expect(device.pushes.map(\.status) == [.silent, .silent, .silent, .throttled])
    #expect(device.events.events(for: "s4").last?.source == .model)
    // 40 min have passed; at 60 min after s1 its slot frees.
    device.advance(by: .seconds(1200))
    device.receive(T.background, headers: T.backgroundHeaders, id: "s5")
    #expect(device.status("s5") == .silent)
    device.receive(T.background, headers: T.backgroundHeaders, id: "s6")
    #expect(device.status("s6") == .throttled)
  }

  @Test func theBudgetIsADeviceSetting() async {
    var device = Device(
      configuration: DeviceConfiguration(silentPushBudgetPerHour: 1), app: T.app())
    device.receive(T.background, headers: T.backgroundHeaders, id: "s1")
    device.receive(T.background, headers: T.backgroundHeaders, id: "s2")
    #expect(device.pushes.map(\.status) == [.silent, .throttled])
  }

  @Test func aPushWithAnAlertAndContentAvailableIsShownAndWakes() async {
    var device = T.device()
    let payload: JSONValue = ["aps": ["alert": "Synced", "content-available": 1]]
    device.receive(payload, id: "m1")
    #expect(device.status("m1") == .delivered)
    #expect(device.appStatus.backgroundWakes == 1)
    #expect(device.kinds("m1").contains("wake"))
  }

  @Test func offlineAPNsKeepsOnlyTheNewestPushPerApp() async {
    var device = T.device(online: false)
    device.receive(T.alert("first"), id: "p1")
    device.receive(T.alert("second"), id: "p2")
    #expect(device.status("p1") == .coalesced)
    #expect(device.status("p2") == .stored)
    #expect(device.center.isEmpty)

    var configuration = device.configuration
    configuration.online = true
    device.setDevice(configuration)
    #expect(device.status("p2") == .delivered)
    #expect(device.status("p1") == .coalesced)
    #expect(device.center.map(\.notifications) == [["p2"]])
  }

  @Test func expirationZeroIsNotStored() async {
    var device = T.device(online: false)
    device.receive(T.alert("now or never"), headers: PushHeaders(expiration: "0"), id: "p1")
    #expect(device.status("p1") == .expired)
    var configuration = device.configuration
    configuration.online = true
    device.setDevice(configuration)
    #expect(device.status("p1") == .expired)
    #expect(device.center.isEmpty)
  }

  @Test func aStoredPushExpiresAtItsExpiration() async {
    var device = T.device(online: false)
    let expiration = Int(DeviceConfiguration.defaultStart.timeIntervalSince1970) + 3600
    device.receive(
      T.alert("soon"), headers: PushHeaders(expiration: String(expiration)), id: "p1")
    #expect(device.status("p1") == .stored)
    device.advance(by: .seconds(3599))
    #expect(device.status("p1") == .stored)
    device.advance(by: .seconds(1))
    #expect(device.status("p1") == .expired)
    var configuration = device.configuration
    configuration.online = true
    device.setDevice(configuration)
    #expect(device.center.isEmpty)
  }

  @Test func storageLastsAtMostThirtyDays() async {
    var device = T.device(online: false)
    device.receive(T.alert("someday"), id: "p1")
    device.advance(by: .seconds(30 * 86_400 - 1))
    #expect(device.status("p1") == .stored)
    device.advance(by: .seconds(1))
    #expect(device.status("p1") == .expired)
  }

  @Test func aBackgroundPushStoredWhileOfflineIsHandledOnDelivery() async {
    var device = T.device(online: false)
    device.receive(T.background, headers: T.backgroundHeaders, id: "s1")
    #expect(device.status("s1") == .stored)
    var configuration = device.configuration
    configuration.online = true
    device.setDevice(configuration)
    #expect(device.status("s1") == .silent)
  }
}
