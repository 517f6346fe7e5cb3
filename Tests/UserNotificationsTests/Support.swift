import Foundation
import Testing

@testable import UserNotifications

/// 09:00 UTC on 1 January 2026, a Thursday: the device's default start time.
let startOfScenario = Date(timeIntervalSince1970: 1_767_258_000)

/// A center over a fresh in-memory backend with a fixed clock.
func makeCenter(
  allows: Bool = true, now: @escaping @Sendable () -> Date = { startOfScenario },
  limit: Int = 64
) -> (UNUserNotificationCenter, StandaloneNotificationCenterBackend) {
  var configuration = StandaloneNotificationCenterBackend.Configuration()
  configuration.userAllowsNotifications = allows
  configuration.now = now
  configuration.maximumPendingRequests = limit
  let backend = StandaloneNotificationCenterBackend(configuration: configuration)
  return (UNUserNotificationCenter(backend: backend), backend)
}

/// A fresh temporary folder, removed by the caller.
func makeTemporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("un-tests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// The first bytes of a real PNG.
let pngHeader: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]

/// A request with a title.
func request(
  _ identifier: String, title: String = "Hi", trigger: UNNotificationTrigger? = nil
) -> UNNotificationRequest {
  let content = UNMutableNotificationContent()
  content.title = title
  return UNNotificationRequest(identifier: identifier, content: content, trigger: trigger)
}

/// Waits for a completion-handler call.
func awaitHandler<T: Sendable>(_ start: (@escaping @Sendable (T) -> Void) -> Void) async -> T {
  await withCheckedContinuation { continuation in
    start { continuation.resume(returning: $0) }
  }
}
