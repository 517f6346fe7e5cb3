// A Live Activity manager as an iOS app writes it, against `import ActivityKit` only: the
// tests below run it unchanged inside the simulated device.
import ActivityKit

struct DeliveryAttributes: ActivityAttributes {
  struct ContentState: Codable, Hashable {
    var status: String
    var eta: Date
    var courier: String?
  }

  var orderNumber: String
}

@MainActor final class DeliveryActivityManager {
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
    let attributes = DeliveryAttributes(orderNumber: order)
    let state = DeliveryAttributes.ContentState(status: "preparing", eta: eta, courier: nil)
    let activity = try Activity.request(
      attributes: attributes, content: ActivityContent(state: state, staleDate: nil),
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
    var state = activity.content.state
    state.status = status
    state.courier = courier
    await activity.update(
      ActivityContent(state: state, staleDate: nil),
      alertConfiguration: AlertConfiguration(
        title: "Order \(activity.attributes.orderNumber)", body: "\(status)", sound: .default))
  }

  func finish() async {
    guard let activity else { return }
    var state = activity.content.state
    state.status = "delivered"
    await activity.end(ActivityContent(state: state, staleDate: nil), dismissalPolicy: .immediate)
  }
}
