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
  static func launch(focus: FocusConfiguration?) async -> [String] {
    let delegate = FocusReadingDelegate()
    let host = DeviceHost(
      configuration: DeviceConfiguration(focus: focus),
      app: AppConfiguration(bundleId: "com.example.chat"), code: .app(application: delegate))
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
