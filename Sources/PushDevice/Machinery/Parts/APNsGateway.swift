import Foundation
import PushPayload

/// APNs, in front of the device: its verdict on each request, the `apns-id` it answers with,
/// and what it keeps while the device is offline (Behavior.md §2.2, §2.5; Rules.md §1, §6).
///
/// A value with no clock and no log: each call says what happened (a verdict, a push replaced
/// in the store, what to deliver), and ``Device`` records it as events.
struct APNsGateway: Sendable {
  /// The push kept for the app while the device is offline: one, the newest.
  private var stored: StoredPush?
  /// The latest message of each broadcast channel whose storage policy keeps one
  /// (Rules.md §13.15), in the order the channels were first stored (a handful at most).
  private var broadcasts: [StoredPush] = []
  /// `apns-id` values APNs made up so far.
  private var madeIdentifiers = 0

  /// APNs's verdict on a request, with the payload as the device will read it.
  func judge(body: [UInt8], headers: PushHeaders, app: AppFacts) -> PayloadValidation {
    PayloadValidation(body: body, headers: headers, app: app)
  }

  /// The `apns-id` APNs answers with: the request's own when it is a canonical UUID, else
  /// (when it has none) one APNs makes up; deterministic here, in a series of its own.
  mutating func answeredID(_ header: String?) -> AnsweredAPNsID {
    if let header, APNsVerdict.isCanonicalUUID(header) { return .header(header) }
    guard header == nil else { return .none }
    madeIdentifiers += 1
    return .made(madeIdentifiers)
  }

  /// APNs keeps a push at most this long (Behavior.md §2.2, §2.5).
  static let maximumStorage: TimeInterval = 30 * 86_400

  /// What APNs does with a push for a device that is offline (Rules.md §6).
  enum OfflineOutcome {
    /// Kept until `until`, taking the place of `replaced` (the app's one slot, or its
    /// channel's), which is then `coalesced`.
    case stored(until: Date, replaced: StoredPush?)
    /// Broadcast on a channel created with storage policy 0 (No Message Stored): kept nowhere.
    case channelStoresNothing
    /// `apns-expiration` 0: not stored.
    case expirationZero
    /// `apns-expiration` already passed: not stored.
    case expirationPassed
  }

  /// The device is offline: keeps push `id` until its storage ends (30 days, a channel's 8
  /// hours, or its `apns-expiration`, whichever comes first) or says why it is not kept.
  ///
  /// - Parameters:
  ///   - channel: the broadcast channel it was sent on, with that channel's storage policy.
  ///   - now: the current virtual instant.
  mutating func storeWhileOffline(
    _ id: String, validation: PayloadValidation,
    channel: (id: String, policy: BroadcastChannel.StoragePolicy)?, now: Date
  ) -> OfflineOutcome {
    var until = now.addingTimeInterval(Self.maximumStorage)
    if let channel {
      switch channel.policy {
      case .noMessageStored: return .channelStoresNothing
      case .mostRecentMessageStored: until = now.addingTimeInterval(BroadcastChannel.storageLimit)
      }
    }
    if let expiration = validation.verdict.expiration {
      guard expiration != 0 else { return .expirationZero }
      let date = Date(timeIntervalSince1970: TimeInterval(expiration))
      guard date > now else { return .expirationPassed }
      until = min(until, date)
    }
    let replaced = store(
      StoredPush(push: id, validation: validation, until: until, channel: channel?.id))
    return .stored(until: until, replaced: replaced)
  }

  /// Keeps `entry` while the device is offline; returns the push it replaces (the app's one
  /// slot, or its channel's), which is then `coalesced`.
  private mutating func store(_ entry: StoredPush) -> StoredPush? {
    if let channel = entry.channel {
      guard let slot = broadcasts.firstIndex(where: { $0.channel == channel }) else {
        broadcasts.append(entry)
        return nil
      }
      defer { broadcasts[slot] = entry }
      return broadcasts[slot]
    }
    defer { stored = entry }
    return stored
  }

  /// Everything kept, to deliver when the device comes online: the app's push first, then the
  /// latest message of each channel. The store is empty afterwards.
  mutating func takeStored() -> [StoredPush] {
    var kept: [StoredPush] = []
    if let stored { kept.append(stored) }
    kept += broadcasts
    stored = nil
    broadcasts = []
    return kept
  }

  /// Drops push `id` from the store (its storage ended); returns it, if it was kept.
  mutating func drop(_ id: String) -> StoredPush? {
    if let stored, stored.push == id {
      self.stored = nil
      return stored
    }
    guard let slot = broadcasts.firstIndex(where: { $0.push == id }) else { return nil }
    return broadcasts.remove(at: slot)
  }
}
