import Foundation

/// Sends the device token to the server whenever iOS hands one over: at every launch, as Apple
/// asks, and never from a cache (a reinstalled app gets a new token).
final class PushTokenUploader: @unchecked Sendable {
  // @unchecked: `uploaded` is read and written under `lock`.
  private let api: InboxAPI
  private let lock = NSLock()
  private var uploaded: [String] = []

  init(api: InboxAPI = InboxAPI()) {
    self.api = api
  }

  /// The tokens the server accepted, oldest first.
  var acceptedTokens: [String] {
    lock.lock()
    defer { lock.unlock() }
    return uploaded
  }

  func upload(deviceToken: Data) {
    let token = deviceToken.map { String(format: "%02x", $0) }.joined()
    api.register(token: token) { [self] accepted in
      guard accepted else { return }
      lock.lock()
      uploaded.append(token)
      lock.unlock()
    }
  }
}
