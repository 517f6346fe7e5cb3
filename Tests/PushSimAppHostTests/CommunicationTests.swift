import Foundation
import Intents
import PushDevice
import PushPayload
import PushScenario
import PushSimAppHost
import PushSimTestSupport
import Testing
import UserNotifications

/// Communication notifications made by the app's own extension (Rules.md §16): the scenarios in
/// `CommunicationScenarios/`, played with ``MessageService``.
@Suite("Communication notifications from the app's extension")
struct CommunicationTests {
  static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("CommunicationScenarios", isDirectory: true)

  @Test(
    "each communication scenario passes with the app's extension",
    arguments: [
      "message.json", "no-entitlement.json", "group.json", "focus.json",
      "undeclared-activity-type.json",
    ])
  func scenario(_ file: String) async throws {
    let player = ScenarioPlayer(code: .app(serviceExtension: MessageService.init))
    let result = try await player.play(file: file, in: Self.scenarios)
    #expect(result.failures.isEmpty, "\(result.failureText)")
  }

  @Test("the streamed JSON report writes a communication notification's fields as its JSON does")
  func streamedCommunicationFields() async throws {
    let player = ScenarioPlayer(code: .app(serviceExtension: MessageService.init))
    let result = try await player.play(file: "group.json", in: Self.scenarios)
    let whole = JSONReporter().report([result])
    var stream = JSONReporter.Stream(JSONReporter())
    #expect(stream.report([result]) == whole)
    for key in ["sender", "avatar", "conversationId", "groupName", "handleType", "bytes"] {
      #expect(whole.contains("\"\(key)\": "), "no \(key) in the report")
    }
  }

  @Test("the delivered notification carries the avatar's bytes as the extension gave them")
  func avatarBytes() async throws {
    let app = AppConfiguration(
      bundleId: "com.example.chat", entitlements: [.communication],
      serviceExtension: ServiceExtensionConfiguration(kind: .app))
    let host = DeviceHost(app: app, code: .app(serviceExtension: MessageService.init))
    await host.receive(message(sender: "Ana"), id: "m1")
    let content = try #require(await host.device.notification("m1")?.content)
    #expect(content.title == "Ana")
    #expect(content.communication?.avatar?.data == MessageService.avatarPNG)
    #expect(content.communication?.avatar?.type == .png)
  }

  @Test("an intent without a sender makes updating(from:) throw 1501: the original shows")
  func invalidIntent() async throws {
    let app = AppConfiguration(
      bundleId: "com.example.chat", entitlements: [.communication],
      serviceExtension: ServiceExtensionConfiguration(kind: .app))
    let host = DeviceHost(app: app, code: .app(serviceExtension: MessageService.init))
    await host.receive(message(sender: nil), id: "m1")
    let device = await host.device
    #expect(device.notification("m1")?.title == "New message")
    #expect(device.notification("m1")?.content.communication == nil)
    let failed = try #require(device.events.events(ofKind: .contentUpdateFailed).first)
    #expect(failed.push == "m1")
    #expect(failed.details["code"] == JSONValue(.number(JSONNumber(1501))))
  }

  @Test("the Scheduled Summary does not hold a communication notification")
  func breaksThroughSummary() async throws {
    let app = AppConfiguration(
      bundleId: "com.example.chat", entitlements: [.communication],
      serviceExtension: ServiceExtensionConfiguration(kind: .app))
    var device = DeviceConfiguration()
    device.scheduledSummary = ScheduledSummaryConfiguration(
      times: [try #require(DailyTime(hour: 18, minute: 0))], apps: ["com.example.chat"])
    let host = DeviceHost(
      configuration: device, app: app, code: .app(serviceExtension: MessageService.init))
    await host.receive(message(sender: "Ana"), id: "m1")
    await host.receive(message(sender: nil), id: "m2")
    let state = await host.device
    #expect(state.push("m1")?.status == .delivered)
    #expect(state.push("m2")?.status == .held)
  }

  private func message(sender: String?) -> JSONValue {
    guard let sender else {
      return [
        "aps": ["alert": ["title": "New message", "body": "¿Vienes?"], "mutable-content": 1],
        "conversation": "chat_ana",
      ]
    }
    return [
      "aps": ["alert": ["title": "New message", "body": "¿Vienes?"], "mutable-content": 1],
      "conversation": "chat_ana", "sender": JSONValue(.string(sender)),
      "sender-id": "ana@example.com",
    ]
  }
}

/// A messaging app's extension as Apple's article writes it: the sender from the payload, an
/// incoming `INSendMessageIntent` donated, then `updating(from:)` (Behavior §13.2).
final class MessageService: UNNotificationServiceExtension {
  /// A 1×1 PNG, the sender's avatar.
  static let avatarPNG =
    Data(
      base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
    ) ?? Data()

  /// A group's image, as a file the extension reads with `INImage(url:)` (the process's, removed
  /// when it exits).
  static let groupImage: URL? = {
    do {
      let file = try ProcessTemporaryFolder.make("pushsim-communication")
        .appendingPathComponent("group.png")
      try avatarPNG.write(to: file)
      return file
    } catch {
      return nil
    }
  }()

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    let info = request.content.userInfo
    let sender = (info["sender"] as? String).map { name in
      let handle = INPersonHandle(value: info["sender-id"] as? String, type: .emailAddress)
      return INPerson(
        personHandle: handle, nameComponents: nil, displayName: name,
        image: INImage(imageData: Self.avatarPNG), contactIdentifier: nil,
        customIdentifier: handle.value, isMe: false, suggestionType: .none)
    }
    let others = (info["others"] as? [String] ?? []).map { name in
      INPerson(
        personHandle: INPersonHandle(value: name, type: .unknown), nameComponents: nil,
        displayName: name, image: nil, contactIdentifier: nil, customIdentifier: name)
    }
    let group = (info["group"] as? String).map { INSpeakableString(spokenPhrase: $0) }
    let intent = INSendMessageIntent(
      recipients: others, outgoingMessageType: .outgoingMessageText,
      content: request.content.body, speakableGroupName: group,
      conversationIdentifier: info["conversation"] as? String, serviceName: nil,
      sender: sender, attachments: nil)
    if group != nil, let url = Self.groupImage {
      intent.setImage(INImage(url: url), forParameterNamed: \.speakableGroupName)
    }
    let interaction = INInteraction(intent: intent, response: nil)
    interaction.direction = .incoming
    interaction.donate { error in
      guard error == nil else { return contentHandler(request.content) }
      do {
        contentHandler(try request.content.updating(from: intent))
      } catch {
        contentHandler(request.content)
      }
    }
  }
}
