import Foundation
import PushPayload

extension Device {
  /// Runs the app's service extension when model-decisions.md §7 says it runs; returns the
  /// content to present (the original when it does not run).
  mutating func runServiceExtension(
    _ id: String, request: NotificationRequest, mutableContent: Bool
  ) async -> NotificationContent {
    request.content
  }
}
