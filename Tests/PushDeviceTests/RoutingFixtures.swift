import Foundation
import PushDevice
import PushPayload

/// Payloads and responses shared by the routing tests (copied from the seed article,
/// seeds/000_847ef254a99c3d59.txt; the tests do not read ../shared).
enum RoutingFixtures {
  /// The seed article's chat message payload.
  static let seedChat: JSONValue = [
    "aps": [
      "alert": ["title": "Nuevo mensaje", "body": "¡Hola! ¿Cómo estás?"],
      "badge": 5, "sound": "default", "category": "message", "thread-id": "chat_4521",
      "mutable-content": 1,
    ],
    "sender-id": "user_789",
    "chat-id": "chat_4521",
    "message-type": "text",
    "image-url": "https://cdn.example.com/img.jpg",
  ]

  /// The seed article's rich notification payload (category `product`, a `media-url`).
  static let seedProduct: JSONValue = [
    "aps": [
      "alert": ["title": "Nuevo producto", "body": "Mira la nueva colección"],
      "category": "product", "mutable-content": 1,
    ],
    "media-url": "https://cdn.example.com/product.jpg",
  ]

  /// The seed article's plain reminder (no category, no custom keys).
  static let seedReminder: JSONValue = [
    "aps": ["alert": "Recordatorio: reunión en 15 minutos", "badge": 3, "sound": "default"]
  ]

  /// The seed chat payload with `key` replaced (or removed, for `nil`).
  static func seedChat(setting key: String, to value: JSONValue?) -> JSONValue {
    guard case .object(let object) = seedChat.kind else { return seedChat }
    var copy = JSONObject()
    for member in object.members where member.key != key { copy.append(member) }
    if let value { copy.append(JSONMember(key: key, value: value)) }
    return JSONValue(.object(copy))
  }

  /// A request carrying `payload`, with the category taken from `aps.category` as the device
  /// would.
  static func request(_ payload: JSONValue, identifier: String = "m1") -> NotificationRequest {
    NotificationRequest(
      identifier: identifier,
      content: NotificationContent(
        categoryIdentifier: payload["aps"]?["category"]?.stringValue ?? "", payload: payload),
      date: Date(timeIntervalSince1970: 1_767_258_000))
  }

  /// A tap on a notification carrying `payload`.
  static func tap(_ payload: JSONValue) -> NotificationResponse {
    .tap(request(payload))
  }

  /// The scenario format's chat route (ScenarioFormat.md, "A route").
  static let chatRoute = RouteConfiguration(
    name: "chat", when: .init(category: "message", action: .default),
    params: [
      .init("chatId", key: "chat-id", type: .string, required: true),
      .init("messageType", key: "message-type", type: .string, default: "text"),
    ])
}

/// The seed article's delegate, ported to the ``Router`` seam.
///
/// The original (seeds/000_847ef254a99c3d59.txt):
/// ```swift
/// let userInfo = response.notification.request.content.userInfo
/// guard let chatId = userInfo["chat-id"] as? String else { completionHandler(); return }
/// let messageType = userInfo["message-type"] as? String ?? "text"
/// NavigationRouter.shared.navigate(to: .chat(chatId: chatId, messageType: messageType))
/// ```
struct SeedNavigationRouter: Router {
  /// The app's destinations, as the seed's `NavigationRouter` knows them.
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

  /// The seed's logic, line for line, on `userInfo` as an app receives it.
  func destination(for response: NotificationResponse) -> Destination? {
    let userInfo = response.notification.request.content.userInfo
    guard let chatId = userInfo["chat-id"] as? String else { return nil }
    let messageType = userInfo["message-type"] as? String ?? "text"
    return .chat(chatId: chatId, messageType: messageType)
  }

  func route(for response: NotificationResponse) -> RouteDecision {
    guard let destination = destination(for: response) else {
      return .unmatched("`chat-id` is missing or not a string; the delegate returns early")
    }
    return .matched(destination.route)
  }
}
