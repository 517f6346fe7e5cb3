import Foundation
import PushDevice
import PushPayload
import Testing

/// Live Activities on the device (Rules.md §13): the decoding rules, the timeline and the
/// addressing an app's server relies on.
@Suite struct LiveActivityTests {
  static let type = ActivityTypeDeclaration(
    name: "ScoreAttributes",
    attributes: [ActivityField(name: "match", type: .string)],
    contentState: [
      ActivityField(name: "home", type: .int), ActivityField(name: "kickoff", type: .date),
      ActivityField(name: "note", type: .optional(.string)),
      ActivityField(name: "scorers", type: .array(.string)),
    ])

  static func device(ios: IOSVersion = .newest) -> Device {
    var configuration = DeviceConfiguration()
    configuration.iosVersion = ios
    var app = AppConfiguration(bundleId: "com.example.score", state: .foreground)
    app.liveActivities.types = [type]
    return Device(configuration: configuration, app: app)
  }

  static let headers = PushHeaders(
    pushType: "liveactivity", topic: "com.example.score.push-type.liveactivity")

  static func content(home: Int = 0, kickoff: JSONValue = 0) -> JSONValue {
    ["home": .init(.number(JSONNumber(home))), "kickoff": kickoff, "scorers": []]
  }

  static func start(_ device: inout Device, id: String = "m1") {
    let started = device.startActivity(
      ActivityRequest(
        id: id, type: "ScoreAttributes", attributes: ["match": "A-B"], contentState: content()))
    #expect(started)
  }

  static func update(_ aps: JSONValue) -> JSONValue { ["aps": aps] }

  @Test func swiftFieldTypesParseAsWritten() {
    #expect(ActivityFieldType(swift: "[Date]?") == .optional(.array(.date)))
    #expect(ActivityFieldType(swift: "String") == .string)
    #expect(ActivityFieldType(swift: "Decimal") == nil)
    #expect(ActivityFieldType(swift: "[]") == nil)
  }

  @Test func iosVersionsCompareNumerically() throws {
    let older = try #require(IOSVersion("17.2"))
    let newer = try #require(IOSVersion("17.10"))
    #expect(older < newer)
    #expect(IOSVersion("18") == IOSVersion(18))
    #expect(IOSVersion("17.x") == nil)
    #expect(IOSVersion("1.2.3.4") == nil)
    #expect(older.description == "17.2")
  }

  @Test func contentStateDecodesWithJSONDecoderDefaults() throws {
    var device = Self.device()
    Self.start(&device)
    let now = device.now.timeIntervalSince1970
    let push: JSONValue = Self.update([
      "event": "update", "timestamp": .init(.number(JSONNumber(now + 1))),
      "content-state": [
        "home": 2.0, "kickoff": .init(.number(JSONNumber(now - 978_307_200))), "extra": true,
        "scorers": ["Ana"],
      ],
    ])
    device.receive(push, headers: Self.headers, id: "u1", to: .activity("m1"))
    let activity = try #require(device.liveActivity("m1"))
    #expect(device.push("u1")?.status == .delivered)
    #expect(activity.contentState["home"]?.numberValue?.integer == 2)
    #expect(activity.contentState["kickoff"]?.stringValue == "2026-01-01T09:00:00Z")
    #expect(activity.contentState["note"]?.isNull == true)
    #expect(activity.contentState["extra"] == nil)
  }

  @Test func aFractionalIntOrAWrongArrayElementFailsAndKeepsTheContent() throws {
    var device = Self.device()
    Self.start(&device)
    let now = device.now.timeIntervalSince1970
    device.receive(
      Self.update([
        "event": "update", "timestamp": .init(.number(JSONNumber(now + 1))),
        "content-state": ["home": 1.5, "kickoff": 0, "scorers": []],
      ]), headers: Self.headers, id: "half", to: .activity("m1"))
    device.receive(
      Self.update([
        "event": "update", "timestamp": .init(.number(JSONNumber(now + 2))),
        "content-state": ["home": 1, "kickoff": 0, "scorers": [1]],
      ]), headers: Self.headers, id: "array", to: .activity("m1"))
    #expect(device.push("half")?.status == .discarded)
    #expect(device.push("array")?.status == .discarded)
    let paths = device.diagnostics.filter { $0.diagnostic.code == .liveActivityContentStateDecode }
      .map(\.diagnostic.path)
    #expect(paths == ["aps.content-state.home", "aps.content-state.scorers[0]"])
    #expect(device.liveActivity("m1")?.contentState["home"]?.numberValue?.integer == 0)
  }

  @Test func theTimelineEndsAndDismissesOnTheVirtualClock() throws {
    var device = Self.device()
    Self.start(&device)
    device.advance(by: .seconds(8 * 3600 - 1))
    #expect(device.dynamicIslandActivity?.id == "m1")
    device.advance(by: .seconds(1))
    #expect(device.liveActivity("m1")?.state == .ended)
    #expect(device.dynamicIslandActivity == nil)
    #expect(device.lockScreenActivities.map(\.id) == ["m1"])
    device.advance(by: .seconds(4 * 3600))
    #expect(device.liveActivity("m1")?.state == .dismissed)
    #expect(device.lockScreenActivities.isEmpty)
  }

  @Test func pushesNeedAnActivityKitTokenAndActivityTokensTakeNothingElse() {
    var device = Self.device()
    Self.start(&device)
    let aps: JSONValue = Self.update(["event": "update", "content-state": Self.content()])
    let plain = device.receive(aps, headers: Self.headers, id: "plain")
    #expect(plain.httpStatus == 400)
    #expect(plain.reason == "DeviceTokenNotForTopic")
    let alert = device.receive(["aps": ["alert": "Hi"]], id: "alert", to: .activity("m1"))
    #expect(alert.reason == "DeviceTokenNotForTopic")
    let token = device.liveActivity("m1")?.token ?? ""
    #expect(token.count == 64)
    let literal = device.receive(aps, headers: Self.headers, id: "literal", to: .token(token))
    #expect(literal.status == .delivered)
    let unknown = device.receive(aps, headers: Self.headers, id: "x", to: .token("ffff"))
    #expect(unknown.reason == "BadDeviceToken")
    #expect(device.center.isEmpty)
  }

  @Test func pushToStartWaitsForIOS17Point2() {
    var device = Self.device(ios: IOSVersion(17, 1))
    #expect(device.pushToStartToken == nil)
    let start: JSONValue = Self.update([
      "event": "start", "attributes-type": "ScoreAttributes", "attributes": ["match": "C-D"],
      "content-state": Self.content(), "alert": ["title": "Kick-off", "body": "C-D"],
    ])
    device.receive(start, headers: Self.headers, id: "s1", to: .pushToStart)
    #expect(device.liveActivities.isEmpty)
    var newer = Self.device(ios: IOSVersion(17, 2))
    var closed = newer.app
    closed.state = .notRunning
    newer.setApp(closed)
    newer.receive(start, headers: Self.headers, id: "s1", to: .pushToStart)
    #expect(newer.appState == .background)
    #expect(newer.liveActivity("s1")?.state == .active)
    #expect(newer.liveActivity("s1")?.token != nil)
    #expect(newer.appStatus.backgroundWakes == 1)
  }

  @Test func theAppCanStartOnlyFromTheForegroundAndWithinItsLimit() {
    var device = Self.device()
    var settings = device.configuration
    settings.liveActivities.maximumPerApp = 1
    device.setDevice(settings)
    Self.start(&device, id: "one")
    let second = device.startActivity(
      ActivityRequest(
        id: "two", type: "ScoreAttributes", attributes: ["match": "x"],
        contentState: Self.content()))
    #expect(!second)
    let errors = device.events.events(ofKind: .activityFailed).map(\.details["error"])
    #expect(errors.map { $0?.stringValue } == ["targetMaximumExceeded"])
  }

  @Test func absurdNumbersInAPushAreDroppedWithoutTrapping() {
    var device = Self.device()
    Self.start(&device)
    let push: JSONValue = Self.update([
      "event": "update", "timestamp": 1e300, "stale-date": -1e300, "relevance-score": 1e308,
      "content-state": ["home": 1e300, "kickoff": 1e300, "scorers": []],
    ])
    device.receive(push, headers: Self.headers, id: "huge", to: .activity("m1"))
    #expect(device.push("huge")?.status == .discarded)
    #expect(device.diagnostics.map(\.diagnostic.code).contains(.liveActivityTimestampMilliseconds))
    let now = device.now.timeIntervalSince1970
    let sane: JSONValue = Self.update([
      "event": "update", "timestamp": .init(.number(JSONNumber(now + 1))),
      "content-state": ["home": 1e300, "kickoff": 1e300, "scorers": []],
    ])
    device.receive(sane, headers: Self.headers, id: "big-int", to: .activity("m1"))
    #expect(device.push("big-int")?.status == .discarded)
  }
}
