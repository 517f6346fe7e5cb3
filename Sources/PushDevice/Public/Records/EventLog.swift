import Foundation
public import PushPayload

/// Every step the device took, in order: what reports and `expect.events` read.
///
/// Architecture ("Data"): reports are views of this log and the final state. Each event has a
/// virtual time, a kind, the push it concerns and a `source` (Rules.md, introduction).
///
/// Kept small, since a long scenario keeps every event to the end: a push's events are
/// chained by index (no array per push), and an event whose reason or details repeat a recent
/// event's shares that event's storage (``SharedEventParts``). The chains (``PushChains``) are
/// made by the first ``events(for:)`` or ``firstIndex(about:from:where:)`` and brought up to
/// date by each later one, not while logging: a scenario logs hundreds of thousands of events
/// and reads them in order.
///
/// - Complexity: appending is O(1); `events(for:)` and `firstIndex(about:from:where:)` are O(k)
///   for the k events of that push, after O(1) per event logged since the previous call.
public struct EventLog: Sendable, RandomAccessCollection {
  /// All events, oldest first.
  public private(set) var events: [DeviceEvent] = []
  /// Each push's events, chained; shared by copies of the log until one of them changes.
  private var index = PushChains<DeviceEvent>.Box()
  /// Reasons and details recently logged, shared by the events that repeat them.
  private var shared = SharedEventParts()
  /// How many events were forgotten before the first kept (``removeFirst(_:)``): an event's
  /// place counted from the device's first event is this plus its index here.
  package private(set) var forgotten = 0
  /// Whether some event without a push names one in its details (its JSON then has a `push`
  /// member that ``firstIndex(about:from:where:)``'s chains do not know).
  private var detailsNamePush = false

  /// Creates an empty log.
  package init() {}

  /// The first event's index (0).
  public var startIndex: Int { events.startIndex }
  /// One past the last event's index.
  public var endIndex: Int { events.endIndex }
  /// The event at `position`.
  public subscript(position: Int) -> DeviceEvent { events[position] }

  /// Appends an event.
  package mutating func append(_ event: DeviceEvent) {
    var event = event
    shared.share(&event)
    PushChains.Box.prepareToGrow(&index)
    if event.push == nil, event.details["push"] != nil { detailsNamePush = true }
    events.append(event)
  }

  /// Forgets the `count` oldest events (the others' indexes move down by as many; ``forgotten``
  /// counts them); the chains by push are made again when next asked for.
  package mutating func removeFirst(_ count: Int) {
    guard count > 0 else { return }
    let removed = Swift.min(count, events.count)
    events.removeFirst(removed)
    forgotten += removed
    index = PushChains<DeviceEvent>.Box()
  }

  /// The events about one push, oldest first.
  public func events(for push: String) -> [DeviceEvent] {
    index.events(for: push, in: events)
  }

  /// The position of the first event at or after `start` whose JSON has `push` as its `push`
  /// member and that `matches` accepts; `nil` when there is none.
  ///
  /// Reads only that push's events, through their chain: a check after every push that names
  /// the push it is about does not read the whole log.
  package func firstIndex(
    about push: String, from start: Int, where matches: (DeviceEvent) -> Bool
  ) -> Int? {
    if detailsNamePush {
      let slice = events[Swift.min(Swift.max(start, 0), events.count)...]
      return slice.firstIndex { $0.member("push") == JSONValue(.string(push)) && matches($0) }
    }
    return index.firstIndex(about: push, from: start, in: events, where: matches)
  }

  /// The events of one kind, oldest first.
  public func events(ofKind kind: DeviceEvent.Kind) -> [DeviceEvent] {
    events.filter { $0.kind == kind }
  }

  /// The log as JSON: an array of events with the scenario field names.
  public var json: JSONValue { JSONValue(.array(events.map(\.json))) }

  /// The log as compact JSON text.
  public var jsonText: String { json.jsonText }
}

/// The reasons and details of recently logged events, so that an event repeating one (the same
/// `presented` flags, the same "in Notification Center") shares its storage instead of holding
/// a copy for every push. Only storage is shared: every event keeps its own values, equal to
/// what was logged.
struct SharedEventParts: Sendable {
  /// Distinct long reasons seen (at most ``reasonLimit``), in an open-addressed table: the
  /// hash of each kept reason (0: an empty slot), and the reason; both empty until the first,
  /// then ``firstReasonSlots`` slots, doubled whenever the table would be more than half full,
  /// up to ``reasonSlots`` (a device that logs a few reasons keeps a small table: 10,000
  /// devices at once each made the whole table, 48 KB, at their first event). The reasons
  /// first seen are kept: reasons that differ per push (a byte count, a badge number) stop
  /// being added once the table holds ``reasonLimit``.
  private var reasonHashes: [UInt64] = []
  private var reasonTexts: [String] = []
  private var reasonCount = 0
  /// Distinct details seen most recently, most recent first (at most ``detailsLimit``), each
  /// with its members in a list (compared without hashing).
  private var details: [(shared: [String: JSONValue], members: [(String, JSONValue)])] = []

  /// How many distinct reasons are kept.
  static let reasonLimit = 1024
  /// How many slots the reason table has at most: a power of two, twice ``reasonLimit``.
  static let reasonSlots = 2048
  /// How many slots the reason table starts with: a power of two.
  static let firstReasonSlots = 32
  /// How many slots from a reason's own are looked at before giving up on it.
  static let reasonProbes = 16
  /// How many distinct details are compared with each new event's.
  static let detailsLimit = 8

  /// Replaces `event`'s reason and details by equal ones already kept, when there are.
  mutating func share(_ event: inout DeviceEvent) {
    // Up to 15 UTF-8 bytes, a string holds its text inline: nothing to share.
    if event.reason.utf8.count > 15 {
      shareReason(&event.reason)
    }
    guard !event.details.isEmpty, Self.isShareable(event.details) else { return }
    if let index = details.firstIndex(where: { Self.same($0.members, event.details) }) {
      let kept = details.remove(at: index)
      details.insert(kept, at: 0)
      event.details = kept.shared
      return
    }
    if details.count == Self.detailsLimit { details.removeLast() }
    details.insert((event.details, event.details.map { ($0.key, $0.value) }), at: 0)
  }

  /// Replaces `reason` by the equal reason kept, or keeps it when there is room.
  private mutating func shareReason(_ reason: inout String) {
    guard let hash = Self.reasonHash(of: reason) else { return }
    if reasonHashes.isEmpty {
      reasonHashes = Array(repeating: 0, count: Self.firstReasonSlots)
      reasonTexts = Array(repeating: "", count: Self.firstReasonSlots)
    } else if 2 * (reasonCount + 1) > reasonHashes.count, reasonHashes.count < Self.reasonSlots {
      growReasons()
    }
    let stored = reasonSlot(for: hash) { slot in
      reasonHashes[slot] == hash && String.sameBytes(reasonTexts[slot], reason)
    }
    guard let slot = stored else { return }
    if reasonHashes[slot] != 0 {
      reason = reasonTexts[slot]
    } else if reasonCount < Self.reasonLimit {
      keepReason(reason, hash: hash, in: slot)
    }
  }

  /// The first slot, within ``reasonProbes`` of `hash`'s own, that is empty or that `matches`
  /// accepts; `nil` when there is none.
  private func reasonSlot(for hash: UInt64, matching matches: (Int) -> Bool) -> Int? {
    let mask = reasonHashes.count - 1
    var slot = Int(truncatingIfNeeded: hash >> 32) & mask
    for _ in 0..<Self.reasonProbes {
      if reasonHashes[slot] == 0 || matches(slot) { return slot }
      slot = (slot + 1) & mask
    }
    return nil
  }

  private mutating func keepReason(_ reason: String, hash: UInt64, in slot: Int) {
    reasonHashes[slot] = hash
    reasonTexts[slot] = reason
    reasonCount += 1
  }

  /// Doubles the reason table, placing each kept reason again by its hash (one that finds no
  /// slot within ``reasonProbes`` is let go: the table only shares storage).
  private mutating func growReasons() {
    let hashes = reasonHashes
    let texts = reasonTexts
    reasonHashes = Array(repeating: 0, count: 2 * hashes.count)
    reasonTexts = Array(repeating: "", count: 2 * hashes.count)
    reasonCount = 0
    for index in hashes.indices where hashes[index] != 0 {
      if let slot = reasonSlot(for: hashes[index], matching: { _ in false }) {
        keepReason(texts[index], hash: hashes[index], in: slot)
      }
    }
  }

  /// The hash of a reason of more than 15 bytes (never 0): its length and its first, middle
  /// and last eight bytes (log reasons that differ mostly differ in one of those: "of 167
  /// bytes", "badge set to 12", a push id; others only share a hash), read in place; `nil`
  /// for text not stored contiguously.
  private static func reasonHash(of reason: String) -> UInt64? {
    let hash = reason.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
      guard let base = bytes.baseAddress, bytes.count >= 16 else { return nil }
      func word(at offset: Int) -> UInt64 {
        UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
      }
      func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
        return mixed ^ (mixed >> 29)
      }
      var hash = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
      hash = mix(hash, word(at: 0))
      hash = mix(hash, word(at: (bytes.count - 8) / 2))
      hash = mix(hash, word(at: bytes.count - 8))
      return hash | 1
    }
    return hash ?? nil
  }

  /// Whether details can be kept to share: ASCII keys (so keys that compare equal are the
  /// same bytes) and values written the same whenever equal (`null`, a Boolean, a string, an
  /// integer written as plain digits).
  private static func isShareable(_ details: [String: JSONValue]) -> Bool {
    details.allSatisfy { key, value in
      guard key.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
      switch value.kind {
      case .null, .bool, .string: return true
      case .number(let number): return number.integer.map { String($0) == number.text } ?? false
      case .array, .object: return false
      }
    }
  }

  /// Whether shareable details have the members kept, byte for byte.
  private static func same(_ kept: [(String, JSONValue)], _ new: [String: JSONValue]) -> Bool {
    guard kept.count == new.count else { return false }
    for (key, value) in new {
      // ASCII keys on both sides: `==` is byte equality.
      guard let other = kept.first(where: { $0.0 == key })?.1 else { return false }
      switch (value.kind, other.kind) {
      case (.null, .null): continue
      case (.bool(let a), .bool(let b)) where a == b: continue
      case (.string(let a), .string(let b)) where String.sameBytes(a, b): continue
      case (.number(let a), .number(let b)) where a.text == b.text: continue
      default: return false
      }
    }
    return true
  }
}

extension String {
  /// Whether two strings are the same UTF-8 bytes. `==` holds canonically equivalent text
  /// equal (`é` precomposed or not), which a log must not merge; this compares with `memcmp`
  /// where both are stored contiguously (the usual case).
  static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
    let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in
        guard left.count == right.count else { return false }
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else {
          return true
        }
        return memcmp(leftBase, rightBase, left.count) == 0
      }
    }
    return (compared ?? nil) ?? lhs.utf8.elementsEqual(rhs.utf8)
  }
}

extension DeviceEvent {
  /// The member `key` of ``json`` (`nil` when it has none), without building the object: what
  /// a check of some fields of an event reads.
  package func member(_ key: String) -> JSONValue? {
    switch key {
    case "time": return JSONValue(.string(VirtualTimeFormat.text(time)))
    case "kind": return JSONValue(.string(kind.rawValue))
    case "push": if let push { return JSONValue(.string(push)) }
    case "source": return JSONValue(.string(source.rawValue))
    case "reason": return JSONValue(.string(reason))
    default: break
    }
    return details[key]
  }

  /// This event as JSON: `time`, `kind`, `push` (when set), `source`, `reason`, then the
  /// details' fields (ScenarioFormat.md, `expect.events`).
  public var json: JSONValue {
    var object = JSONObject()
    object.append(JSONMember(key: "time", value: .init(.string(VirtualTimeFormat.text(time)))))
    object.append(JSONMember(key: "kind", value: .init(.string(kind.rawValue))))
    if let push { object.append(JSONMember(key: "push", value: .init(.string(push)))) }
    object.append(JSONMember(key: "source", value: .init(.string(source.rawValue))))
    object.append(JSONMember(key: "reason", value: .init(.string(reason))))
    for (key, value) in details.sorted(by: { $0.key < $1.key }) where object[key] == nil {
      object.append(JSONMember(key: key, value: value))
    }
    return JSONValue(.object(object))
  }
}
