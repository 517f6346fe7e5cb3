import Foundation
import PushDevice
import PushPayload
import Testing

/// The examples of Documentation/Guides/PrototypingInSwift.md and ServiceExtensionsAndMedia.md,
/// verbatim; the first with its comments as expectations.
@Suite struct PrototypingGuideTests {
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

  /// The extension of ServiceExtensionsAndMedia.md ("Your own extension"), verbatim.
  struct Decorate: ServiceExtension {
    func didReceive(_ request: NotificationRequest, context: ServiceExtensionContext) async throws
      -> NotificationContent
    {
      var content = request.content
      content.title = "🛍 " + content.title
      if let address = content.payload["image"]?.stringValue, let url = URL(string: address) {
        let media = try await context.fetchMedia(from: url)
        let file = try context.writeAttachmentFile(media.data, type: media.type)
        content.attachments = [NotificationAttachment(identifier: "image", url: file)]
      }
      return content
    }
    func timeWillExpire() async -> NotificationContent? { nil }  // nil: show the original
  }

  /// The view model of PrototypingInSwift.md, verbatim.
  @MainActor final class InboxModel {
    let phone = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.chat"),
      code: AppCode(router: ChatRouter(), serviceExtension: { Decorate() }))
    var shown: [String] = []

    func simulate(_ payload: JSONValue) async {
      await phone.receive(payload, id: "m1")  // the extension runs inside
      shown = await phone.read { $0.center.flatMap(\.notifications) }
    }
  }

  @MainActor @Test func theViewModelExampleRunsTheExtension() async throws {
    let model = InboxModel()
    await model.simulate(
      ["aps": ["alert": ["title": "New in"], "mutable-content": 1], "chat-id": "c1"])
    #expect(model.shown == ["m1"])
    let title = await model.phone.read { $0.notification("m1")?.title }
    #expect(title == "🛍 New in")
    try await model.phone.tap("m1")
    #expect(await model.phone.read { $0.routes.map(\.name) } == ["chat"])
  }
}
