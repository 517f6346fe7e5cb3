import Foundation
import PushDevice

/// The broadcast channels an app's server created through the channel management endpoint, in
/// the server's environment (Rules.md §18.8): per bundle id, each channel's id and storage
/// policy, in creation order.
struct BroadcastChannels {
  /// The most channels an app may have in one environment (Apple: 10,000).
  static let limit = 10_000

  private var byApp: [String: [BroadcastChannel]] = [:]
  private var generator = SystemRandomNumberGenerator()

  /// Creates a channel of `bundleID` with `policy`: its new id (the base64 of 16 random bytes,
  /// never reused), or `nil` when the app has ``limit`` channels.
  mutating func create(_ bundleID: String, policy: BroadcastChannel.StoragePolicy) -> String? {
    guard byApp[bundleID, default: []].count < Self.limit else { return nil }
    var bytes: [UInt8] = []
    for _ in 0..<16 { bytes.append(UInt8.random(in: 0...255, using: &generator)) }
    let id = Data(bytes).base64EncodedString()
    byApp[bundleID, default: []].append(BroadcastChannel(id: id, storagePolicy: policy))
    return id
  }

  /// The channel `id` of `bundleID`, if it exists.
  func channel(_ id: String, of bundleID: String) -> BroadcastChannel? {
    byApp[bundleID]?.first { $0.id == id }
  }

  /// Deletes channel `id` of `bundleID`; false when there is none.
  mutating func delete(_ id: String, of bundleID: String) -> Bool {
    guard let index = byApp[bundleID]?.firstIndex(where: { $0.id == id }) else { return false }
    byApp[bundleID]?.remove(at: index)
    return true
  }

  /// The ids of `bundleID`'s channels, oldest first.
  func ids(of bundleID: String) -> [String] {
    byApp[bundleID]?.map(\.id) ?? []
  }

  /// Whether `id` reads as a channel id: base64 of at least one byte.
  static func isWellFormed(_ id: String) -> Bool {
    !id.isEmpty && Data(base64Encoded: id) != nil
  }
}
