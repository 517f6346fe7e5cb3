import Foundation
import Intents
import PushDevice
import PushPayload
import PushSimAppHost
import PushSimTestSupport
import Testing
import UserNotifications
import os

/// An extension that logs as apps do: `Logger` with privacy options and `os_log` with a format.
final class LoggingService: UNNotificationServiceExtension {
  static let logger = Logger(subsystem: "com.example.chat.service", category: "push")
  static let log = OSLog(subsystem: "com.example.chat.service", category: "legacy")

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    let sender = request.content.userInfo["sender"] as? String ?? "nobody"
    Self.logger.info("didReceive from \(sender, privacy: .public)")
    os_log(
      "title %{public}@, %d attachments", log: Self.log, type: .debug, request.content.title, 0)
    let content = request.content
    let logger = Self.logger
    Task {
      logger.error("a task the extension started: \(sender, privacy: .private)")
      contentHandler(content)
    }
  }
}

/// An extension that logs where apps log most: in a `URLSession` completion handler, in work it
/// hands to a `DispatchQueue`, and in `INInteraction`'s donation callback.
final class CallbackLoggingService: UNNotificationServiceExtension {
  static let logger = Logger(subsystem: "com.example.chat", category: "callbacks")

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    let logger = Self.logger
    let content = request.content
    guard let url = URL(string: "https://cdn.example.com/photo.jpg") else {
      return contentHandler(content)
    }
    URLSession.shared.dataTask(with: url) { data, _, _ in
      logger.info("downloaded \(data?.count ?? 0 > 0 ? "some" : "no") bytes")
      DispatchQueue.global().async {
        logger.notice("queued work")
        let sender = INPerson(
          personHandle: INPersonHandle(value: "ana@example.com", type: .emailAddress),
          nameComponents: nil, displayName: "Ana", image: nil, contactIdentifier: nil,
          customIdentifier: nil)
        let intent = INSendMessageIntent(
          recipients: nil, outgoingMessageType: .outgoingMessageText, content: "Hi",
          speakableGroupName: nil, conversationIdentifier: "chat", serviceName: nil,
          sender: sender, attachments: nil)
        INInteraction(intent: intent, response: nil).donate { _ in
          logger.error("donated")
          contentHandler(content)
        }
      }
    }.resume()
  }
}

/// A background handler and a delegate that log.
final class LoggingApp: NSObject, RemoteNotificationHandling, UNUserNotificationCenterDelegate {
  func application(
    _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
  ) {
    Logger(subsystem: "com.example.chat", category: "sync").notice("sync \(userInfo.count) keys")
    completionHandler(.noData)
  }

  func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    withCompletionHandler completionHandler:
      @escaping @Sendable (UNNotificationPresentationOptions) -> Void
  ) {
    os_log(.fault, "willPresent %@", notification.request.content.title)
    completionHandler([.banner])
  }
}

@Suite("The app's log lines in the device's event log", .temporaryFiles)
struct HostedLogTests {
  /// Plays one push through `LoggingService` and returns its `app.log` events.
  static func extensionLog(sender: String) async throws -> [DeviceEvent] {
    let host = DeviceHost(
      app: try appWithImage(), code: .app(serviceExtension: LoggingService.init))
    let payload: JSONValue = [
      "aps": ["alert": ["title": "Ana", "body": "Photo"], "mutable-content": 1],
      "sender": JSONValue(.string(sender)),
    ]
    await host.receive(payload, id: "m-\(sender)")
    return await host.device.events.events(ofKind: .appLog)
  }

  @Test("Logger and os_log lines of the extension are events of its push, with their level")
  func extensionLines() async throws {
    let events = try await Self.extensionLog(sender: "Ana")
    // What the phone's log keeps: the private sender redacted (Rules.md §9.11); the full text
    // stays in `console`, as Xcode's console shows it.
    #expect(
      events.map(\.reason) == [
        "didReceive from Ana", "title Ana, 0 attachments",
        "a task the extension started: <private>",
      ])
    #expect(
      events.map { $0.details["console"] } == [nil, nil, "a task the extension started: Ana"])
    #expect(events.map { $0.details["level"] } == ["info", "debug", "error"])
    #expect(events.map { $0.details["category"] } == ["push", "legacy", "push"])
    #expect(events.allSatisfy { $0.push == "m-Ana" && $0.source == .device })
    #expect(events.allSatisfy { $0.details["subsystem"] == "com.example.chat.service" })
  }

  @Test("devices in parallel each get their own extension's lines", arguments: 1...3)
  func parallelDevices(round: Int) async throws {
    let senders = (0..<4).map { "sender-\(round)-\($0)" }
    let logs = try await withThrowingTaskGroup(of: (String, [DeviceEvent]).self) { group in
      for sender in senders {
        group.addTask { (sender, try await Self.extensionLog(sender: sender)) }
      }
      return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }
    for sender in senders {
      let events = try #require(logs[sender])
      #expect(events.count == 3)
      #expect(events.allSatisfy { $0.push == "m-\(sender)" })
      #expect(events.first?.reason == "didReceive from \(sender)")
    }
  }

  @Test("lines of completion handlers, queued work and donation callbacks are the push's events")
  func callbackLines() async throws {
    let host = DeviceHost(
      app: try appWithImage(), code: .app(serviceExtension: CallbackLoggingService.init))
    await host.receive(push(image: "https://cdn.example.com/photo.jpg"), id: "m1")
    let events = await host.device.events.events(ofKind: .appLog)
    #expect(events.map(\.reason) == ["downloaded <private> bytes", "queued work", "donated"])
    #expect(events.first?.details["console"] == "downloaded some bytes")
    #expect(events.allSatisfy { $0.push == "m1" && $0.details["category"] == "callbacks" })
  }

  @Test("the delegate's and the background handler's lines are events of their push")
  func delegateAndHandlerLines() async throws {
    let app = LoggingApp()
    var configuration = AppConfiguration(
      bundleId: "com.example.chat", backgroundModes: [.remoteNotification])
    configuration.state = .foreground
    let host = DeviceHost(app: configuration, code: .app(delegate: app, application: app))
    await host.receive(["aps": ["alert": ["title": "Hi"]]], id: "shown")
    await host.receive(
      ["aps": ["content-available": 1], "chat": "7"],
      headers: PushHeaders(pushType: "background", priority: "5"), id: "sync")
    let events = await host.device.events.events(ofKind: .appLog)
    // `%@` is private unless marked `{public}`; a number is kept.
    #expect(events.map(\.reason) == ["willPresent <private>", "sync 2 keys"])
    #expect(events.map(\.push) == ["shown", "sync"])
    #expect(events.map { $0.details["level"] } == ["fault", "default"])
    #expect(events.map { $0.details["subsystem"] } == ["", "com.example.chat"])
  }
}
