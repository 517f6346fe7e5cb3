import Foundation
import PushPayload

/// A notification waiting for the next Scheduled Summary delivery (Rules.md §4).
struct HeldNotification: Sendable {
  /// The push id.
  var push: String
  /// The request as it will be delivered.
  var request: NotificationRequest
  /// Arrival order (newest is highest).
  var sequence: Int
  /// The level the device acted on (orders the digest after the relevance score).
  var effectiveLevel: InterruptionLevel
}
