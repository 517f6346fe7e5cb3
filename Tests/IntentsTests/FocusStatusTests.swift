import Foundation
import Intents
import PushDevice
import PushPayload
import PushSimAppHost
import Synchronization
import Testing
import UserNotifications

/// An app delegate that reads the Focus status at launch, asks for access, and reads it again.
final class FocusReadingDelegate: NSObject, UIApplicationDelegate, @unchecked Sendable {
  let seen = Mutex<[String]>([])

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    let center = INFocusStatusCenter.default
    record("before", center)
    center.requestAuthorization { [self] status in
      record("answered \(status.rawValue)", center)
    }
    return true
  }

  private func record(_ moment: String, _ center: INFocusStatusCenter) {
    let focused = center.focusStatus.isFocused.map(String.init) ?? "nil"
    let line = "\(moment): \(center.authorizationStatus.rawValue) \(focused)"
    seen.withLock { $0.append(line) }
  }
}

@Suite struct FocusStatusTests {
  static func launch(
    focus: FocusConfiguration?, authorization: FocusStatusAuthorization = .notDetermined
  ) async -> [String] {
    let delegate = FocusReadingDelegate()
    var app = AppConfiguration(bundleId: "com.example.chat")
    app.focusStatusAuthorization = authorization
    let host = DeviceHost(
      configuration: DeviceConfiguration(focus: focus), app: app,
      code: .app(application: delegate))
    await host.receive(
      bytes: Array(#"{"aps":{"alert":"Hi"}}"#.utf8),
      headers: PushHeaders(pushType: "alert", topic: "com.example.chat"), id: "hi")
    return delegate.seen.withLock { $0 }
  }

  /// On a device the status is the device's Focus once the app is authorized; `nil` before.
  @Test func onADeviceTheStatusIsTheDevicesFocus() async {
    #expect(
      await Self.launch(focus: FocusConfiguration(name: "Work")) == [
        "before: 0 nil", "answered 3: 3 true",
      ])
    #expect(await Self.launch(focus: nil) == ["before: 0 nil", "answered 3: 3 false"])
  }

  /// The scenario's `app.focusStatusAuthorization` is the app's access before it asks: a
  /// denied or restricted app stays so and reads `nil`; an authorized one reads the Focus.
  @Test func theScenarioSetsTheAccessTheAppStartsWith() async {
    let work = FocusConfiguration(name: "Work")
    #expect(
      await Self.launch(focus: work, authorization: .denied) == [
        "before: 2 nil", "answered 2: 2 nil",
      ])
    #expect(
      await Self.launch(focus: work, authorization: .restricted) == [
        "before: 1 nil", "answered 1: 1 nil",
      ])
    #expect(
      await Self.launch(focus: work, authorization: .authorized) == [
        "before: 3 true", "answered 3: 3 true",
      ])
  }

  /// The Focus a `set` step turns on or off is what an authorized app reads next; a
  /// reinstalled app has not asked.
  @Test func theStatusFollowsTheDeviceAndAReinstallAsksAgain() async {
    var app = AppConfiguration(bundleId: "com.example.chat")
    app.focusStatusAuthorization = .authorized
    let host = DeviceHost(app: app)
    #expect(host.focusStatus.isFocused == false)
    await host.setDevice(DeviceConfiguration(focus: FocusConfiguration(name: "Sleep")))
    #expect(host.focusStatus.isFocused == true)
    // Another app change keeps the access the app has.
    var renamed = app
    renamed.name = "Chat"
    await host.setApp(renamed)
    #expect(host.focusStatus.authorization == .authorized)
    await host.removeApp()
    await host.installApp()
    #expect(host.focusStatus.authorization == .notDetermined)
    #expect(host.focusStatus.request() == .authorized)
  }

  /// Outside a device no Focus can be told: `isFocused` stays `nil`.
  @Test func outsideADeviceNoFocusCanBeTold() async {
    let center = INFocusStatusCenter.default
    #expect(center.focusStatus.isFocused == nil)
    let status = await center.requestAuthorization()
    #expect(status == .authorized)
    #expect(center.focusStatus.isFocused == nil)
    #expect(INFocusStatus(isFocused: true).isFocused == true)
    #expect(INFocusStatusAuthorizationStatus.denied.rawValue == 2)
  }
}
