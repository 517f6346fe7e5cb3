import Foundation
import PushDevice
import PushPayload
import Testing

/// A request shares its fields between copies, yet behaves as a value: changing a copy never
/// changes another (a device snapshot, a service extension's input).
@Suite struct NotificationRequestTests {
  static let start = Date(timeIntervalSince1970: 1_000)

  @Test func changingACopyLeavesTheOriginal() {
    let original = NotificationRequest(
      identifier: "r1", content: NotificationContent(title: "A", payload: ["x": 1]),
      date: Self.start)
    var changed = original
    changed.content.title = "B"
    changed.content.payload = ["x": 2]
    changed.date = Self.start.addingTimeInterval(5)
    #expect(original.identifier == "r1" && changed.identifier == "r1")
    #expect(original.content.title == "A" && original.content.payload["x"] == 1)
    #expect(original.date == Self.start)
    #expect(changed.content.title == "B" && changed.content.payload["x"] == 2)
    #expect(changed.date == Self.start.addingTimeInterval(5))
    #expect(original != changed)
  }

  @Test func equalityComparesFieldsNotStorage() {
    let one = NotificationRequest(
      identifier: "r1", content: NotificationContent(body: "Hi"), date: Self.start)
    let same = NotificationRequest(
      identifier: "r1", content: NotificationContent(body: "Hi"), date: Self.start)
    #expect(one == same)
    #expect(one != NotificationRequest(identifier: "r2", content: one.content, date: Self.start))
    #expect(one != NotificationRequest(identifier: "r1", content: one.content, date: .distantPast))
  }

  @Test func aDeviceSnapshotKeepsItsNotificationWhenTheCopyMovesOn() throws {
    var device = Device(app: AppConfiguration(bundleId: "com.example.chat"))
    let headers = PushHeaders(collapseID: "score")
    device.receive(json: #"{"aps":{"alert":"1-0"}}"#, headers: headers, id: "a")
    let snapshot = device
    device.receive(json: #"{"aps":{"alert":"2-0"}}"#, headers: headers, id: "b")
    #expect(snapshot.deliveredNotifications.map(\.content.body) == ["1-0"])
    #expect(device.deliveredNotifications.map(\.content.body) == ["2-0"])
    #expect(try #require(snapshot.notification("a")).body == "1-0")
  }
}
