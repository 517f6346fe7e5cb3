import Foundation
import PushPayload

/// A push APNs keeps while the device is offline (spec §2.5, model-decisions.md §6).
struct StoredPush: Sendable {
  /// The push id.
  var push: String
  /// The body, byte for byte.
  var body: [UInt8]
  /// APNs's verdict on it (accepted; push type, collapse id, expiration).
  var verdict: APNsVerdict
  /// When APNs stops keeping it: `apns-expiration`, at most 30 days after arrival.
  var until: Date
}
