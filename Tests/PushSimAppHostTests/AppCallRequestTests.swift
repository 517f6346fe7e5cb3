import Foundation
import Intents
import PushDevice
import PushPayload
import PushSimAppHost
import Synchronization
import Testing
import UserNotifications
import os

/// An app delegate that sends its device token to its server at registration and fetches the
/// new messages when a background push wakes it, as apps do.
final class SyncingAppDelegate: NSObject, UIApplicationDelegate, @unchecked Sendable {
  static let server = "https://api.example.com"
  let seen = Mutex<[String]>([])

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    application.registerForRemoteNotifications()
    return true
  }

  func application(
    _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
  ) {
    guard let url = URL(string: Self.server + "/devices") else { return }
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.httpBody = Data(deviceToken.map { String(format: "%02x", $0) }.joined().utf8)
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: request) { [self] _, response, _ in
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      seen.withLock { $0.append("token sent: \(status)") }
      done.signal()
    }.resume()
    done.wait()
  }

  func application(
    _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
  ) {
    guard let url = URL(string: Self.server + "/messages?since=1") else {
      return completionHandler(.failed)
    }
    nonisolated(unsafe) let completionHandler = completionHandler
    URLSession.shared.dataTask(with: url) { [self] data, _, error in
      guard let data, error == nil,
        let messages = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
      else {
        seen.withLock { $0.append("fetch failed: \((error as? URLError)?.code.rawValue ?? 0)") }
        return completionHandler(.failed)
      }
      seen.withLock { $0.append("fetched \(messages.count)") }
      completionHandler(messages.isEmpty ? .noData : .newData)
    }.resume()
  }
}

/// An app delegate that sends its token without waiting for the answer, as most apps do, and
/// logs the answer from the completion handler.
final class FireAndForgetAppDelegate: NSObject, UIApplicationDelegate, @unchecked Sendable {
  static let logger = Logger(subsystem: "com.example.chat", category: "push")

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    application.registerForRemoteNotifications()
    return true
  }

  func application(
    _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
  ) {
    guard let url = URL(string: SyncingAppDelegate.server + "/devices") else { return }
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.httpBody = Data(deviceToken.map { String(format: "%02x", $0) }.joined().utf8)
    URLSession.shared.dataTask(with: request) { _, response, _ in
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      Self.logger.info("token sent: \(status)")
    }.resume()
  }
}

@Suite("The app delegate's requests")
struct AppCallRequestTests {
  func app(_ requests: [String: MediaManifest.Entry]) -> AppConfiguration {
    var app = AppConfiguration(
      bundleId: "com.example.chat", state: .background, backgroundModes: [.remoteNotification],
      media: MediaManifest(entries: requests))
    app.entitlements.insert(.apsEnvironment)
    return app
  }

  func json(_ text: String, status: Int = 200) -> MediaManifest.Entry {
    var entry = MediaManifest.Entry(file: nil, status: status, contentType: "application/json")
    entry.inlineBody = Data(text.utf8)
    return entry
  }

  func wake(_ host: DeviceHost) async {
    await host.receive(
      bytes: Array(#"{"aps":{"content-available":1}}"#.utf8),
      headers: PushHeaders(pushType: "background", priority: "5", topic: "com.example.chat"),
      id: "sync", to: .device)
  }

  @Test("the token goes to the server and a background push fetches from the requests table")
  func answeredFromTheTable() async throws {
    let delegate = SyncingAppDelegate()
    let devices = try #require(URL(string: SyncingAppDelegate.server + "/devices"))
    let host = DeviceHost(
      app: app([
        MediaManifest.key(method: "POST", url: devices): json("{}", status: 201),
        SyncingAppDelegate.server + "/messages?since=1": json(#"[{"id":1},{"id":2}]"#),
      ]), code: .app(application: delegate))
    await wake(host)
    #expect(delegate.seen.withLock { $0 } == ["token sent: 201", "fetched 2"])
    let device = await host.device
    let requests = device.events.events(ofKind: .appRequest)
    #expect(requests.map { $0.details["method"] } == ["POST", "GET"])
    #expect(requests.first?.details["requestBytes"] == 64)
    #expect(requests.last?.push == "sync")
    let handled = try #require(device.events.events(ofKind: .remoteNotificationHandled).first)
    #expect(handled.details["result"] == "newData")
  }

  @Test(
    "a token sent without waiting reaches the server before the registration is over",
    arguments: 0..<20)
  func fireAndForget(_ round: Int) async throws {
    let devices = try #require(URL(string: SyncingAppDelegate.server + "/devices"))
    let host = DeviceHost(
      app: app([
        MediaManifest.key(method: "POST", url: devices): json("{}", status: 201)
      ]), code: .app(application: FireAndForgetAppDelegate()))
    await host.receive(
      bytes: Array(#"{"aps":{"alert":"Hi"}}"#.utf8),
      headers: PushHeaders(pushType: "alert", topic: "com.example.chat"), id: "hi", to: .device)
    let events = await host.device.events.filter {
      $0.kind == .appRequest || $0.kind == .appLog
    }
    #expect(events.map(\.kind) == [.appRequest, .appLog], "round \(round)")
    #expect(events.first?.details["status"] == 201)
    #expect(events.last?.reason == "token sent: 201")
  }

  @Test("with nothing in the table, the requests fail as offline and never reach the network")
  func unansweredIsOffline() async throws {
    let delegate = SyncingAppDelegate()
    let host = DeviceHost(app: app([:]), code: .app(application: delegate))
    await wake(host)
    let offline = URLError.notConnectedToInternet.rawValue
    #expect(delegate.seen.withLock { $0 } == ["token sent: 0", "fetch failed: \(offline)"])
    let failed = await host.device.events.events(ofKind: .appRequestFailed)
    #expect(failed.map { $0.details["code"] } == ["not-in-manifest", "not-in-manifest"])
  }
}

/// Donates an outgoing message when the user replies from the notification, as messaging apps
/// do so that Focus lets the other person's replies through.
final class ReplyingDelegate: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping () -> Void
  ) {
    let recipient = INPerson(
      personHandle: INPersonHandle(value: "ana@example.com", type: .emailAddress),
      nameComponents: nil, displayName: "Ana", image: nil, contactIdentifier: nil,
      customIdentifier: nil)
    let intent = INSendMessageIntent(
      recipients: [recipient], outgoingMessageType: .outgoingMessageText,
      content: (response as? UNTextInputNotificationResponse)?.userText,
      speakableGroupName: nil, conversationIdentifier: "chat-1", serviceName: nil, sender: nil,
      attachments: nil)
    let interaction = INInteraction(intent: intent, response: nil)
    interaction.direction = .outgoing
    nonisolated(unsafe) let completionHandler = completionHandler
    interaction.donate { _ in completionHandler() }
  }
}

@Suite("The delegate's framework calls")
struct DelegateDonationTests {
  @Test("a donation the delegate makes is an event of the push it handles")
  func donationIsAnEvent() async throws {
    let delegate = ReplyingDelegate()
    let host = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.chat"), code: .app(delegate: delegate))
    await host.receive(["aps": ["alert": ["title": "Ana", "body": "Hi"]]], id: "m1")
    try await host.tap("m1")
    let donated = try #require(await host.device.events.events(ofKind: .intentDonated).first)
    #expect(donated.push == "m1")
    #expect(donated.details["direction"] == "outgoing")
  }
}
