import Foundation
import PushDevice
import PushPayload
import PushSimAppHost
import Synchronization
import Testing
import UserNotifications

/// A delegate that starts a task which outlives its `didReceive` (as an app observing a Live
/// Activity's `pushTokenUpdates` does) and makes a request from it after the call ended.
final class OutlivingTaskDelegate: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
  let outcome = Mutex<String?>(nil)

  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping () -> Void
  ) {
    // A request during the call makes the call's `URLSession.shared`.
    if let now = URL(string: "https://api.example.com/now") {
      URLSession.shared.dataTask(with: now) { _, _, _ in }.resume()
    }
    Task { [self] in
      // Real time, long after the device ended the call (the device's clock is virtual).
      try? await ContinuousClock().sleep(for: .milliseconds(500))
      guard let url = URL(string: "https://api.example.com/later") else { return }
      do {
        _ = try await URLSession.shared.data(for: URLRequest(url: url))
        outcome.withLock { $0 = "answered" }
      } catch {
        outcome.withLock { $0 = "failed \((error as? URLError)?.code.rawValue ?? 0)" }
      }
    }
    completionHandler()
  }
}

@Suite struct OutlivingTaskRequestTests {
  /// The call's `URLSession.shared` is invalidated when the call ends; a request on it from a
  /// task that outlived the call stopped the test process ("Session invalidated"). It fails as
  /// offline instead.
  @Test func aRequestAfterTheCallEndedFailsAsOffline() async throws {
    let delegate = OutlivingTaskDelegate()
    let host = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.chat"), code: .app(delegate: delegate))
    await host.receive(["aps": ["alert": "Hi"]], id: "m1")
    try await host.tap("m1")
    let deadline = ContinuousClock.now.advanced(by: .seconds(10))
    while delegate.outcome.withLock({ $0 }) == nil, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(
      delegate.outcome.withLock { $0 }
        == "failed \(URLError.Code.notConnectedToInternet.rawValue)")
  }
}
