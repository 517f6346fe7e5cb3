import Foundation
import PushDevice
import PushPayload
import Testing

/// The response → router → route path through the ``Device`` API (Rules.md §8):
/// every response the app receives reaches the router, and the route or the reason is recorded.
@Suite struct RouterDeviceTests {
  /// The scenario format's chat category: a text-input reply, a background mark-read, an
  /// authenticated mute, and `customDismissAction`.
  static let message = NotificationCategory(
    id: "message",
    actions: [
      NotificationAction(
        id: "reply", title: "Reply", options: [.foreground],
        textInput: .init(button: "Send", placeholder: "Message")),
      NotificationAction(id: "mark-read", title: "Mark as read"),
      NotificationAction(
        id: "mute", title: "Mute", options: [.destructive, .authenticationRequired]),
    ],
    options: [.customDismissAction])

  static let routes: [RouteConfiguration] = [
    RoutingFixtures.chatRoute,
    RouteConfiguration(
      name: "reply", when: .init(category: "message", action: "reply"),
      params: [.init("chatId", key: "chat-id", required: true)]),
    RouteConfiguration(
      name: "dismissed", when: .init(action: .dismiss),
      params: [.init("thread", key: "aps.thread-id")]),
  ]

  func device(
    routes: [RouteConfiguration] = Self.routes, categories: [NotificationCategory] = [Self.message],
    router: (any Router)? = nil
  ) -> Device {
    Device(
      app: AppConfiguration(bundleId: "com.example.chat", categories: categories, routes: routes),
      router: router)
  }

  @Test func tapOnTheSeedChatTakesTheChatRoute() async throws {
    var device = device()
    device.receive(RoutingFixtures.seedChat, id: "m1")
    let decision = try device.tap("m1")
    let chat = Route(name: "chat", params: ["chatId": "chat_4521", "messageType": "text"])
    #expect(decision == .matched(chat))
    #expect(device.routes == [RouteRecord(push: "m1", route: chat)])
    #expect(
      device.routes.map(\.json) == [
        [
          "route": "chat", "params": ["chatId": "chat_4521", "messageType": "text"], "push": "m1",
          "action": "default",
        ]
      ])
    #expect(device.push("m1")?.status == .opened)
    #expect(device.centerCount == 0)
    #expect(device.appState == .foreground)

    let kinds = device.events.events(for: "m1").map(\.kind.rawValue)
    #expect(Array(kinds.suffix(3)) == ["tap", "unlock", "route"])
    let event = try #require(device.events.events(ofKind: .route).last)
    #expect(event.push == "m1")
    #expect(event.source == .model)
    #expect(event.details["route"] == "chat")
    #expect(event.details["action"] == "default")
  }

  @Test func numericChatIdIsRecordedAsUnmatchedWithTheReason() async throws {
    var device = device()
    device.receive(RoutingFixtures.seedChat(setting: "chat-id", to: 4521), id: "m1")
    let decision = try device.tap("m1")
    #expect(decision.route == nil)
    #expect(device.routes.isEmpty)
    #expect(device.responses.map(\.decision) == [decision])
    let event = try #require(device.events.events(ofKind: .routeUnmatched).last)
    #expect(event.push == "m1")
    #expect(event.reason == "closest route `chat`: `chat-id` is a number, the route needs a string")
    #expect(event.details["route"] == "chat")
    // The tap itself still happened: the app opened and the notification left the center.
    #expect(device.push("m1")?.status == .opened)
    #expect(device.appState == .foreground)
  }

  @Test func missingChatIdIsRecordedAsUnmatched() async throws {
    var device = device()
    device.receive(RoutingFixtures.seedChat(setting: "chat-id", to: nil), id: "m1")
    let decision = try device.tap("m1")
    #expect(decision.reason == "closest route `chat`: `chat-id` is missing")
    #expect(device.events.events(ofKind: .routeUnmatched).map(\.push) == ["m1"])
  }

  @Test func textInputActionReachesTheRouterWithItsText() async throws {
    let seen = ClosureRouter { response in
      .matched(
        Route(
          name: response.actionIdentifier,
          params: response.userText.map { ["text": .string($0)] } ?? [:]))
    }
    var device = device(router: seen)
    device.receive(RoutingFixtures.seedChat, id: "m1")
    let decision = try device.tap("m1", action: "reply", text: "On my way")
    #expect(decision.route == Route(name: "reply", params: ["text": "On my way"]))
    let response = try #require(device.responses.last?.response)
    #expect(response.actionIdentifier == "reply")
    #expect(response.userText == "On my way")
  }

  @Test func customActionTakesItsRouteFromTheTable() async throws {
    var device = device()
    device.receive(RoutingFixtures.seedChat, id: "m1")
    let decision = try device.tap("m1", action: "reply", text: "ok")
    #expect(decision.route == Route(name: "reply", params: ["chatId": "chat_4521"]))
    #expect(device.events.events(ofKind: .route).last?.details["action"] == "reply")
  }

  @Test func backgroundActionIsRoutedWithoutOpeningTheApp() async throws {
    var device = device(routes: [RouteConfiguration(name: "read", when: .init(action: "mark-read"))]
    )
    device.receive(RoutingFixtures.seedChat, id: "m1")
    let decision = try device.tap("m1", action: "mark-read")
    #expect(decision.route == Route(name: "read"))
    #expect(device.appState == .background)
    #expect(device.centerCount == 0)
  }

  @Test func anActionNoRouteCoversIsUnmatchedByAction() async throws {
    var device = device()
    device.receive(RoutingFixtures.seedChat, id: "m1")
    let decision = try device.tap("m1", action: "mute")
    #expect(
      decision.reason == "closest route `chat`: the action is `mute`, the route needs `default`")
  }

  @Test func explicitDismissWithCustomDismissActionIsRouted() async throws {
    var device = device()
    device.receive(RoutingFixtures.seedChat, id: "m1")
    let decision = try device.dismiss("m1")
    #expect(decision?.route == Route(name: "dismissed", params: ["thread": "chat_4521"]))
    #expect(device.push("m1")?.status == .dismissed)
    #expect(device.events.events(ofKind: .route).last?.details["action"] == "dismiss")
  }

  @Test func anEntryWithoutActionConditionCatchesTheDismissToo() async throws {
    var device = device(routes: [RouteConfiguration(name: "any", when: .init(category: "message"))])
    device.receive(RoutingFixtures.seedChat, id: "m1")
    #expect(try device.dismiss("m1")?.route == Route(name: "any"))
  }

  @Test func dismissWithoutCustomDismissActionNeverReachesTheRouter() async throws {
    var device = device(
      categories: [NotificationCategory(id: "message")],
      router: ClosureRouter { _ in .matched(Route(name: "should-not-happen")) })
    device.receive(RoutingFixtures.seedChat, id: "m1")
    #expect(try device.dismiss("m1") == nil)
    #expect(device.responses.isEmpty)
    #expect(device.events.events(ofKind: .route).isEmpty)
    #expect(device.events.events(ofKind: .routeUnmatched).isEmpty)
  }

  @Test func clearNeverReachesTheRouter() async {
    var device = device(router: ClosureRouter { _ in .matched(Route(name: "should-not-happen")) })
    device.receive(RoutingFixtures.seedChat, id: "m1")
    device.receive(RoutingFixtures.seedProduct, id: "p1")
    device.clear()
    #expect(device.responses.isEmpty)
    #expect(device.routes.isEmpty)
  }

  @Test func aFailedTapLeavesTheRouterUncalled() async {
    var device = device()
    device.receive(RoutingFixtures.seedChat, id: "m1")
    #expect(throws: ResponseError.self) { try device.tap("nope") }
    #expect(throws: ResponseError.self) { try device.tap("m1", action: "no-such-action") }
    #expect(device.responses.isEmpty)
    #expect(device.centerCount == 1)
  }

  @Test func aCustomRouterReplacesTheTable() async throws {
    var device = device(router: SeedNavigationRouter())
    device.receive(RoutingFixtures.seedChat, id: "m1")
    device.receive(RoutingFixtures.seedChat(setting: "chat-id", to: 4521), id: "m2")
    device.receive(RoutingFixtures.seedChat(setting: "message-type", to: nil), id: "m3")
    try device.tap("m1")
    try device.tap("m2")
    try device.tap("m3")
    #expect(
      device.routes == [
        RouteRecord(
          push: "m1",
          route: Route(name: "chat", params: ["chatId": "chat_4521", "messageType": "text"])),
        RouteRecord(
          push: "m3",
          route: Route(name: "chat", params: ["chatId": "chat_4521", "messageType": "text"])),
      ])
    #expect(
      device.events.events(ofKind: .routeUnmatched).map(\.reason) == [
        "`chat-id` is missing or not a string; the delegate returns early"
      ])
  }

  @Test func routesAreRecordedInResponseOrder() async throws {
    var device = device()
    for id in ["a", "b", "c"] { device.receive(RoutingFixtures.seedChat, id: id) }
    try device.tap("c")
    try device.dismiss("a")
    try device.tap("b", action: "reply", text: "x")
    #expect(device.routes.map(\.push) == ["c", "a", "b"])
    #expect(device.routes.map(\.name) == ["chat", "dismissed", "reply"])
  }

  /// The "Routing taps" example of Documentation/Guides/PrototypingInSwift.md, as written there.
  @Test func routingTapsGuideExample() async throws {
    let chat = RouteConfiguration(
      name: "chat", when: .init(category: "message", action: .default),
      params: [
        .init("chatId", key: "chat-id", type: .string, required: true),
        .init("messageType", key: "message-type", type: .string, default: "text"),
      ])
    var device = Device(app: AppConfiguration(bundleId: "com.example.chat", routes: [chat]))
    device.receive(
      ["aps": ["alert": "Hi", "category": "message"], "chat-id": 4521], id: "m1")
    let decision = try device.tap("m1")
    #expect(decision.route == nil)
    #expect(
      device.events.events(ofKind: .routeUnmatched).first?.reason
        == "closest route `chat`: `chat-id` is a number, the route needs a string")

    let request = NotificationRequest(
      identifier: "r1",
      content: NotificationContent(
        categoryIdentifier: "message", payload: ["aps": [:], "chat-id": "chat_4521"]),
      date: Date(timeIntervalSince1970: 0))
    #expect(
      RouteTable([chat]).route(for: .tap(request)).route?.jsonText
        == #"{"route":"chat","params":{"chatId":"chat_4521","messageType":"text"}}"#)
  }
}
