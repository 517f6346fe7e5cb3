import Foundation

/// The delivery server's endpoints for Live Activity tokens: it pushes updates to an order's
/// activity with its update token, and starts one remotely with the push-to-start token.
struct DeliveryServer: Sendable {
  static let base = URL(string: "https://api.example.com/v1/")

  /// The update token of an order's activity (sent again whenever ActivityKit issues a new one).
  func report(activityToken: Data, orderID: String) async {
    await post("orders/\(orderID)/activity-token", ["token": Self.hex(activityToken)])
  }

  /// The app's push-to-start token, for activities the server starts.
  func report(pushToStartToken: Data) async {
    await post("live-activities/push-to-start-token", ["token": Self.hex(pushToStartToken)])
  }

  /// The activity of an order ended on the phone: the server stops pushing to it.
  func activityEnded(orderID: String) async {
    await post("orders/\(orderID)/activity-ended", [:])
  }

  static func hex(_ data: Data) -> String {
    data.map { String(format: "%02x", $0) }.joined()
  }

  private func post(_ path: String, _ body: [String: String]) async {
    guard let url = URL(string: path, relativeTo: Self.base) else { return }
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try? JSONSerialization.data(withJSONObject: body)
    _ = try? await URLSession.shared.data(for: request)
  }
}
