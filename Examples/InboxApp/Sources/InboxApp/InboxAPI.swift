import Foundation

/// The inbox server's endpoints the push code uses.
struct InboxAPI: Sendable {
  static let base = URL(string: "https://api.example.com/v1/")

  /// Sends a reply typed into a notification.
  func send(reply text: String, to conversation: String, completion: @escaping (Bool) -> Void) {
    post("conversations/\(conversation)/messages", ["text": text], completion: completion)
  }

  /// Marks a conversation as read.
  func markRead(_ conversation: String, completion: @escaping (Bool) -> Void) {
    post("conversations/\(conversation)/read", [:], completion: completion)
  }

  /// Registers the device token for this device.
  func register(token: String, completion: @escaping (Bool) -> Void) {
    post("devices", ["token": token, "platform": "ios"], completion: completion)
  }

  private func post(
    _ path: String, _ body: [String: String], completion: @escaping (Bool) -> Void
  ) {
    guard let url = URL(string: path, relativeTo: Self.base) else {
      completion(false)
      return
    }
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try? JSONSerialization.data(withJSONObject: body)
    URLSession.shared.dataTask(with: request) { _, response, error in
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      completion(error == nil && (200..<300).contains(status))
    }.resume()
  }
}
