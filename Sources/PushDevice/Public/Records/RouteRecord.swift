import PushPayload

/// A route the app took: what an element of `expect.routes` compares (`route`, `params`).
public struct RouteRecord: Sendable, Equatable {
  /// The push id of the notification that led there.
  public var push: String
  /// The route.
  public var route: Route
  /// The response's action: a tap, a dismiss, or a custom action.
  public var action: RouteConfiguration.ActionCondition

  /// Creates a record.
  package init(
    push: String, route: Route, action: RouteConfiguration.ActionCondition = .default
  ) {
    self.push = push
    self.route = route
    self.action = action
  }

  /// The route name (`expect.routes[].route`).
  public var name: String { route.name }

  /// As JSON: `route`, `params`, `push`, `action`.
  package var json: JSONValue {
    var object = JSONObject()
    object.append(JSONMember(key: "route", value: .init(.string(route.name))))
    object.append(JSONMember(key: "params", value: route.json["params"] ?? [:]))
    object.append(JSONMember(key: "push", value: .init(.string(push))))
    object.append(JSONMember(key: "action", value: .init(.string(action.description))))
    return JSONValue(.object(object))
  }
}
