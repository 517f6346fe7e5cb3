/// Where a response takes the app: a route name and typed parameters.
///
/// What a ``Router`` decides for a ``NotificationResponse`` — the picture is the seed article's
/// `NavigationRouter.shared.navigate(to: .chat(chatId: chatId, messageType: messageType))`,
/// which is `Route(name: "chat", params: ["chatId": "chat_4521", "messageType": "text"])`.
/// The device records every route taken (Rules.md §8); its JSON form is the
/// scenario format's `expect.routes` element, `{"route": "chat", "params": {...}}`.
public struct Route: Sendable, Hashable {
  /// The route's name.
  public var name: String
  /// The parameters, by name.
  public var params: [String: RouteValue]

  /// Creates a route.
  public init(name: String, params: [String: RouteValue] = [:]) {
    self.name = name
    self.params = params
  }

  /// The parameter named `name`, if the route has it.
  public subscript(name: String) -> RouteValue? { params[name] }
}

extension Route: CustomStringConvertible {
  /// The route as compact JSON (see ``json``).
  public var description: String { jsonText }
}
