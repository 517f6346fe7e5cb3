// The Live Activity manager of DeliveryActivityManager.swift written against ActivityKit's iOS
// 16.1 API, deprecated in iOS 16.2, as OneSignal's SDK and flutter_live_activities still call
// it: `import ActivityKit` only, unchanged from iOS.
import ActivityKit

@MainActor final class LegacyDeliveryActivityManager {
  private(set) var activity: Activity<DeliveryAttributes>?
  private let sendTokenToServer: @Sendable (String) async -> Void

  init(sendTokenToServer: @escaping @Sendable (String) async -> Void) {
    self.sendTokenToServer = sendTokenToServer
  }

  /// Starts the order's activity and sends its push token to the server as it arrives.
  func start(order: String, eta: Date) throws -> String {
    guard ActivityAuthorizationInfo().areActivitiesEnabled else {
      throw ActivityAuthorizationError.denied
    }
    let activity = try Activity<DeliveryAttributes>.request(
      attributes: DeliveryAttributes(orderNumber: order),
      contentState: DeliveryAttributes.ContentState(status: "preparing", eta: eta, courier: nil),
      pushType: .token)
    self.activity = activity
    let send = sendTokenToServer
    Task {
      for await token in activity.pushTokenUpdates {
        await send(token.map { String(format: "%02x", $0) }.joined())
      }
    }
    return activity.id
  }

  func update(status: String, courier: String?) async {
    guard let activity else { return }
    var state = activity.contentState
    state.status = status
    state.courier = courier
    await activity.update(
      using: state,
      alertConfiguration: AlertConfiguration(
        title: "Order \(activity.attributes.orderNumber)", body: "\(status)", sound: .default))
  }

  func finish() async {
    guard let activity else { return }
    var state = activity.contentState
    state.status = "delivered"
    await activity.end(using: state, dismissalPolicy: .immediate)
  }
}
