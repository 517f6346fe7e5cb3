import Foundation
import PushCore
import PushPayload
import Testing

@testable import PushDevice

/// The event log keeps every event of a long scenario to the end: a push's events are found
/// by push, and repeated reasons and details share storage without changing a byte of them.
@Suite struct EventLogStorageTests {
  static let start = Date(timeIntervalSince1970: 1_767_258_000)

  static func event(
    _ kind: EventKind, _ push: String?, _ reason: String, _ details: [String: JSONValue] = [:]
  ) -> DeviceEvent {
    DeviceEvent(
      time: start, kind: kind, push: push, source: .device, reason: reason, details: details)
  }

  @Test func eachPushsEventsAreFoundInOrderAmongOthers() {
    var log = EventLog()
    let pushes = ["a", "b", "c"]
    for round in 0..<50 {
      for push in pushes { log.append(Self.event(.delivered, push, "\(push) \(round)")) }
      log.append(Self.event(.badge, nil, "device \(round)"))
    }
    #expect(log.count == 200)
    for push in pushes {
      #expect(log.events(for: push).map(\.reason) == (0..<50).map { "\(push) \($0)" })
    }
    #expect(log.events(for: "d").isEmpty)
    #expect(log.events(ofKind: .badge).count == 50)
    #expect(log.map(\.reason) == log.events.map(\.reason))
  }

  /// A push's events are chained when they are first asked for and kept up to date after:
  /// events logged between two questions are found, and a copy of the log taken before more
  /// events never sees them, whichever copy asked first.
  @Test func askingBetweenEventsAndAcrossCopiesFindsEachLogsOwnEvents() {
    var log = EventLog()
    log.append(Self.event(.received, "a", "a 0"))
    #expect(log.events(for: "a").map(\.reason) == ["a 0"])
    log.append(Self.event(.received, "b", "b 0"))
    log.append(Self.event(.delivered, "a", "a 1"))
    #expect(log.events(for: "a").map(\.reason) == ["a 0", "a 1"])
    let copy = log
    log.append(Self.event(.presented, "a", "a 2"))
    var other = copy
    other.append(Self.event(.tap, "a", "a 2 in the copy"))
    #expect(log.events(for: "a").map(\.reason) == ["a 0", "a 1", "a 2"])
    #expect(copy.events(for: "a").map(\.reason) == ["a 0", "a 1"])
    #expect(other.events(for: "a").map(\.reason) == ["a 0", "a 1", "a 2 in the copy"])
    #expect(other.events(for: "b").map(\.reason) == ["b 0"])
    #expect(log.events(for: "c").isEmpty)
  }

  @Test func repeatedReasonsAndDetailsAreSharedAndUnchanged() throws {
    var log = EventLog()
    let flags: [String: JSONValue] = ["banner": true, "list": true, "sound": false]
    for index in 0..<3 {
      log.append(
        Self.event(.presented, "p\(index)", "banner, list, " + "Notification Center", flags))
    }
    let first = log[0]
    for event in log.dropFirst() {
      #expect(event == first.with(push: event.push))
      #expect(Self.storage(event.reason) == Self.storage(first.reason))
    }
    #expect(
      log.events.map(\.json)
        == (0..<3).map { Self.event(.presented, "p\($0)", first.reason, flags).json })
  }

  @Test func aRecurringReasonStaysSharedAmongReasonsThatDifferPerPush() {
    var log = EventLog()
    let common = "in Notification Center, " + "grouped in its thread"
    for index in 0..<3_000 {
      log.append(Self.event(.received, "p\(index)", "APNs received a request of \(index) bytes"))
      log.append(Self.event(.delivered, "p\(index)", common))
    }
    #expect(log.count == 6_000)
    for index in [0, 1_500, 2_999] {
      #expect(log[2 * index].reason == "APNs received a request of \(index) bytes")
      #expect(log[2 * index + 1].reason == common)
    }
    // Thousands of different reasons in between never push out the recurring one: its 3,000
    // events hold one copy of it.
    let copies = Set(stride(from: 1, to: 6_000, by: 2).compactMap { Self.storage(log[$0].reason) })
    #expect(copies.count == 1)
  }

  /// The reason table starts small and grows as reasons come: a reason seen once, before the
  /// table grew past it, is still shared when it comes again.
  @Test func reasonsKeptAsTheTableGrowsAreStillShared() {
    var log = EventLog()
    let reasons = (0..<300).map { "a reason long enough to be kept, number \($0)" }
    for reason in reasons + reasons { log.append(Self.event(.delivered, nil, reason)) }
    #expect(log.map(\.reason) == reasons + reasons)
    for index in reasons.indices {
      #expect(Self.storage(log[index].reason) == Self.storage(log[300 + index].reason))
    }
  }

  @Test func textThatIsOnlyCanonicallyEqualStaysAsLogged() {
    var log = EventLog()
    let composed = "caf\u{E9} d\u{E9}j\u{E0} vu, r\u{E9}sum\u{E9} written out long"
    let decomposed = "cafe\u{301} de\u{301}ja\u{300} vu, re\u{301}sume\u{301} written out long"
    #expect(composed == decomposed)
    log.append(Self.event(.delivered, "a", composed, ["title": JSONValue(.string(composed))]))
    log.append(Self.event(.delivered, "b", decomposed, ["title": JSONValue(.string(decomposed))]))
    #expect(Array(log[0].reason.utf8) == Array(composed.utf8))
    #expect(Array(log[1].reason.utf8) == Array(decomposed.utf8))
    #expect(Array(log[1].details["title"]?.stringValue?.utf8 ?? "".utf8) == Array(decomposed.utf8))
  }

  @Test func numbersKeepTheTextTheyWereLoggedWith() throws {
    var log = EventLog()
    let one = try #require(JSONNumber(text: "1"))
    let onePointZero = try #require(JSONNumber(text: "1.0"))
    log.append(Self.event(.badge, "a", "badge", ["badge": JSONValue(.number(one))]))
    log.append(Self.event(.badge, "b", "badge", ["badge": JSONValue(.number(onePointZero))]))
    log.append(Self.event(.badge, "c", "badge", ["badge": JSONValue(.number(one))]))
    #expect(log.map { $0.details["badge"]?.numberValue?.text } == ["1", "1.0", "1"])
    #expect(log[1].json.jsonText.contains("\"badge\":1.0"))
  }

  /// Where a string's bytes are stored (nil for text held inline in the string itself).
  static func storage(_ text: String) -> UnsafeRawPointer? {
    var text = text
    return text.withUTF8 { UnsafeRawPointer($0.baseAddress) }
  }

  /// `firstIndex(about:from:where:)` finds, through a push's chain, the event a scan of the
  /// whole log from `start` finds: over random logs, asked between appends, and (once an event
  /// without a push names one in its details) by a scan.
  @Test func firstIndexAboutAPushIsTheFirstMatchAScanFinds() {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<40 {
      var log = EventLog()
      let pushes = ["a", "b", "c", "d"]
      let withDetailsPush = round % 4 == 0
      for step in 0..<120 {
        let push = Int.random(in: 0..<6, using: &generator)
        if push < pushes.count {
          log.append(Self.event(.delivered, pushes[push], "r\(step % 3)"))
        } else if withDetailsPush, push == pushes.count {
          log.append(Self.event(.badge, nil, "r\(step % 3)", ["push": "b"]))
        } else {
          log.append(Self.event(.badge, nil, "r\(step % 3)"))
        }
        guard step % 10 == 9 else { continue }
        for push in pushes {
          let reason = "r\(Int.random(in: 0..<3, using: &generator))"
          let start = Int.random(in: 0...log.count, using: &generator)
          let scanned = log.events[start...].firstIndex {
            $0.member("push") == JSONValue(.string(push)) && $0.reason == reason
          }
          #expect(log.firstIndex(about: push, from: start) { $0.reason == reason } == scanned)
        }
      }
    }
  }

  /// An event's `member(_:)` is its JSON's member of that name, details included (a detail
  /// named like a fixed field is not one, except `push` on an event about no push).
  @Test func anEventsMemberIsItsJSONsMember() throws {
    let events = [
      Self.event(.delivered, "a", "in Notification Center", ["banner": true, "reason": "x"]),
      Self.event(.badge, nil, "badge 3", ["badge": 3, "push": "p"]),
      Self.event(.badge, "b", "badge 3", ["push": "p", "time": "now"]),
    ]
    for event in events {
      let json = try #require(event.json.objectValue)
      for key in json.keys + ["nonsense", "details"] {
        #expect(event.member(key) == json[key], "\(key)")
      }
    }
  }
}

extension DeviceEvent {
  fileprivate func with(push: String?) -> DeviceEvent {
    var event = self
    event.push = push
    return event
  }

}
