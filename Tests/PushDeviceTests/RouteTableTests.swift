import Foundation
import PushDevice
import PushPayload
import Testing

@Suite struct RouteTableTests {
  let table = RouteTable([RoutingFixtures.chatRoute])

  // MARK: The seed payloads

  @Test func seedChatTapTakesTheChatRoute() {
    let decision = table.route(for: RoutingFixtures.tap(RoutingFixtures.seedChat))
    #expect(
      decision
        == .matched(Route(name: "chat", params: ["chatId": "chat_4521", "messageType": "text"]))
    )
    #expect(decision.route?["chatId"]?.stringValue == "chat_4521")
    #expect(decision.mismatch == nil)
  }

  @Test func missingChatIdIsNamed() {
    let payload = RoutingFixtures.seedChat(setting: "chat-id", to: nil)
    let decision = table.route(for: RoutingFixtures.tap(payload))
    #expect(decision.route == nil)
    #expect(decision.mismatch == RouteMismatch(route: "chat", failure: .missing(key: "chat-id")))
    #expect(decision.reason == "closest route `chat`: `chat-id` is missing")
  }

  @Test func numberWhereAStringIsRequiredDoesNotRead() {
    let payload = RoutingFixtures.seedChat(setting: "chat-id", to: 4521)
    let decision = table.route(for: RoutingFixtures.tap(payload))
    #expect(
      decision.mismatch
        == RouteMismatch(
          route: "chat", failure: .wrongType(key: "chat-id", found: 4521, expected: .string)))
    #expect(
      decision.reason == "closest route `chat`: `chat-id` is a number, the route needs a string")
  }

  @Test func seedProductAndReminderDoNotTakeTheChatRoute() {
    let product = table.route(for: RoutingFixtures.tap(RoutingFixtures.seedProduct))
    #expect(
      product.reason == "closest route `chat`: category is `product`, the route needs `message`")
    let reminder = table.route(for: RoutingFixtures.tap(RoutingFixtures.seedReminder))
    #expect(
      reminder.reason
        == "closest route `chat`: the notification has no category, the route needs `message`")
  }

  // MARK: Required and default

  @Test func optionalParameterFallsBackToItsDefaultWhenMissingOrOfAnotherType() {
    for value: JSONValue? in [nil, 7, .init(.null), ["text"]] {
      let payload = RoutingFixtures.seedChat(setting: "message-type", to: value)
      let route = table.route(for: RoutingFixtures.tap(payload)).route
      #expect(route?["messageType"] == "text", "message-type = \(String(describing: value))")
    }
    let image = RoutingFixtures.seedChat(setting: "message-type", to: "image")
    #expect(table.route(for: RoutingFixtures.tap(image)).route?["messageType"] == "image")
  }

  @Test func optionalParameterWithoutDefaultIsLeftOut() {
    let table = RouteTable([
      RouteConfiguration(
        name: "chat", params: [.init("sender", key: "sender-id"), .init("missing", key: "nope")])
    ])
    let route = table.route(for: RoutingFixtures.tap(RoutingFixtures.seedChat)).route
    #expect(route == Route(name: "chat", params: ["sender": "user_789"]))
  }

  @Test func requiredParameterIgnoresItsDefault() {
    let table = RouteTable([
      RouteConfiguration(
        name: "chat", params: [.init("chatId", key: "chat-id", required: true, default: "inbox")])
    ])
    let payload = RoutingFixtures.seedChat(setting: "chat-id", to: nil)
    #expect(
      table.route(for: RoutingFixtures.tap(payload)).mismatch?.failure == .missing(key: "chat-id"))
  }

  @Test func firstMatchingEntryWinsAndAFailedEntryFallsThrough() {
    let table = RouteTable([
      RoutingFixtures.chatRoute,
      RouteConfiguration(name: "inbox", when: .init(category: "message")),
      RouteConfiguration(name: "home"),
    ])
    let seed = table.route(for: RoutingFixtures.tap(RoutingFixtures.seedChat))
    #expect(seed.route?.name == "chat")
    let noChatId = RoutingFixtures.seedChat(setting: "chat-id", to: true)
    #expect(table.route(for: RoutingFixtures.tap(noChatId)).route == Route(name: "inbox"))
    #expect(
      table.route(for: RoutingFixtures.tap(RoutingFixtures.seedProduct)).route?.name == "home")
  }

  // MARK: Action conditions

  @Test func actionConditions() {
    let table = RouteTable([
      RouteConfiguration(name: "opened", when: .init(action: .default)),
      RouteConfiguration(name: "dismissed", when: .init(action: "dismiss")),
      RouteConfiguration(name: "replied", when: .init(action: "reply")),
    ])
    let request = RoutingFixtures.request(RoutingFixtures.seedChat)
    #expect(table.route(for: .tap(request)).route?.name == "opened")
    #expect(table.route(for: .dismiss(request)).route?.name == "dismissed")
    #expect(
      table.route(for: .action("reply", on: request, userText: "hi")).route?.name == "replied")
    let mute = table.route(for: .action("mute", on: request))
    #expect(
      mute.reason == "closest route `opened`: the action is `mute`, the route needs `default`")
  }

  @Test func anEntryWithoutActionConditionMatchesEveryActionDismissIncluded() {
    let table = RouteTable([RouteConfiguration(name: "chat", when: .init(category: "message"))])
    let request = RoutingFixtures.request(RoutingFixtures.seedChat)
    for response in [
      NotificationResponse.tap(request), .dismiss(request), .action("reply", on: request),
    ] {
      #expect(table.route(for: response).route?.name == "chat", "\(response.actionIdentifier)")
    }
  }

  @Test(arguments: [
    ("default", RouteConfiguration.ActionCondition.default),
    ("dismiss", .dismiss),
    ("com.apple.UNNotificationDefaultActionIdentifier", .default),
    ("com.apple.UNNotificationDismissActionIdentifier", .dismiss),
    ("reply", .custom("reply")),
  ])
  func actionConditionSpellings(text: String, expected: RouteConfiguration.ActionCondition) {
    #expect(RouteConfiguration.ActionCondition(text) == expected)
  }

  // MARK: has and equals

  @Test func hasNeedsTheKeyPresentAnyValueIncludingNull() {
    let table = RouteTable([RouteConfiguration(name: "media", when: .init(has: ["image-url"]))])
    #expect(table.route(for: RoutingFixtures.tap(RoutingFixtures.seedChat)).route?.name == "media")
    let null = RoutingFixtures.seedChat(setting: "image-url", to: .init(.null))
    #expect(table.route(for: RoutingFixtures.tap(null)).route?.name == "media")
    let without = RoutingFixtures.seedChat(setting: "image-url", to: nil)
    #expect(
      table.route(for: RoutingFixtures.tap(without)).reason
        == "closest route `media`: `image-url` is missing")
  }

  @Test func equalsComparesJSONValues() {
    let table = RouteTable([
      RouteConfiguration(
        name: "text-chat", when: .init(equals: ["message-type": "text", "aps.badge": 5]))
    ])
    #expect(
      table.route(for: RoutingFixtures.tap(RoutingFixtures.seedChat)).route?.name == "text-chat")
    let image = RoutingFixtures.seedChat(setting: "message-type", to: "image")
    #expect(
      table.route(for: RoutingFixtures.tap(image)).reason
        == #"closest route `text-chat`: `message-type` is "image", the route needs "text""#)
    let numeric = RoutingFixtures.seedChat(setting: "message-type", to: 1)
    #expect(
      table.route(for: RoutingFixtures.tap(numeric)).mismatch?.failure
        == .notEqual(key: "message-type", expected: "text", found: 1))
  }

  @Test func equalsNumbersCompareByValue() {
    let table = RouteTable([
      RouteConfiguration(name: "five", when: .init(equals: ["aps.badge": 5.0]))
    ])
    #expect(table.route(for: RoutingFixtures.tap(RoutingFixtures.seedChat)).route?.name == "five")
  }

  @Test func equalsFailuresAreReportedInKeyOrder() {
    let table = RouteTable([
      RouteConfiguration(name: "r", when: .init(equals: ["z": 1, "a": 1, "m": 1]))
    ])
    for _ in 0..<5 {
      #expect(
        table.route(for: RoutingFixtures.tap(RoutingFixtures.seedChat)).mismatch?.failure
          == .missing(key: "a"))
    }
  }

  // MARK: Dotted paths

  @Test func dottedPathsReachInsideAps() {
    let table = RouteTable([
      RouteConfiguration(
        name: "thread", when: .init(has: ["aps.thread-id"]),
        params: [
          .init("thread", key: "aps.thread-id", required: true),
          .init("title", key: "aps.alert.title", required: true),
          .init("badge", key: "aps.badge", type: .int, required: true),
        ])
    ])
    let route = table.route(for: RoutingFixtures.tap(RoutingFixtures.seedChat)).route
    #expect(
      route
        == Route(
          name: "thread", params: ["thread": "chat_4521", "title": "Nuevo mensaje", "badge": 5]))
  }

  @Test func dottedPathThroughANonObjectIsMissing() {
    let table = RouteTable([
      RouteConfiguration(
        name: "title", params: [.init("t", key: "aps.alert.title", required: true)])
    ])
    // `aps.alert` is a string in the reminder.
    #expect(
      table.route(for: RoutingFixtures.tap(RoutingFixtures.seedReminder)).mismatch?.failure
        == .missing(key: "aps.alert.title"))
    #expect(
      table.route(for: RoutingFixtures.tap(["aps": "x"])).mismatch?.failure
        == .missing(key: "aps.alert.title"))
  }

  @Test func topLevelKeyWithADotWinsAndArraysIndexByNumber() {
    let payload: JSONValue = [
      "aps": [:], "a.b": "literal", "a": ["b": "nested"], "items": ["zero", "one"],
    ]
    let table = RouteTable([
      RouteConfiguration(
        name: "r",
        params: [
          .init("ab", key: "a.b", required: true),
          .init("second", key: "items.1", required: true),
          .init("third", key: "items.2"),
          .init("bad", key: "items.x"),
        ])
    ])
    #expect(
      table.route(for: RoutingFixtures.tap(payload)).route
        == Route(name: "r", params: ["ab": "literal", "second": "one"]))
  }

  // MARK: Closest route

  @Test func closestRoutePrefersAnEntryWhoseConditionsHeld() {
    let table = RouteTable([
      RouteConfiguration(
        name: "deep", when: .init(category: "message", has: ["sender-id", "missing-key"])),
      RouteConfiguration(
        name: "chat", when: .init(action: .default),
        params: [.init("chatId", key: "chat-id", type: .int, required: true)]),
    ])
    let decision = table.route(for: RoutingFixtures.tap(RoutingFixtures.seedChat))
    #expect(decision.mismatch?.route == "chat")
    #expect(
      decision.reason == "closest route `chat`: `chat-id` is a string, the route needs an int")
  }

  @Test func closestRouteOnATieIsTheFirst() {
    let table = RouteTable([
      RouteConfiguration(name: "first", when: .init(category: "news")),
      RouteConfiguration(name: "second", when: .init(category: "sports")),
    ])
    #expect(
      table.route(for: RoutingFixtures.tap(RoutingFixtures.seedChat)).mismatch?.route == "first")
  }

  @Test func closestRouteIsTheOneThatPassedMoreChecks() {
    let table = RouteTable([
      RouteConfiguration(name: "one", when: .init(category: "news")),
      RouteConfiguration(name: "two", when: .init(category: "message", action: "reply")),
    ])
    let decision = table.route(for: RoutingFixtures.tap(RoutingFixtures.seedChat))
    #expect(decision.mismatch?.route == "two")
    #expect(
      decision.mismatch?.failure
        == .action(expected: .custom("reply"), found: NotificationResponse.defaultActionIdentifier))
    #expect(
      decision.reason == "closest route `two`: the action is `default`, the route needs `reply`")
  }

  @Test func emptyTableSaysSo() {
    let decision = RouteTable([]).route(for: RoutingFixtures.tap(RoutingFixtures.seedChat))
    #expect(decision == .unmatched(RouteMismatch(route: nil, failure: .noRoutes)))
    #expect(decision.reason == "the app has no routes")
  }

  @Test func aSingleConfigurationIsARouter() {
    let decision = RoutingFixtures.chatRoute.route(
      for: RoutingFixtures.tap(RoutingFixtures.seedProduct))
    #expect(decision.mismatch?.route == "chat")
    #expect(
      RoutingFixtures.chatRoute.route(for: RoutingFixtures.tap(RoutingFixtures.seedChat)).route?
        .name == "chat")
  }

  @Test func anythingGoesIntoTheTableWithoutATrap() {
    let odd: [JSONValue] = [
      [:], ["aps": .init(.null)], ["chat-id": ["nested": [1, 2]]], ["": ""], [".": "."],
      ["aps": ["category": 5]], "not an object", [1, 2, 3],
    ]
    let table = RouteTable([
      RoutingFixtures.chatRoute,
      RouteConfiguration(
        name: "paths", params: [.init("x", key: "..", required: true), .init("y", key: ".")]),
    ])
    for payload in odd {
      let decision = table.route(for: RoutingFixtures.tap(payload))
      #expect(!decision.reason.isEmpty)
    }
  }
}
