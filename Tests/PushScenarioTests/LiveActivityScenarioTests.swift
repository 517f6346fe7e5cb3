import Foundation
import PushDevice
import PushScenario
import Testing

/// The Live Activity parts of a scenario (ScenarioFormat.md): `app.activities`, the
/// `startActivity` step, a push's `to`, `device.iosVersion`, each with its position on error.
@Suite struct LiveActivityScenarioTests {
  @Test(arguments: [
    (
      #"{ "app": { "activities": [ { "type": "T", "contentState": { "eta": "Instant" } } ] }, "steps": [] }"#,
      #"x.json:1:68: error: unknown field type "Instant"; use String, Int, Double, Bool, Date, URL, [T] or T?"#
    ),
    (
      #"{ "steps": [ { "startActivity": { "id": "a", "type": "T", "pushType": "tokens" } } ] }"#,
      #"x.json:1:71: error: "pushType" is "token", "channel:<id>" or null (no pushes); found "tokens""#
    ),
    (
      #"{ "steps": [ { "push": { "payload": {}, "to": "" } } ] }"#,
      #"x.json:1:47: error: "to" is "activity:<id>", "pushToStart", "channel:<id>", "voip", "widgets", "controls", "device" or a token; found """#
    ),
    (
      #"{ "app": { "liveActivities": { "channels": [ { "id": "c", "messageStoragePolicy": 2 } ] } }, "steps": [] }"#,
      #"x.json:1:83: error: "messageStoragePolicy" is 0 (No Message Stored) or 1 (Most Recent Message Stored); found 2"#
    ),
    (
      #"{ "app": { "liveActivities": { "channels": [ { "id": "c", "messageStoragePolicy": 0 }, { "id": "c", "messageStoragePolicy": 1 } ] } }, "steps": [] }"#,
      #"x.json:1:88: error: channel "c" is declared twice"#
    ),
    (
      #"{ "steps": [ { "startActivity": { "id": "a", "type": "T", "start": "soon" } } ] }"#,
      #"x.json:1:68: error: "soon" is not an ISO 8601 time such as "2026-07-03T12:00:00Z""#
    ),
    (
      #"{ "device": { "iosVersion": "14" }, "steps": [] }"#,
      #"x.json:1:29: error: "14" is not an iOS version PushSim models; write one such as "17.2" (15 or later)"#
    ),
  ])
  func invalidLiveActivityFieldsGiveThePosition(text: String, expected: String) {
    #expect(decodingError(text) == expected)
  }

  @Test func theStepsAndSettingsDecodeIntoTheDevicesTypes() throws {
    let scenario = try decodeScenario(
      #"""
      { "app": { "activities": [ { "type": "T", "attributes": { "id": "String" },
          "contentState": { "eta": "Date", "stops": "[Int]?" } } ],
          "liveActivities": { "supportsFrequentUpdates": true,
            "channels": [ { "id": "news", "messageStoragePolicy": 0 } ] } },
        "device": { "iosVersion": 17.2, "liveActivities": { "budgetPerHour": 4 } },
        "steps": [
          { "startActivity": { "id": "a", "type": "T", "pushType": "channel:abc", "relevanceScore": 5,
              "start": "2026-01-01T10:00:00Z" } },
          { "push": { "payload": {}, "to": "activity:a" } } ] }
      """#)
    let app = try scenario.app.appConfiguration()
    let device = try scenario.device.deviceConfiguration()
    #expect(app.liveActivities.supportsFrequentUpdates)
    #expect(
      app.liveActivities.type(named: "T")?.contentState.map(\.type) == [
        .date, .optional(.array(.int)),
      ])
    #expect(device.iosVersion == IOSVersion(17, 2))
    #expect(device.liveActivities.budgetPerHour == 4)
    guard case .startActivity(let start) = scenario.steps[0].action,
      case .push(let push) = scenario.steps[1].action
    else {
      Issue.record("unexpected steps")
      return
    }
    #expect(start.request.channel == .channel("abc"))
    #expect(start.request.relevanceScore == 5)
    #expect(start.request.start == Date(timeIntervalSince1970: 1_767_261_600))
    #expect(app.liveActivities.storagePolicy(ofChannel: "news") == .noMessageStored)
    #expect(app.liveActivities.storagePolicy(ofChannel: "other") == .mostRecentMessageStored)
    #expect(push.address == .activity("a"))
  }
}
