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
    let action = RouteConfiguration.ActionCondition(response.actionIdentifier).description
    switch self {
    case .matched(let route):
      return DeviceEvent(
        time: time,
        DeviceEvent.Route(action: action, route: route.name, params: route.json["params"]),
        push: push, source: .model, reason: reason)
    case .unmatched(let mismatch):
      return DeviceEvent(
        time: time, DeviceEvent.RouteUnmatched(action: action, route: mismatch.route),
        push: push, source: .model, reason: reason)
    }
  }
}
