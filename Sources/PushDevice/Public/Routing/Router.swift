/// The app's navigation logic: where a response to a notification takes the app.
///
/// The seam a Swift user prototypes against (Architecture.md, "The seams users plug into"):
/// the device hands every response the app receives — a tap, a custom action, an explicit
/// dismiss with `customDismissAction` — to the router and records the decision, a route or the
/// reason there is none (Rules.md §8; Behavior.md §8 for which responses reach the app).
/// ``RouteTable`` implements it from the scenario `routes`; an app's own port of its
/// `userNotificationCenter(_:didReceive:withCompletionHandler:)` implements it in code:
///
/// ```swift
/// struct NavigationRouter: Router {
///   func route(for response: NotificationResponse) -> RouteDecision {
///     let userInfo = response.notification.request.content.userInfo
///     guard let chatId = userInfo["chat-id"] as? String else {
///       return .unmatched("`chat-id` is missing or not a string")
///     }
///     let messageType = userInfo["message-type"] as? String ?? "text"
///     return .matched(Route(name: "chat", params: [
///       "chatId": .string(chatId), "messageType": .string(messageType)]))
///   }
/// }
/// ```
///
/// A router must be a pure function of the response: no clock, no I/O (Architecture.md,
/// "Never"), so scenarios stay deterministic.
public protocol Router: Sendable {
  /// The route for `response`, or why there is none.
  func route(for response: NotificationResponse) -> RouteDecision
}

/// A ``Router`` made from a closure, for quick prototypes and tests.
public struct ClosureRouter: Router {
  private let body: @Sendable (NotificationResponse) -> RouteDecision

  /// Creates a router that calls `body` for every response.
  public init(_ body: @escaping @Sendable (NotificationResponse) -> RouteDecision) {
    self.body = body
  }

  /// Calls the closure.
  public func route(for response: NotificationResponse) -> RouteDecision { body(response) }
}

/// What a ``Router`` decided for one response: a route, or no route and why.
///
/// The device logs `.matched` as event `route` and `.unmatched` as `route.unmatched` with the
/// reason (ScenarioFormat.md, event kinds; Rules.md §8).
public enum RouteDecision: Sendable, Equatable {
  /// The app navigates to this route.
  case matched(Route)
  /// No route applies; the mismatch says which route came closest and what failed.
  case unmatched(RouteMismatch)

  /// The route taken, if any (the `Route?` of Architecture.md's seam).
  public var route: Route? {
    if case .matched(let route) = self { return route }
    return nil
  }

  /// Why no route was taken, if none was.
  public var mismatch: RouteMismatch? {
    if case .unmatched(let mismatch) = self { return mismatch }
    return nil
  }

  /// One line for the event log: `route chat {"chatId":"chat_4521"}` or the mismatch reason.
  public var reason: String {
    switch self {
    case .matched(let route):
      let params = route.json["params"]
      return "route `\(route.name)` \(params.map(\.jsonText) ?? "{}")"
    case .unmatched(let mismatch):
      return mismatch.reason
    }
  }
}
