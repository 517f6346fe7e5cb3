/// A broadcast channel the app's server created with APNs's channel management API (iOS 18):
/// its id and the message storage policy fixed at creation (Behavior.md §12.2; Rules.md
/// §13.15).
public struct BroadcastChannel: Sendable, Hashable {
  /// `message-storage-policy`: what APNs keeps for a subscribed device that is offline.
  public enum StoragePolicy: Int, Sendable, Hashable {
    /// `0`, No Message Stored: an offline device never gets the broadcast.
    case noMessageStored = 0
    /// `1`, Most Recent Message Stored: APNs keeps the latest broadcast for at most 8 hours
    /// (less with `apns-expiration`).
    case mostRecentMessageStored = 1
  }

  /// The channel id, as `apns-channel-id` carries it (base64).
  public var id: String
  /// Its storage policy.
  public var storagePolicy: StoragePolicy

  /// Creates a channel.
  public init(id: String, storagePolicy: StoragePolicy) {
    self.id = id
    self.storagePolicy = storagePolicy
  }

  /// How long APNs keeps the latest message of a `mostRecentMessageStored` channel.
  package static let storageLimit: Double = 8 * 3_600
}
