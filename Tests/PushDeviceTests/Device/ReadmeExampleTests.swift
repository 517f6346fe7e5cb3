import PushDevice
import PushPayload
import Testing

/// The README's "Prototyping in Swift" example, verbatim, with its comments as expectations.
@Suite struct ReadmeExampleTests {
  /// The app's tap handler, ported from its UNUserNotificationCenterDelegate.
  struct ChatRouter: Router {
    func route(for response: NotificationResponse) -> RouteDecision {
      let userInfo = response.notification.request.content.userInfo
      guard let chatId = userInfo["chat-id"] as? String else {
        return .unmatched("`chat-id` is missing or not a string")
      }
      let messageType = userInfo["message-type"] as? String ?? "text"
      return .matched(
        Route(
          name: "chat", params: ["chatId": .string(chatId), "messageType": .string(messageType)]))
    }
  }

  @Test func theExampleRunsAsDocumented() async throws {
    let app = AppConfiguration(
      bundleId: "com.example.chat", name: "Chat",
      categories: [NotificationCategory(id: "message", summaryFormat: "%u more messages")])
    var device = Device(app: app, router: ChatRouter())

    let message: JSONValue = [
      "aps": [
        "alert": ["title": "Ana", "body": "Are you coming?"], "thread-id": "chat_4521",
        "category": "message", "badge": 1,
      ],
      "chat-id": "chat_4521",
    ]
    device.receive(message, headers: PushHeaders(pushType: "alert"), id: "m1")
    device.advance(by: .seconds(30))
    device.receive(message, headers: PushHeaders(pushType: "alert"), id: "m2")

    #expect(device.center.map(\.notifications) == [["m2", "m1"]])
    #expect(device.center.first?.summary == "1 more messages")
    #expect(device.notification("m2")?.presentation.lockScreen == true)
    try device.tap("m2")
    #expect(device.routes.map(\.name) == ["chat"])
    #expect(device.appStatus.state == .foreground)
    #expect(device.events.jsonText.hasPrefix("[{\"time\":"))
  }
}
