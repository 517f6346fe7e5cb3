import Foundation
import PushCore
import PushDevice
import PushPayload
import Testing

/// The push types that never show a notification go to their own receivers (Rules.md §14).
@Suite struct PushTypeReceiverTests {
  static func headers(_ type: String, _ suffix: String) -> PushHeaders {
    PushHeaders(pushType: type, topic: "com.example.app" + suffix)
  }

  @Test func anUnreportedVoIPPushTerminatesTheAppAndRepeatedFailuresStopDelivery() {
    var app = AppConfiguration(state: .background)
    app.pushTypes.reportsCalls = false
    app.pushTypes.voipFailureLimit = 2
    var device = Device(app: app)
    let voip = Self.headers("voip", ".voip")
    device.receive(["aps": ["alert": "Call"]], headers: voip, id: "v1")
    #expect(device.appState == .notRunning)
    #expect(device.push("v1")?.status == .discarded)
    device.receive(["caller": "x"], headers: voip, id: "v2")
    device.receive(["caller": "x"], headers: voip, id: "v3")
    #expect(device.events.events(ofKind: .voipTerminated).count == 2)
    #expect(
      device.events.events(for: "v3").last?.details["code"]?.stringValue
        == DiscardedCode.voipNotReported.rawValue)
    #expect(device.center.isEmpty)
  }

  /// What the docs drawing shows of a call: it rings from its report until the app ends it or
  /// until ``Device/callRingLimit`` passes unanswered (model).
  @Test func aReportedCallRingsUntilItEndsOrRingsOut() {
    var device = Device(app: AppConfiguration(state: .background))
    let voip = Self.headers("voip", ".voip")
    device.receive(["caller": "Ana", "hasVideo": true], headers: voip, id: "v1")
    let ringing = device.ringingCalls
    #expect(ringing.map(\.caller) == ["Ana"])
    #expect(ringing.first?.hasVideo == true)
    #expect(ringing.first?.push == "v1")
    #expect(ringing.first?.uuid == nil)
    #expect(ringing.first?.ringingSince == device.now)
    device.advance(by: .seconds(29))
    #expect(device.ringingCalls.count == 1)
    device.advance(by: .seconds(1))
    #expect(device.ringingCalls.isEmpty)
    // The app's own code ends its call: it stops ringing at once; a UUID it never reported
    // changes nothing.
    let uuid = UUID()
    #expect(device.reportIncomingCall(uuid: uuid, caller: "Bo", hasVideo: false) == nil)
    #expect(device.ringingCalls.map(\.uuid) == [uuid])
    device.reportCallEnded(uuid: UUID(), reason: 2)
    #expect(device.ringingCalls.count == 1)
    device.reportCallEnded(uuid: uuid, reason: 2)
    #expect(device.ringingCalls.isEmpty)
    #expect(device.events.events(ofKind: .callKitEnded).count == 1)
    // iOS terminating the app for an unreported push ends the calls it reported.
    device.receive(["caller": "Cy"], headers: voip, id: "v2")
    #expect(device.ringingCalls.map(\.caller) == ["Cy"])
    var settings = device.app
    settings.pushTypes.reportsCalls = false
    device.setApp(settings)
    device.receive(["caller": "Di"], headers: voip, id: "v3")
    #expect(device.appState == .notRunning)
    #expect(device.ringingCalls.isEmpty)
  }

  @Test(
    "a push type's topic is the app's bundle id with its suffix, exactly",
    arguments: [
      ("com.example.app", "com.other.app.voip"),  // another app's VoIP topic
      ("com.example.voip", "com.example.voip"),  // the bare bundle id of an app ending in .voip
      ("com.example.app", "com.example.app.push-type.liveactivity.voip"),
    ])
  func topicMustBeTheBundleIdWithTheSuffix(bundleId: String, topic: String) {
    var device = Device(app: AppConfiguration(bundleId: bundleId, state: .background))
    device.receive(
      ["caller": "x"], headers: PushHeaders(pushType: "voip", topic: topic), id: "v1")
    #expect(device.push("v1")?.status == .rejected)
    #expect(device.push("v1")?.reason.hasPrefix("DeviceTokenNotForTopic") == true)
    #expect(device.events.events(ofKind: .pushKitVoIP).isEmpty)
  }

  @Test func noOtherPushTypeEverPresentsAnAlert() {
    var device = Device(configuration: DeviceConfiguration(locked: false))
    let types: [(String, String)] = [
      ("voip", ".voip"), ("location", ".location-query"), ("pushtotalk", ".voip-ptt"),
      ("fileprovider", ".pushkit.fileprovider"), ("widgets", ".push-type.widgets"),
      ("controls", ".push-type.controls"), ("complication", ".complication"),
    ]
    for (type, suffix) in types {
      device.receive(
        ["aps": ["alert": "Visible?", "badge": 3, "sound": "default"]],
        headers: Self.headers(type, suffix), id: type)
      #expect(device.push(type)?.status != .delivered, "\(type)")
      #expect(device.notification(type) == nil, "\(type)")
    }
    #expect(device.center.isEmpty)
    #expect(device.badge == 0)
  }

  @Test func widgetPushesNeedIOS26() {
    var configuration = DeviceConfiguration()
    configuration.iosVersion = IOSVersion(18)
    var device = Device(configuration: configuration)
    let headers = Self.headers("widgets", ".push-type.widgets")
    device.receive(["aps": ["content-changed": true]], headers: headers, id: "w18")
    configuration.iosVersion = IOSVersion(26)
    device.setDevice(configuration)
    device.receive(["aps": ["content-changed": true]], headers: headers, id: "w26")
    #expect(device.push("w18")?.status == .discarded)
    #expect(device.events.events(ofKind: .widgetsReload).map(\.push) == ["w26"])
  }

  @Test(arguments: [
    ("voip", PushType.voip, ".voip"), ("widgets", .widgets, ".push-type.widgets"),
    ("controls", .controls, ".push-type.controls"),
  ])
  func theAppsTokenOfAPushTypeTakesOnlyThatType(spelling: String, type: PushType, suffix: String) {
    #expect(PushAddress(spelling) == .pushType(type))
    var device = Device(app: AppConfiguration(bundleId: "com.example.app", state: .background))
    let own = Self.headers(type.rawValue, suffix)
    device.receive(["aps": ["content-changed": true]], headers: own, id: "own", to: .pushType(type))
    #expect(device.push("own")?.status == .silent)
    device.receive(
      ["aps": ["alert": "Hi"]], headers: Self.headers("alert", ""), id: "alert",
      to: .pushType(type))
    #expect(device.push("alert")?.reason == "DeviceTokenNotForTopic")
    device.receive(
      ["aps": ["alert": "Hi"]], headers: Self.headers("alert", ""), id: "made-up",
      to: .token(String(repeating: "ab", count: 32)))
    #expect(device.push("made-up")?.reason == "BadDeviceToken")
  }
}
