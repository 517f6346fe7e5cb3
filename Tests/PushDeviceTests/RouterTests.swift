import Foundation
import PushDevice
import PushPayload
import Testing

@Suite struct RouterTests {
  let router = SeedNavigationRouter()

  @Test func seedChatPayloadNavigatesToTheChat() {
    let response = RoutingFixtures.tap(RoutingFixtures.seedChat)
    #expect(router.destination(for: response) == .chat(chatId: "chat_4521", messageType: "text"))
    #expect(
      router.route(for: response)
        == .matched(Route(name: "chat", params: ["chatId": "chat_4521", "messageType": "text"])))
  }

  @Test func payloadWithoutChatIdGoesNowhere() {
    let response = RoutingFixtures.tap(RoutingFixtures.seedChat(setting: "chat-id", to: nil))
    #expect(router.destination(for: response) == nil)
    let decision = router.route(for: response)
    #expect(decision.route == nil)
    #expect(
      decision.mismatch?.failure
        == .other("`chat-id` is missing or not a string; the delegate returns early"))
    #expect(decision.mismatch?.route == nil)
  }

  @Test func numericChatIdDoesNotCastToString() {
    let response = RoutingFixtures.tap(RoutingFixtures.seedChat(setting: "chat-id", to: 4521))
    #expect(response.notification.request.content.userInfo["chat-id"] as? Int == 4521)
    #expect(router.destination(for: response) == nil)
    #expect(router.route(for: response).route == nil)
  }

  @Test func missingMessageTypeDefaultsToText() {
    let response = RoutingFixtures.tap(RoutingFixtures.seedChat(setting: "message-type", to: nil))
    #expect(router.destination(for: response) == .chat(chatId: "chat_4521", messageType: "text"))
  }

  /// The declarative table written in the scenario format decides as the ported code does,
  /// and says more when it does not match.
  @Test(arguments: [
    RoutingFixtures.seedChat,
    RoutingFixtures.seedChat(setting: "chat-id", to: nil),
    RoutingFixtures.seedChat(setting: "chat-id", to: 4521),
    RoutingFixtures.seedChat(setting: "message-type", to: nil),
    RoutingFixtures.seedChat(setting: "message-type", to: 3),
    RoutingFixtures.seedChat(setting: "message-type", to: "voice"),
  ])
  func routeTableAgreesWithThePortedDelegate(payload: JSONValue) {
    let response = RoutingFixtures.tap(payload)
    let table = RouteTable([RoutingFixtures.chatRoute])
    #expect(table.route(for: response).route == router.route(for: response).route)
  }

  @Test func closureRouterCallsItsClosure() {
    let router = ClosureRouter { response in
      response.isDismiss ? .unmatched("dismissed") : .matched(Route(name: "home"))
    }
    let request = RoutingFixtures.request(RoutingFixtures.seedReminder)
    #expect(router.route(for: .tap(request)) == .matched(Route(name: "home")))
    #expect(router.route(for: .dismiss(request)).reason == "dismissed")
  }
}
