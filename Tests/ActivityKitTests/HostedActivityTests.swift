import ActivityKit
import Foundation
import PushDevice
import PushPayload
import PushSimAppHost
import Synchronization
import Testing
import UserNotifications

/// A notification delegate as an app writes one: tapping an order's notification starts the
/// order's Live Activity (`import ActivityKit` code, unchanged).
final class OrderTapDelegate: NSObject, UNUserNotificationCenterDelegate {
  let started = Recorded<String>()
  let failures = Recorded<String>()

  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void
  ) {
    let order = response.notification.request.content.userInfo["order"] as? String ?? "?"
    do {
      let activity = try Activity.request(
        attributes: DeliveryAttributes(orderNumber: order),
        content: ActivityContent(
          state: DeliveryAttributes.ContentState(
            status: "preparing", eta: Date(timeIntervalSinceReferenceDate: 800_000_000),
            courier: nil),
          staleDate: nil),
        pushType: .token)
      started.append(activity.id)
    } catch {
      failures.append("\(error)")
    }
    completionHandler()
  }
}

/// Values recorded from the app's callbacks, read by the test.
final class Recorded<Value: Sendable>: Sendable {
  private let values = Mutex<[Value]>([])
  func append(_ value: Value) { values.withLock { $0.append(value) } }
  var all: [Value] { values.withLock { $0 } }
}

/// ActivityKit calls from the app code the device runs, iOS 17.2's timestamped `update` and
/// `end`, `LocalizedStringResource` alerts and iOS 26's scheduled activities (Rules.md §13.16,
/// §13.17).
@Suite struct HostedActivityTests {
  static let eta = Date(timeIntervalSinceReferenceDate: 800_000_000)

  static func state(_ status: String) -> DeliveryAttributes.ContentState {
    DeliveryAttributes.ContentState(status: status, eta: eta, courier: nil)
  }

  static func start(on phone: DeviceHost) async throws -> Activity<DeliveryAttributes> {
    try await phone.runApp {
      try Activity.request(
        attributes: DeliveryAttributes(orderNumber: "A7"),
        content: ActivityContent(state: state("preparing"), staleDate: nil), pushType: .token)
    }
  }

  @Test("a delegate's didReceive that calls Activity.request starts the activity on its device")
  func delegateStartsActivityOnItsDevice() async throws {
    let delegate = OrderTapDelegate()
    let phone = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.delivery", state: .background),
      code: .app(delegate: delegate))
    await phone.receive(["aps": ["alert": "Your order is confirmed"], "order": "B12"], id: "n1")
    try await phone.tap("n1")

    #expect(delegate.failures.all.isEmpty)
    let id = try #require(delegate.started.all.first)
    let activity = try #require(await phone.read { $0.liveActivity(id) })
    #expect(activity.state == .active)
    #expect(activity.attributes["orderNumber"]?.stringValue == "B12")
    #expect(activity.token != nil)
    // It is the device's activity, not one in the process-wide in-memory fallback.
    #expect(
      Activity<DeliveryAttributes>.activities.allSatisfy { $0.attributes.orderNumber != "B12" })
  }

  @Test("an update stamped older than the newest content is ignored, as a push would be")
  func timestampedUpdateFollowsTheTimeline() async throws {
    let phone = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.delivery", state: .foreground))
    let activity = try await Self.start(on: phone)
    let now = await phone.read { $0.now }

    await phone.runApp {
      await activity.update(
        ActivityContent(state: Self.state("cooking"), staleDate: nil),
        timestamp: now.addingTimeInterval(20))
      await activity.update(
        ActivityContent(state: Self.state("stale news"), staleDate: nil),
        alertConfiguration: nil, timestamp: now.addingTimeInterval(10))
    }
    var device = try #require(await phone.read { $0.liveActivity(activity.id) })
    #expect(device.contentState["status"]?.stringValue == "cooking")
    #expect(device.updates == 1)
    #expect(device.lastTimestamp == now.addingTimeInterval(20))

    // A push stamped between the two is older than the app's newest update: ignored.
    let stamp = Int(now.timeIntervalSince1970) + 15
    let body =
      #"{"aps":{"event":"update","timestamp":\#(stamp),"content-state":{"status":"push","eta":800000000}}}"#
    await phone.receive(
      bytes: Array(body.utf8),
      headers: PushHeaders(
        pushType: "liveactivity", topic: "com.example.delivery.push-type.liveactivity"),
      id: "p1", to: .activity(activity.id))
    #expect(await phone.read { $0.push("p1")?.status } == .discarded)

    // An end stamped before the newest content is ignored too; a newer one ends it.
    await phone.runApp {
      await activity.end(nil, dismissalPolicy: .default, timestamp: now.addingTimeInterval(5))
    }
    device = try #require(await phone.read { $0.liveActivity(activity.id) })
    #expect(device.state == .active)
    await phone.runApp {
      await activity.end(
        ActivityContent(state: Self.state("delivered"), staleDate: nil),
        dismissalPolicy: .immediate, timestamp: now.addingTimeInterval(30))
    }
    device = try #require(await phone.read { $0.liveActivity(activity.id) })
    #expect(device.state == .dismissed)
    #expect(device.contentState["status"]?.stringValue == "delivered")
  }

  @Test("AlertConfiguration takes interpolated literals as LocalizedStringResource")
  func alertConfigurationFromInterpolation() async throws {
    let order = "C3"
    let minutes = 5
    let alert = AlertConfiguration(
      title: "Delivered", body: "Your order \(order) arrived \(minutes) min early", sound: .default)
    #expect(alert.title.key == "Delivered")
    #expect(alert.body.key == "Your order %@ arrived %lld min early")
    #expect(alert.body.defaultValue == "Your order C3 arrived 5 min early")
    #expect(LocalizedStringResource("Save 100%").key == "Save 100%")
    #expect(("\(order) is 100% done" as LocalizedStringResource).key == "%@ is 100%% done")

    let phone = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.delivery", state: .foreground))
    let activity = try await Self.start(on: phone)
    await phone.runApp {
      await activity.update(
        ActivityContent(state: Self.state("arrived"), staleDate: nil), alertConfiguration: alert)
    }
    let device = try #require(await phone.read { $0.liveActivity(activity.id) })
    #expect(device.lastAlert?["body"]?.stringValue == "Your order C3 arrived 5 min early")
  }

  @Test("a scheduled activity is pending until its start date, then active (iOS 26)")
  func scheduledActivityIsPendingUntilItsStart() async throws {
    let phone = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.delivery", state: .foreground))
    let now = await phone.read { $0.now }
    let activity = try await phone.runApp {
      try Activity.request(
        attributes: DeliveryAttributes(orderNumber: "D4"),
        content: ActivityContent(state: Self.state("booked"), staleDate: nil), pushType: .token,
        style: .standard,
        alertConfiguration: AlertConfiguration(
          title: "Pickup", body: "Your table is ready", sound: .default),
        start: now.addingTimeInterval(3_600))
    }
    #expect(await phone.read { $0.liveActivity(activity.id)?.state } == .pending)
    #expect(await phone.read { $0.lockScreenActivities.isEmpty })
    #expect(await phone.runApp { activity.activityState } == .pending)

    await phone.advance(by: .seconds(3_600))
    #expect(await phone.read { $0.liveActivity(activity.id)?.state } == .active)
    #expect(await phone.runApp { activity.activityState } == .active)
    await phone.advance(by: .seconds(8 * 3_600))
    #expect(await phone.read { $0.liveActivity(activity.id)?.state } == .ended)
  }

  @Test("scheduling an activity before iOS 26 fails on the device")
  func schedulingNeedsIOS26() async throws {
    var configuration = DeviceConfiguration()
    configuration.iosVersion = IOSVersion(18)
    let phone = DeviceHost(
      configuration: configuration,
      app: AppConfiguration(bundleId: "com.example.delivery", state: .foreground))
    let now = await phone.read { $0.now }
    let activity = try await phone.runApp {
      try Activity.request(
        attributes: DeliveryAttributes(orderNumber: "D5"),
        content: ActivityContent(state: Self.state("booked"), staleDate: nil), style: .standard,
        alertConfiguration: AlertConfiguration(title: "Pickup", body: "Ready", sound: .default),
        start: now.addingTimeInterval(60))
    }
    #expect(await phone.read { $0.liveActivity(activity.id) } == nil)
    #expect(await phone.runApp { activity.activityState } == .dismissed)
  }
}

/// A background push handler as an app writes one: a silent push with the order's new status
/// updates its Live Activity.
final class OrderStatusHandler: RemoteNotificationHandling {
  func application(
    _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
  ) {
    guard let status = userInfo["status"] as? String,
      let activity = Activity<DeliveryAttributes>.activities.first
    else {
      completionHandler(.noData)
      return
    }
    let eta = activity.content.state.eta
    let handler = UncheckedHandler(completionHandler)
    Task {
      await activity.update(
        ActivityContent(
          state: DeliveryAttributes.ContentState(status: status, eta: eta, courier: nil),
          staleDate: nil))
      handler.value(.newData)
    }
  }
}

/// The completion handler carried into the task, as apps do.
struct UncheckedHandler: @unchecked Sendable {
  let value: (UIBackgroundFetchResult) -> Void
  init(_ value: @escaping (UIBackgroundFetchResult) -> Void) { self.value = value }
}

extension HostedActivityTests {
  @Test("a background push handler's Activity calls reach the activities of its device")
  func backgroundHandlerUpdatesTheDevicesActivity() async throws {
    var app = AppConfiguration(bundleId: "com.example.delivery", state: .foreground)
    app.backgroundModes = [.remoteNotification]
    let phone = DeviceHost(app: app, code: .app(application: OrderStatusHandler()))
    let activity = try await Self.start(on: phone)
    await phone.receive(
      ["aps": ["content-available": 1], "status": "on the way"],
      headers: PushHeaders(pushType: "background", priority: "5"), id: "b1")

    let device = try #require(await phone.read { $0.liveActivity(activity.id) })
    #expect(device.contentState["status"]?.stringValue == "on the way")
    #expect(device.updates == 1)
  }
}
