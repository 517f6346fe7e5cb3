import Foundation
import PushPayload

/// A push APNs keeps while the device is offline (Behavior.md §2.5, Rules.md §6).
struct StoredPush: Sendable {
  /// The push id.
  var push: String
  /// APNs's verdict and the payload as the device will read it.
  var validation: PayloadValidation
  /// When APNs stops keeping it: `apns-expiration`, at most 30 days after arrival.
  var until: Date
  /// The broadcast channel it was sent on, when it is a broadcast (kept per channel, apart
  /// from the app's one slot).
  var channel: String? = nil
}
