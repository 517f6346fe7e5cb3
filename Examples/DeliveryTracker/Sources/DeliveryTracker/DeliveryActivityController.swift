import ActivityKit
import Foundation

/// Starts, updates and ends the Live Activity of each order, and reports its tokens.
final class DeliveryActivityController: @unchecked Sendable {
  // @unchecked: `tokenTasks` is read and written under `lock`; ActivityKit's objects are
  // thread-safe.
  private let server: DeliveryServer
  private let lock = NSLock()
  private var tokenTasks: [String: Task<Void, Never>] = [:]

  init(server: DeliveryServer = DeliveryServer()) {
    self.server = server
  }

  /// The running activity of an order, if any.
  func activity(for orderID: String) -> Activity<DeliveryAttributes>? {
    Activity<DeliveryAttributes>.activities.first { $0.attributes.orderID == orderID }
  }

  /// Starts the order's activity (the app is in the foreground) and reports its update
  /// tokens; returns once the first one reached the server, so the server can push at once.
  @discardableResult
  func startTracking(orderID: String, restaurant: String, eta: Date) async throws
    -> Activity<DeliveryAttributes>
  {
    if let running = activity(for: orderID) { return running }
    guard ActivityAuthorizationInfo().areActivitiesEnabled else {
      throw ActivityAuthorizationError.denied
    }
    let attributes = DeliveryAttributes(orderID: orderID, restaurant: restaurant)
    let state = DeliveryAttributes.ContentState(status: .preparing, eta: eta, courier: nil)
    let activity = try Activity.request(
      attributes: attributes,
      content: ActivityContent(state: state, staleDate: eta.addingTimeInterval(30 * 60)),
      pushType: .token)
    await reportTokens(of: activity)
    return activity
  }

  /// Sends the activity's update token to the server, and each new one ActivityKit issues;
  /// returns once the first one was sent.
  private func reportTokens(of activity: Activity<DeliveryAttributes>) async {
    let server = server
    let orderID = activity.attributes.orderID
    let (firstSent, sent) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      for await token in activity.pushTokenUpdates {
        await server.report(activityToken: token, orderID: orderID)
        sent.yield()
      }
    }
    replaceTokenTask(for: orderID, with: task)
    for await _ in firstSent { break }
  }

  private func replaceTokenTask(for orderID: String, with task: Task<Void, Never>) {
    lock.lock()
    let previous = tokenTasks.updateValue(task, forKey: orderID)
    lock.unlock()
    previous?.cancel()
  }

  /// The courier picked the order up (a background push told the app): the activity shows the
  /// courier's name, with an alert.
  func courierPickedUp(orderID: String, courier: String, eta: Date) async {
    guard let activity = activity(for: orderID) else { return }
    var state = activity.content.state
    state.status = .pickedUp
    state.courier = courier
    state.eta = eta
    await activity.update(
      ActivityContent(state: state, staleDate: eta.addingTimeInterval(30 * 60)),
      alertConfiguration: AlertConfiguration(
        title: "Order picked up", body: "\(courier) is on the way", sound: .default))
  }

  /// The order was delivered: the activity ends, shows "delivered" and leaves the Lock Screen
  /// after a while; the server stops pushing to it.
  func delivered(orderID: String) async {
    guard let activity = activity(for: orderID) else { return }
    var state = activity.content.state
    state.status = .delivered
    await activity.end(
      ActivityContent(state: state, staleDate: nil), dismissalPolicy: .default)
    stopReportingTokens(of: orderID)
    await server.activityEnded(orderID: orderID)
  }

  /// The order's activity ended: no more tokens to send.
  private func stopReportingTokens(of orderID: String) {
    lock.lock()
    let task = tokenTasks.removeValue(forKey: orderID)
    lock.unlock()
    task?.cancel()
  }
}
