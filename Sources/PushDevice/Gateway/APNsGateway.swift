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

  /// Keeps `entry` while the device is offline; returns the push it replaces (the app's one
  /// slot, or its channel's), which is then `coalesced`.
  mutating func store(_ entry: StoredPush) -> StoredPush? {
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
