import Foundation
import PushDevice
import PushPayload
import Testing

/// The JSON the device gives `expect.notification` and `expect.routes`: every field the
/// scenario format lets a check name is filled in, so no accepted check can never pass.
@Suite struct RecordJSONTests {
  typealias T = DeviceTesting

  @Test func notificationJSONCarriesLanguageStatusDateAndUserInfo() async throws {
    var device = T.device()
    let payload = T.alert("Hi", extra: [("chat-id", "c1")])
    device.receive(payload, id: "m1")
    let json = try #require(device.notification("m1")?.json)
    #expect(json["language"]?.stringValue == "en")
    #expect(json["status"]?.stringValue == "delivered")
    #expect(json["date"]?.stringValue == "2026-01-01T09:00:00Z")
    #expect(json["userInfo"]?["chat-id"]?.stringValue == "c1")
    #expect(json["targetContentId"]?.isNull == true)
    #expect(json["presentation"]?["badge"]?.boolValue == false)

    try device.tap("m1")
    #expect(device.notification("m1")?.json["status"]?.stringValue == "opened")
  }

  @Test func routesSayWhichActionLedThere() async throws {
    let routes = [
      RouteConfiguration(
        name: "chat",
        params: [
          .init("chatId", key: "chat-id", type: .string, required: true)
        ])
    ]
    var device = T.device(app: T.app(routes: routes))
    device.receive(T.alert("Hi", extra: [("chat-id", "c1")]), id: "m1")
    try device.tap("m1")
    let json = try #require(device.routes.first?.json)
    #expect(json["route"]?.stringValue == "chat")
    #expect(json["action"]?.stringValue == "default")
  }
}
