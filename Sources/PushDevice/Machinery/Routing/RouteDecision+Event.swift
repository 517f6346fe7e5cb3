import Foundation
import PushPayload

extension RouteDecision {
  /// The event the device records for this decision: `route` with the route's name and
  /// parameters, or `route.unmatched` with the closest route and the reason.
  ///
  /// Source `model`: recording every response's route is PushSim's rule (Rules.md
  /// §8). Details carry `route`, `params` (when matched) and `action` (`default`, `dismiss`,
  /// or the action identifier), the field names `expect.events` and reports use.
  package func event(for response: NotificationResponse, at time: Date, push: String?)
    -> DeviceEvent
  {
    var details: [String: JSONValue] = [
      "action": JSONValue(
        .string(RouteConfiguration.ActionCondition(response.actionIdentifier).description))
    ]
    switch self {
    case .matched(let route):
      details["route"] = JSONValue(.string(route.name))
      details["params"] = route.json["params"]
      return DeviceEvent(
        time: time, kind: .route, push: push, source: .model, reason: reason, details: details)
    case .unmatched(let mismatch):
      if let name = mismatch.route { details["route"] = JSONValue(.string(name)) }
      return DeviceEvent(
        time: time, kind: .routeUnmatched, push: push, source: .model, reason: reason,
        details: details)
    }
  }
}
