import PushDevice
import PushPayload
import PushSimTestSupport
import Testing

@testable import PushScenario

/// The quick answers an `expect` step tries first against the detailed matcher that words the
/// failures (`ExpectationMatcher.failures`, run on the state `Device.scenarioState(for:)`
/// builds): over random checks and values from fixed seeds, both say "holds" for exactly the
/// same ones.
@Suite struct DirectCheckTests {
  /// `ExpectationMatcher.matches` (no failure built) against `failures` on the same pair,
  /// with keys that match as subsequences (`events`, `diagnostics`) and a negated one
  /// (`noEvents`) among the random ones.
  @Test func theQuickMatcherAgreesWithTheDetailedOne() {
    var random = SeededGenerator(seed: 20_261_203)
    var holding = 0
    let count = 4_000
    for _ in 0..<count {
      let actual = Self.value(depth: 0, using: &random)
      let expected = Self.expectation(of: actual, depth: 0, using: &random)
      let quick = ExpectationMatcher.matches(expected, actual)
      let detailed = ExpectationMatcher.failures(
        expected: JSONObject([JSONMember(key: "k", value: expected)]),
        actual: JSONValue(.object(JSONObject([JSONMember(key: "k", value: actual)]))), step: 1)
      #expect(
        quick == detailed.isEmpty, "\(JSONText.compact(expected)) vs \(JSONText.compact(actual))")
      if quick { holding += 1 }
    }
    #expect(holding > count / 10)
    #expect(holding < count * 9 / 10)
  }

  /// `Device.satisfiesDirectly` (fields read off the records) against the matcher on the
  /// state, for `push` and `notification` checks of delivered, replaced, silent and rejected
  /// pushes and of ids the device never saw; any other section is left to the matcher.
  @Test func recordChecksAgreeWithTheMatcherOnTheBuiltState() async throws {
    let device = try await Self.playedDevice()
    var random = SeededGenerator(seed: 1_203)
    var holding = 0
    let count = 3_000
    for _ in 0..<count {
      let checks = Self.checks(on: device, using: &random)
      let direct = device.satisfiesDirectly(checks)
      let failures = ExpectationMatcher.failures(
        expected: checks, actual: device.scenarioState(for: checks), step: 1)
      let readable = checks.keys.allSatisfy {
        ["push", "notification", "events", "diagnostics"].contains($0)
      }
      let text = JSONText.compact(JSONValue(.object(checks)))
      if readable {
        #expect(direct == failures.isEmpty, "\(text): \(failures.map(\.message))")
      } else {
        #expect(!direct, "\(text) names a section read only from the built state")
      }
      if direct { holding += 1 }
    }
    #expect(holding > count / 10)
    #expect(holding < count * 9 / 10)
  }

  /// `DeviceEvent.member(_:)` and `PushDiagnostic.member(_:)`, which the quick `events` and
  /// `diagnostics` checks read, are the members of the JSON the matcher reads, for every
  /// event and finding of every bundled scenario.
  @Test func everyBundledEventsAndFindingsMembersAreItsJSONsMembers() async throws {
    var read = 0
    for result in try await StreamedReportBytesTests.bundledResults() {
      guard case .device(let device) = result.final else { continue }
      let events = device.events.map { event in (event.json, { (key: String) in event.member(key) })
      }
      let findings = device.diagnostics.map { finding in
        (finding.json, { (key: String) in finding.member(key) })
      }
      for (json, member) in events + findings {
        let object = try #require(json.objectValue)
        for key in object.keys + ["nonsense"] {
          #expect(member(key) == object[key], "\(result.file): \(key)")
        }
        read += 1
      }
    }
    #expect(read > 500)
  }

  /// `events` and `diagnostics` checks read off the logs (each written element among its
  /// push's when it names one) against the matcher on the built state, over random checks of
  /// the bundled scenarios' devices: their own elements in order, parts of them, out of
  /// order, altered.
  @Test func logChecksAgreeWithTheMatcherOnTheBuiltState() async throws {
    let (holding, checked) = try await Self.checkAgreement(
      of: ("events", "diagnostics"), rounds: 20, seed: 31_203
    ) { log, random in
      var positions = (0..<(1 + random.below(3))).map { _ in random.below(log.count) }
      if random.below(4) > 0 { positions.sort() }
      return positions.map { position -> JSONValue in
        var expected = Self.expectation(of: log[position], depth: 1, using: &random)
        // Now and then without its push: found by a scan rather than the push's chain.
        if random.below(4) == 0, let object = expected.objectValue {
          expected = JSONValue(.object(JSONObject(object.members.filter { $0.key != "push" })))
        }
        return expected
      }
    }
    #expect(holding > checked / 10)
    #expect(holding < checked * 9 / 10)
  }

  /// Plays random checks against the bundled scenarios' devices: for each device, `rounds`
  /// checks of each section named (the events section first, then the diagnostics one), each
  /// written by `write` from that section's log. Expects the quick check to agree with the
  /// matcher on the built state every time; returns how many checks held and how many ran.
  static func checkAgreement(
    of sections: (events: String, diagnostics: String), rounds: Int, seed: UInt64,
    write: (_ log: [JSONValue], _ random: inout SeededGenerator) -> [JSONValue]
  ) async throws -> (holding: Int, checked: Int) {
    var random = SeededGenerator(seed: seed)
    var holding = 0
    var checked = 0
    for result in try await StreamedReportBytesTests.bundledResults() {
      guard case .device(let device) = result.final else { continue }
      let logs = [
        (sections.events, device.events.map(\.json)),
        (sections.diagnostics, device.diagnostics.map(\.json)),
      ]
      for (section, log) in logs where !log.isEmpty {
        for _ in 0..<rounds {
          let written = write(log, &random)
          let checks = JSONObject([JSONMember(key: section, value: JSONValue(.array(written)))])
          let direct = device.satisfiesDirectly(checks)
          let failures = ExpectationMatcher.failures(
            expected: checks, actual: device.scenarioState(for: checks), step: 1)
          #expect(
            direct == failures.isEmpty,
            "\(result.file): \(JSONText.compact(JSONValue(.object(checks))))")
          if direct { holding += 1 }
          checked += 1
        }
      }
    }
    return (holding, checked)
  }

  // MARK: Random values

  static let keys = ["a", "b", "events", "diagnostics", "noEvents"]
  static let scalars: [JSONValue] = [
    JSONValue(.null), true, false, 0, 1, 1.0, 2.5, "a", "b",
    JSONValue(.number(JSONNumber(text: "-0") ?? JSONNumber(0))),
  ]

  /// A small random JSON value whose scalars often repeat.
  static func value(depth: Int, using random: inout SeededGenerator) -> JSONValue {
    switch depth < 3 ? random.below(4) : 0 {
    case 1:
      return JSONValue(
        .array((0..<random.below(4)).map { _ in value(depth: depth + 1, using: &random) }))
    case 2:
      return JSONValue(
        .object(
          JSONObject(
            (0..<random.below(4)).map { _ in
              JSONMember(
                key: keys[random.below(keys.count)], value: value(depth: depth + 1, using: &random))
            })))
    default:
      return scalars[random.below(scalars.count)]
    }
  }

  /// What a check of `actual` might say: its fields (some of them, for an object; a
  /// subsequence, for `events`), or now and then something else.
  static func expectation(
    of actual: JSONValue, depth: Int, using random: inout SeededGenerator
  ) -> JSONValue {
    if random.below(8) == 0 { return value(depth: depth, using: &random) }
    switch actual.kind {
    case .object(let object):
      let members = object.members.filter { _ in random.below(3) > 0 }.map { member in
        JSONMember(
          key: member.key, value: expectation(of: member.value, depth: depth + 1, using: &random))
      }
      return JSONValue(.object(JSONObject(members)))
    case .array(let elements):
      // Now and then some elements only: what an `events` check (a subsequence) says.
      let kept = random.below(3) == 0 ? elements.filter { _ in random.below(2) == 0 } : elements
      return JSONValue(.array(kept.map { expectation(of: $0, depth: depth + 1, using: &random) }))
    default:
      return actual
    }
  }

  // MARK: Random checks on a played device

  /// A device after a delivered push (`m1`), one replaced by a later push with its collapse id
  /// (`m2` by `m3`), a silent background push (`m4`) and one APNs rejects (`m5`).
  static func playedDevice() async throws -> Device {
    let scenario = try decodeScenario(
      """
      { "app": { "backgroundModes": ["remote-notification"] }, "steps": [
        { "push": { "id": "m1", "payload": { "aps": { "alert": { "title": "Hola", "body": "¿Qué tal?" },
          "thread-id": "t", "sound": "default", "badge": 2 }, "k": [1, 2] } } },
        { "push": { "id": "m2", "payload": { "aps": { "alert": "Uno" } },
          "headers": { "apns-collapse-id": "c" } } },
        { "push": { "id": "m3", "payload": { "aps": { "alert": "Dos" } },
          "headers": { "apns-collapse-id": "c", "apns-priority": "5" } } },
        { "push": { "id": "m4", "payload": { "aps": { "content-available": 1 } },
          "headers": { "apns-push-type": "background", "apns-priority": "5" } } },
        { "push": { "id": "m5", "payload": { "aps": { "alert": "x" } },
          "headers": { "apns-push-type": "nonsense" } } }
      ] }
      """)
    let result = await ScenarioRunner().run(scenario)
    guard case .device(let device) = result.final else {
      throw CheckError("the played scenario keeps no device")
    }
    return device
  }

  struct CheckError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  static let ids = ["m1", "m2", "m3", "m4", "m5", "m9"]
  static let pushFields = PushRecord.scenarioFieldsWithAPNsFacts + ["events", "nonsense"]
  static let notificationFields = [
    "push", "identifier", "status", "title", "body", "thread", "sound", "badge", "relevanceScore",
    "presentation", "userInfo", "attachments", "targetContentId", "diagnostics", "nonsense",
  ]

  /// An `expect` object of `push` and `notification` checks (now and then another section),
  /// each field holding the device's own value most of the time.
  static func checks(on device: Device, using random: inout SeededGenerator) -> JSONObject {
    var sections: [JSONMember] = []
    for _ in 0..<(1 + random.below(2)) {
      switch random.below(12) {
      case 0:
        sections.append(JSONMember(key: "badge", value: 2))
      case 1:
        sections.append(JSONMember(key: "push", value: "delivered"))
      case let roll:
        let isPush = roll % 2 == 0
        var entries: [JSONMember] = []
        for _ in 0..<(1 + random.below(2)) {
          let id = ids[random.below(ids.count)]
          if random.below(20) == 0 {
            entries.append(JSONMember(key: id, value: "delivered"))
            continue
          }
          let names = isPush ? pushFields : notificationFields
          var fields: [JSONMember] = []
          for _ in 0..<random.below(4) {
            let name = names[random.below(names.count)]
            let actual =
              isPush
              ? device.push(id)?.scenarioField(name) : device.notification(id)?.member(name)
            let value =
              actual.map { expectation(of: $0, depth: 1, using: &random) }
              ?? value(depth: 1, using: &random)
            fields.append(JSONMember(key: name, value: value))
          }
          entries.append(JSONMember(key: id, value: JSONValue(.object(JSONObject(fields)))))
        }
        sections.append(
          JSONMember(
            key: isPush ? "push" : "notification", value: JSONValue(.object(JSONObject(entries)))))
      }
    }
    return JSONObject(sections)
  }
}
