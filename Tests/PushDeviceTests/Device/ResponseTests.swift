import Foundation
import PushDevice
import PushPayload
import Testing

/// Rules.md §8: taps, actions, dismissals and routing.
@Suite struct ResponseTests {
  typealias T = DeviceTesting

  static let message = NotificationCategory(
    id: "message",
    actions: [
      NotificationAction(
        id: "reply", title: "Reply", options: [.foreground],
        textInput: NotificationAction.TextInput(button: "Send", placeholder: "Message")),
      NotificationAction(id: "mark-read", title: "Mark as read"),
      NotificationAction(
        id: "mute", title: "Mute", options: [.destructive, .authenticationRequired]),
    ],
    options: [.customDismissAction])

  static let plain = NotificationCategory(id: "plain", actions: [NotificationAction(id: "like")])

  static let chatRoute = RouteConfiguration(
    name: "chat", when: .init(category: "message", action: .default),
    params: [
      .init("chatId", key: "chat-id", type: .string, required: true),
      .init("messageType", key: "message-type", type: .string, default: "text"),
    ])

  static let anyActionRoute = RouteConfiguration(
    name: "any", when: .init(category: "message"),
    params: [.init("chatId", key: "chat-id", type: .string, required: true)])

  static func chatDevice(locked: Bool = true, routes: [RouteConfiguration] = [chatRoute]) -> Device
  {
    T.device(locked: locked, app: T.app(categories: [message, plain], routes: routes))
  }

  static func chat(_ id: String, chatID: JSONValue = "chat_4521") -> JSONValue {
    T.alert("Hola", thread: "chat_4521", category: "message", extra: [("chat-id", chatID)])
  }

  @Test func aTapOpensTheAppUnlocksRemovesAndRoutes() async throws {
    var device = Self.chatDevice()
    device.receive(Self.chat("m1"), id: "m1")
    let decision = try device.tap("m1")
    #expect(decision.route?.name == "chat")
    #expect(device.status("m1") == .opened)
    #expect(device.center.isEmpty)
    #expect(device.appStatus.state == .foreground)
    #expect(!device.configuration.locked)
    #expect(device.kinds("m1").suffix(3) == ["tap", "unlock", "route"])
    #expect(device.routes.map(\.name) == ["chat"])
    #expect(device.routes.first?.route.params["messageType"] == .string("text"))
    #expect(device.routes.first?.route.params["chatId"] == .string("chat_4521"))
  }

  @Test func aForegroundActionWithTextInputCarriesUserText() async throws {
    var device = Self.chatDevice(routes: [Self.anyActionRoute])
    device.receive(Self.chat("m1"), id: "m1")
    try device.tap("m1", action: "reply", text: "On my way")
    let response = try #require(device.responses.first?.response)
    #expect(response.actionIdentifier == "reply")
    #expect(response.userText == "On my way")
    #expect(device.appStatus.state == .foreground)
    #expect(device.routes.map(\.name) == ["any"])
    let action = try #require(device.events.events(for: "m1").first { $0.kind == .action })
    #expect(action.details["userText"] == "On my way")
  }

  @Test func anActionWithoutForegroundIsHandledInTheBackground() async throws {
    var device = Self.chatDevice()
    device.receive(Self.chat("m1"), id: "m1")
    try device.tap("m1", action: "mark-read")
    #expect(device.appStatus.state == .background)
    #expect(device.configuration.locked)
    #expect(device.center.isEmpty)
    #expect(device.responses.first?.response.userText == nil)
  }

  @Test func anAuthenticationRequiredActionUnlocksALockedDeviceFirst() async throws {
    var device = Self.chatDevice()
    device.receive(Self.chat("m1"), id: "m1")
    try device.tap("m1", action: "mute")
    #expect(!device.configuration.locked)
    #expect(device.appStatus.state == .background)
    #expect(device.kinds("m1").contains("unlock"))
  }

  @Test func aDismissReachesTheAppOnlyWithCustomDismissAction() async throws {
    var device = Self.chatDevice(routes: [Self.anyActionRoute])
    device.receive(Self.chat("m1"), id: "m1")
    device.receive(T.alert("x", category: "plain"), id: "p1")
    let told = try device.dismiss("m1")
    let notTold = try device.dismiss("p1")
    #expect(told?.route?.name == "any")  // no `action` condition: matches dismiss too
    #expect(notTold == nil)
    #expect(device.status("m1") == .dismissed)
    #expect(device.status("p1") == .dismissed)
    #expect(device.appStatus.responses == 1)
    #expect(
      device.responses.first?.response.actionIdentifier
        == NotificationResponse.dismissActionIdentifier)
  }

  @Test func aRouteThatDoesNotMatchIsRecordedWithItsReason() async throws {
    var device = Self.chatDevice()
    device.receive(Self.chat("m1", chatID: 4521), id: "m1")
    let decision = try device.tap("m1")
    #expect(decision.route == nil)
    #expect(device.routes.isEmpty)
    let event = try #require(device.events.events(for: "m1").last)
    #expect(event.kind == .routeUnmatched)
    #expect(event.reason.contains("chat-id"))
  }

  @Test func respondingToWhatIsNotInTheCenterFails() async throws {
    var device = Self.chatDevice()
    device.receive(Self.chat("m1"), id: "m1")
    #expect(throws: ResponseError.self) { try device.tap("nope") }
    #expect(throws: ResponseError.self) { try device.tap("m1", action: "unknown") }
    #expect(device.status("m1") == .delivered)
    try device.tap("m1")
    do {
      try device.dismiss("m1")
      Issue.record("dismissing a tapped notification must fail")
    } catch {
      #expect(error.isNotInCenter)
      #expect(error.message.contains("opened"))
    }
  }

  @Test func lockingSendsTheAppToTheBackground() async {
    var device = T.device(locked: false, app: T.app(state: .foreground))
    var configuration = device.configuration
    configuration.locked = true
    device.setDevice(configuration)
    #expect(device.appStatus.state == .background)
  }

  @Test func bringingTheAppToTheForegroundUnlocks() async {
    var device = T.device(locked: true)
    var app = device.app
    app.state = .foreground
    device.setApp(app)
    #expect(!device.configuration.locked)
    #expect(device.events.events(ofKind: .unlock).count == 1)
  }
}
