import Foundation
import PushDevice
import PushPayload
import Synchronization
import Testing

/// The app's delegate and background handler, called by the host (Behavior.md §7.1, §7.3, §8).
@Suite struct AppDelegateTests {
  /// A delegate that shows banners in the foreground and records responses.
  final class Delegate: NotificationDelegate {
    let options: Set<PresentationOption>?
    let completes: Bool
    let responses = Mutex<[String]>([])
    init(options: Set<PresentationOption>?, completes: Bool = true) {
      self.options = options
      self.completes = completes
    }
    func willPresent(_ notification: NotificationResponse.Notification) async
      -> Set<PresentationOption>?
    { options }
    func didReceive(_ response: NotificationResponse) async -> AppCallCompletion {
      responses.withLock { $0.append(response.actionIdentifier) }
      return completes ? .completed(result: nil) : .notCompleted
    }
  }

  final class Background: RemoteNotificationHandler {
    let seen = Mutex<[String]>([])
    func didReceiveRemoteNotification(_ payload: JSONValue) async -> AppCallCompletion {
      seen.withLock { $0.append(payload["sync"]?.stringValue ?? "") }
      return .completed(result: "newData")
    }
  }

  static let foregroundApp = AppConfiguration(
    bundleId: "com.example.chat", state: .foreground, backgroundModes: [.remoteNotification])

  @Test func willPresentDecidesTheForegroundPresentation() async {
    let host = DeviceHost(
      app: Self.foregroundApp, code: AppCode(delegate: Delegate(options: [.banner, .list])))
    await host.receive(["aps": ["alert": "Hi"]], id: "m1")
    let device = await host.device
    #expect(device.notification("m1")?.presentation.banner == true)
    #expect(device.center.flatMap(\.notifications) == ["m1"])
    let asked = device.events.events(for: "m1").first { $0.kind == .delegateWillPresent }
    #expect(asked?.reason.contains("[banner, list]") == true)
  }

  @Test func withoutWillPresentTheConfiguredOptionsApply() async {
    let host = DeviceHost(app: Self.foregroundApp, code: AppCode(delegate: Delegate(options: nil)))
    await host.receive(["aps": ["alert": "Hi"]], id: "m1")
    let device = await host.device
    #expect(device.notification("m1")?.presentation.banner == false)
    #expect(device.center.isEmpty)
  }

  @Test func didReceiveGetsTapsAndAMissingCompletionIsLogged() async throws {
    let delegate = Delegate(options: [.banner, .list], completes: false)
    let host = DeviceHost(app: Self.foregroundApp, code: AppCode(delegate: delegate))
    await host.receive(["aps": ["alert": "Hi"]], id: "m1")
    try await host.tap("m1")
    #expect(delegate.responses.withLock { $0 } == [NotificationResponse.defaultActionIdentifier])
    let logged = await host.read { $0.events.events(for: "m1").last }
    #expect(logged?.kind == .delegateDidReceive)
    #expect(logged?.reason.contains("did not call didReceive's completion handler") == true)
  }

  @Test func aBackgroundPushRunsTheAppsHandler() async {
    var app = Self.foregroundApp
    app.state = .background
    let handler = Background()
    let host = DeviceHost(app: app, code: AppCode(remoteNotificationHandler: handler))
    await host.receive(
      ["aps": ["content-available": 1], "sync": "inbox"],
      headers: PushHeaders(pushType: "background", priority: "5"), id: "b1")
    #expect(handler.seen.withLock { $0 } == ["inbox"])
    let logged = await host.read { $0.events.events(ofKind: .remoteNotificationHandled).first }
    #expect(logged?.push == "b1")
    #expect(logged?.reason.contains(".newData") == true)
  }

  @Test func aDeviceWithoutAHostQueuesNoCalls() {
    var device = Device(app: Self.foregroundApp)
    device.receive(["aps": ["alert": "Hi"]], id: "m1")
    #expect(device.pendingWillPresent == nil)
    #expect(device.effects.isEmpty)
  }
}
