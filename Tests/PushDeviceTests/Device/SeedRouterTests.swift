import Foundation
import PushDevice
import PushPayload
import PushSimTestSupport
import Testing

/// The seed articles' `userNotificationCenter(_:didReceive:withCompletionHandler:)`, ported to
/// a ``Router``: guard on `chat-id` as a String, default `message-type` to "text", navigate to
/// `.chat(chatId:messageType:)`.
struct SeedChatRouter: Router {
  /// The app's destinations (`NavigationRouter.shared.navigate(to: .chat(...))`).
  enum Destination: Equatable {
    case chat(chatId: String, messageType: String)

    var route: Route {
      switch self {
      case .chat(let chatId, let messageType):
        Route(
          name: "chat", params: ["chatId": .string(chatId), "messageType": .string(messageType)])
      }
    }
  }

  func route(for response: NotificationResponse) -> RouteDecision {
    let userInfo = response.notification.request.content.userInfo
    guard let chatId = userInfo["chat-id"] as? String else {
      return .unmatched("`chat-id` is missing or not a string")
    }
    let messageType = userInfo["message-type"] as? String ?? "text"
    return .matched(Destination.chat(chatId: chatId, messageType: messageType).route)
  }
}

@Suite struct SeedRouterTests {
  static func seed(_ name: String) throws -> Data {
    try Data(contentsOf: Repository.folder().appendingPathComponent("../Fixtures/seed/\(name)"))
  }

  static func device() -> Device {
    Device(
      configuration: DeviceConfiguration(languages: ["es"]),
      app: AppConfiguration(bundleId: "com.example.chat"), router: SeedChatRouter())
  }

  @Test func theChatMessageRoutesToTheChat() async throws {
    var device = Self.device()
    device.receive(data: try Self.seed("es-chat-message.json"), id: "m1")
    #expect(device.status("m1") == .delivered)
    #expect(device.notification("m1")?.title == "Nuevo mensaje")
    #expect(device.badge == 5)
    try device.tap("m1")
    #expect(
      device.routes.map(\.route) == [
        SeedChatRouter.Destination.chat(chatId: "chat_4521", messageType: "text").route
      ])
  }

  @Test func aMissingMessageTypeDefaultsToText() async throws {
    var device = Self.device()
    let payload: JSONValue = ["aps": ["alert": "Hola"], "chat-id": "chat_1"]
    device.receive(payload, id: "m1")
    try device.tap("m1")
    #expect(device.routes.first?.route.params["messageType"] == .string("text"))
  }

  @Test func aNumericChatIdTakesNoRouteAndTheReasonIsRecorded() async throws {
    var device = Self.device()
    let payload: JSONValue = ["aps": ["alert": "Hola"], "chat-id": 4521, "message-type": "text"]
    device.receive(payload, id: "m1")
    let decision = try device.tap("m1")
    #expect(decision.route == nil)
    #expect(device.routes.isEmpty)
    #expect(device.responses.count == 1)
    let unmatched = device.events.events(ofKind: .routeUnmatched)
    #expect(unmatched.map(\.push) == ["m1"])
    #expect(unmatched.first?.reason == "`chat-id` is missing or not a string")
  }

  @Test(arguments: ["es-plain-text.json", "es-localized.json", "es-rich-product.json"])
  func seedsWithoutAChatIdTakeNoRoute(name: String) async throws {
    var device = Self.device()
    device.receive(data: try Self.seed(name), id: "p")
    #expect(device.status("p") == .delivered)
    try device.tap("p")
    #expect(device.routes.isEmpty)
    #expect(device.events.events(ofKind: .routeUnmatched).count == 1)
  }

  @Test func theSilentSyncSeedIsABackgroundPush() async throws {
    var device = Device(
      app: AppConfiguration(bundleId: "com.example.chat", backgroundModes: [.remoteNotification]),
      router: SeedChatRouter())
    device.receive(data: try Self.seed("es-silent-sync.json"), id: "s")
    #expect(device.status("s") == .silent)
    #expect(device.appStatus.backgroundWakes == 1)
  }
}
