import Foundation
import PushDevice
import PushPayload
import Testing

@Suite struct RouteDecisionTests {
  let time = Date(timeIntervalSince1970: 1_767_258_060)

  @Test func matchedDecisionBecomesARouteEvent() {
    let response = RoutingFixtures.tap(RoutingFixtures.seedChat)
    let decision = RouteTable([RoutingFixtures.chatRoute]).route(for: response)
    let event = decision.event(for: response, at: time, push: "m1")
    #expect(event.kind == .route)
    #expect(event.kind.rawValue == "route")
    #expect(event.push == "m1")
    #expect(event.time == time)
    #expect(event.source == .model)
    #expect(event.details["route"] == "chat")
    #expect(event.details["params"] == ["chatId": "chat_4521", "messageType": "text"])
    #expect(event.details["action"] == "default")
    #expect(event.reason == #"route `chat` {"chatId":"chat_4521","messageType":"text"}"#)
  }

  @Test func unmatchedDecisionBecomesARouteUnmatchedEvent() {
    let payload = RoutingFixtures.seedChat(setting: "chat-id", to: 4521)
    let response = NotificationResponse.dismiss(RoutingFixtures.request(payload))
    let table = RouteTable([
      RouteConfiguration(name: "chat", params: RoutingFixtures.chatRoute.params)
    ])
    let event = table.route(for: response).event(for: response, at: time, push: "m2")
    #expect(event.kind.rawValue == "route.unmatched")
    #expect(event.details["route"] == "chat")
    #expect(event.details["params"] == nil)
    #expect(event.details["action"] == "dismiss")
    #expect(event.reason == "closest route `chat`: `chat-id` is a number, the route needs a string")
  }

  @Test func customActionIsNamedByItsIdentifier() {
    let response = NotificationResponse.action(
      "reply", on: RoutingFixtures.request(RoutingFixtures.seedChat), userText: "ok")
    let event = RouteDecision.unmatched("nothing").event(for: response, at: time, push: nil)
    #expect(event.details["action"] == "reply")
    #expect(event.details["route"] == nil)
    #expect(event.reason == "nothing")
  }

  @Test func accessors() {
    let matched = RouteDecision.matched(Route(name: "home"))
    #expect(matched.route == Route(name: "home"))
    #expect(matched.mismatch == nil)
    #expect(matched.reason == "route `home` {}")
    let unmatched = RouteDecision.unmatched(
      RouteMismatch(route: "chat", failure: .missing(key: "k")))
    #expect(unmatched.route == nil)
    #expect(unmatched.mismatch?.route == "chat")
  }
}
