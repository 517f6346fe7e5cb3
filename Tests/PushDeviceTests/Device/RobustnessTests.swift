import Foundation
import PushDevice
import PushPayload
import Testing

/// "One push never breaks the device": any body ends in a recorded status and the next push
/// works (issue 4, Quality).
@Suite struct RobustnessTests {
  static let bodies: [String] = [
    "", "   ", "null", "[]", "\"aps\"", "{", "{\"aps\":", "{\"aps\": 5}",
    "{\"aps\": {\"alert\": 5}}",
    "{\"aps\": {\"alert\": {\"title\": [1, 2]}, \"badge\": \"3\"}}",
    "{\"aps\": {\"alert\": {\"loc-key\": \"%@ %@ %d %n\", \"loc-args\": [{}, null]}}}",
    "{\"aps\": {\"content-available\": \"yes\"}}", "{\"aps\": {}}", "{}",
    "{\"aps\": {\"alert\": \"x\", \"interruption-level\": 3, \"relevance-score\": \"high\"}}",
    "{\"aps\": {\"alert\": \"x\", \"sound\": {\"critical\": 1, \"volume\": 9}}}",
    "{\"aps\": {\"alert\": \"\\u0000\\ud800\"}}",
    "{\"aps\": {\"alert\": \"dup\"}, \"aps\": {\"alert\": \"last\"}}",
    String(repeating: "[", count: 10_000),
    "{\"aps\": {\"alert\": \"" + String(repeating: "x", count: 5000) + "\"}}",
  ]

  @Test(arguments: bodies)
  func anyBodyEndsInAStatusAndTheNextPushWorks(body: String) async {
    var device = Device(app: AppConfiguration(backgroundModes: [.remoteNotification]))
    let record = device.receive(json: body, id: "bad")
    #expect(PushStatus.allCases.contains(record.status))
    #expect(device.events.events(for: "bad").first?.kind == .received)
    #expect(device.events.events(for: "bad").count >= 2)
    device.receive(["aps": ["alert": "fine"]], id: "good")
    #expect(device.status("good") == .delivered)
    #expect(device.center.first?.notifications.first == "good")
  }

  @Test func rejectionsCarryTheAPNsStatusAndReason() async {
    var device = Device()
    let big = "{\"aps\": {\"alert\": \"" + String(repeating: "x", count: 5000) + "\"}}"
    let record = device.receive(json: big, id: "big")
    #expect(record.status == .rejected)
    #expect(record.httpStatus == 413)
    #expect(record.reason == "PayloadTooLarge")
    let empty = device.receive(json: "", id: "empty")
    #expect(empty.httpStatus == 400)
    #expect(empty.reason == "PayloadEmpty")
    let badPriority = device.receive(
      ["aps": ["alert": "x"]], headers: PushHeaders(priority: "7"), id: "prio")
    #expect(badPriority.reason == "BadPriority")
  }

  @Test func defaultPushIdsCountPushesFromOne() async {
    var device = Device()
    device.receive(["aps": ["alert": "1"]])
    device.receive(json: "")
    #expect(device.pushes.map(\.id) == ["push-1", "push-2"])
  }

  @Test func dictionaryPayloadsWork() async throws {
    var device = Device()
    let userInfo: [String: Any] = ["aps": ["alert": ["title": "T", "body": "B"]], "n": 1]
    device.receive(data: try JSONSerialization.data(withJSONObject: userInfo), id: "d")
    #expect(device.notification("d")?.title == "T")
    #expect(device.notification("d")?.content.userInfo["n"] as? Int == 1)
  }
}

/// The event log as reports and `expect.events` read it.
@Suite struct EventLogTests {
  @Test func eventsSerialiseWithTheScenarioFieldNames() async throws {
    var device = Device()
    device.advance(by: .milliseconds(250))
    device.receive(["aps": ["alert": "x", "badge": 1]], id: "m1")
    let json = device.events.json
    let first = try #require(json.arrayValue?.first)
    #expect(first["time"] == "2026-01-01T09:00:00.250Z")
    #expect(first["kind"] == "received")
    #expect(first["push"] == "m1")
    #expect(first["source"] == "apns")
    #expect(first["reason"]?.stringValue?.isEmpty == false)
    let text = device.events.jsonText
    #expect(
      text.hasPrefix(
        "[{\"time\":\"2026-01-01T09:00:00.250Z\",\"kind\":\"received\",\"push\":\"m1\""))
    let badge = try #require(json.arrayValue?.last)
    #expect(badge["kind"] == "badge")
    #expect(badge["badge"] == 1)
  }

  @Test func queriesByPushAndKind() async {
    var device = Device()
    device.receive(["aps": ["alert": "x"]], id: "a")
    device.receive(["aps": ["alert": "y"]], id: "b")
    #expect(device.events.events(for: "b").allSatisfy { $0.push == "b" })
    #expect(device.events.events(ofKind: .delivered).map(\.push) == ["a", "b"])
  }

  @Test func notificationJSONHasTheExpectFields() async throws {
    var device = Device()
    device.receive(
      ["aps": ["alert": ["title": "T", "body": "B"], "sound": "default"]], id: "a")
    let json = try #require(device.notification("a")?.json)
    #expect(json["title"] == "T")
    #expect(json["sound"] == "default")
    #expect(json["interruptionLevel"] == "active")
    #expect(json["presentation"]?["lockScreen"] == true)
    #expect(json["lockScreenText"]?["body"] == "B")
    #expect(json["attachments"] == [])
  }
}

/// Settings changed mid-run.
@Suite struct SettingsChangeTests {
  @Test func anAbsurdWaitDoesNotTrap() async {
    var device = Device()
    device.advance(by: .seconds(Int64.max))
    device.receive(["aps": ["alert": "late"]], id: "m1")
    #expect(device.status("m1") == .delivered)
    #expect(!device.events.jsonText.isEmpty)
  }

  @Test func anExtensionAddedMidRunRunsForLaterPushes() async {
    let host = DeviceHost()
    let payload: JSONValue = [
      "aps": ["alert": "pic", "mutable-content": 1], "media-url": "https://cdn.example.com/a.jpg",
    ]
    await host.receive(payload, id: "m1")
    var app = await host.device.app
    app.serviceExtension = ServiceExtensionConfiguration()
    await host.setApp(app)
    await host.receive(payload, id: "m2")
    let device = await host.device
    #expect(!device.kinds("m1").contains("extension.started"))
    #expect(device.kinds("m2").contains("extension.started"))
  }
}
