import CallKit
import Foundation
import Intents
import PushCore
import PushDevice
import PushPayload
import PushScenario
import PushSimAppHost
import PushSimTestSupport
import Testing
import UserNotifications
import os

/// An extension that logs `lines` lines (`line 0`, `line 1`, …), updates its content from an
/// intent `updates` times, then delivers the content.
final class ChattyService: UNNotificationServiceExtension, @unchecked Sendable {
  let lines: Int
  let updates: Int
  let logger = Logger(subsystem: "com.example.chat", category: "push")

  init(lines: Int, updates: Int = 0) {
    self.lines = lines
    self.updates = updates
  }

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    for line in 0..<lines { logger.info("line \(line, privacy: .public)") }
    let sender = INPerson(
      personHandle: INPersonHandle(value: "ana@example.com", type: .emailAddress),
      nameComponents: nil, displayName: "Ana", image: nil, contactIdentifier: nil,
      customIdentifier: nil)
    let intent = INSendMessageIntent(
      recipients: nil, outgoingMessageType: .outgoingMessageText, content: "Hola",
      speakableGroupName: nil, conversationIdentifier: "c1", serviceName: nil, sender: sender,
      attachments: nil)
    var content = request.content
    for _ in 0..<updates { content = (try? request.content.updating(from: intent)) ?? content }
    contentHandler(content)
  }
}

/// The device keeps a bounded window of the app's own events (Rules.md §7.2).
@Suite("Events of the app's own code: a window per call, bounds per push and per run")
struct AppEventBoundsTests {
  static let push: JSONValue = [
    "aps": ["alert": ["title": "Ana", "body": "Hola"], "mutable-content": 1]
  ]

  static func phone(_ service: @escaping @Sendable () -> ChattyService) -> DeviceHost {
    DeviceHost(
      app: AppConfiguration(
        bundleId: "com.example.chat", serviceExtension: ServiceExtensionConfiguration(kind: .app)),
      code: .app(serviceExtension: service))
  }

  @Test("100,000 lines in one run: the first 100 and the last 100, and a count between them")
  func manyLines() async throws {
    let host = Self.phone { ChattyService(lines: 100_000) }
    await host.receive(Self.push, id: "m1")
    let events = await host.device.events.events(for: "m1")
    let lines = events.filter { $0.kind == .appLog }
    #expect(lines.count == 200)
    #expect(lines.first?.reason == "line 0")
    #expect(lines[99].reason == "line 99")
    #expect(lines[100].reason == "line 99900")
    #expect(lines.last?.reason == "line 99999")
    let dropped = try #require(events.first { $0.kind == .appEventsDropped })
    #expect(dropped.details["code"]?.stringValue == "call-window")
    #expect(dropped.details["dropped"] == JSONValue(.number(JSONNumber(99_800))))
    #expect(dropped.details["kinds"]?["app.log"] == JSONValue(.number(JSONNumber(99_800))))
    #expect(dropped.details["limit"] == JSONValue(.number(JSONNumber(200))))
    #expect(dropped.source == .model)
    #expect(dropped.reason.contains("99800 events of the app's code (99800 app.log)"))
    // It stands where the lines it counts were.
    let kinds = events.map(\.kind)
    let at = try #require(kinds.firstIndex(of: .appEventsDropped))
    #expect(events[at - 1].reason == "line 99")
    #expect(events[at + 1].reason == "line 99900")
    #expect(await host.device.notification("m1")?.title == "Ana")
  }

  @Test("updating(from:) 5,000 times keeps 200 content.updated events and counts the rest")
  func manyUpdates() async throws {
    let host = Self.phone { ChattyService(lines: 0, updates: 5_000) }
    await host.receive(Self.push, id: "m1")
    let events = await host.device.events.events(for: "m1")
    #expect(events.filter { $0.kind == .contentUpdated }.count == 200)
    let dropped = try #require(events.first { $0.kind == .appEventsDropped })
    #expect(dropped.details["kinds"]?["content.updated"] == JSONValue(.number(JSONNumber(4_800))))
  }

  @Test("a call under the window keeps everything and says nothing")
  func fewLines() async {
    let host = Self.phone { ChattyService(lines: 200) }
    await host.receive(Self.push, id: "m1")
    let events = await host.device.events.events(for: "m1")
    #expect(events.filter { $0.kind == .appLog }.count == 200)
    #expect(!events.contains { $0.kind == .appEventsDropped })
  }

  @Test("1,500 CallKit reports for one push: the push keeps 1,000")
  func manyCallKitReports() async throws {
    let service = Recorded<RingingCallsService>()
    let host = CallGroupLimitTests.phone(service, groups: 1, calls: 1_500)
    await host.receive(
      bytes: Array("{}".utf8), headers: HostedVoIPTests.headers, id: "call",
      to: .pushType(.voip))
    let made = try #require(service.all.last)
    #expect(await made.answers.all(count: 1_500).count == 1_500)
    let events = await host.device.events.events(for: "call")
    let reports = events.filter { $0.kind == .callKitIncoming || $0.kind == .callKitRefused }
    #expect(reports.count == 1_000)
    let dropped = try #require(events.first { $0.kind == .appEventsDropped })
    #expect(dropped.details["code"]?.stringValue == "push-limit")
    #expect(dropped.details["kinds"]?["callkit.refused"] == JSONValue(.number(JSONNumber(500))))
    // The push was reported all the same.
    #expect(events.last?.kind == .pushKitCompleted || events.last?.kind == .appEventsDropped)
    #expect(await host.device.push("call")?.status == .silent)
  }

  @Test("a run keeps 50,000: later pushes' events are counted")
  func runLimit() throws {
    var device = Device(app: AppConfiguration(bundleId: "com.example.chat"))
    let entry = AppLogEntry(level: "default", subsystem: "", category: "", message: "line")
    let line = ServiceExtensionOutcome.Event(
      offset: .zero, entry.details, source: .device, reason: entry.message)
    for push in 0..<300 {
      device.recordAppCallEvents(Array(repeating: line, count: 200), push: "p\(push)")
      device.logDroppedAppEvents()
    }
    #expect(device.events.events(ofKind: .appLog).count == 50_000)
    let dropped = device.events.events(ofKind: .appEventsDropped)
    #expect(dropped.count == 50)
    #expect(dropped.first?.push == "p250")
    #expect(dropped.first?.details["code"]?.stringValue == "run-limit")
    #expect(dropped.first?.details["dropped"] == JSONValue(.number(JSONNumber(200))))
  }

  @Test("the text and JSON reports say how many were dropped", .temporaryFiles)
  func reports() async throws {
    let folder = try TemporaryFiles.folder("pushsim-app-events")
    try Data(
      #"""
      { "app": { "bundleId": "com.example.chat", "serviceExtension": { "kind": "app" } },
        "steps": [
          { "push": { "id": "m1", "payload": { "aps": { "alert": { "title": "Ana", "body": "Hola" }, "mutable-content": 1 } } } },
          { "expect": { "events": [ { "kind": "app.eventsDropped", "push": "m1", "code": "call-window" } ] } } ] }
      """#.utf8
    ).write(to: folder.appendingPathComponent("chatty.json"))
    let result = try await ScenarioPlayer(
      code: .app(serviceExtension: { ChattyService(lines: 1_000) })
    ).play(file: "chatty.json", in: folder)
    #expect(result.failures.isEmpty, "\(result.failureText)")
    let text = TextReporter().transcript(result)
    #expect(text.contains("app.eventsDropped"))
    #expect(text.contains("800 events of the app's code (800 app.log)"))
    let json = JSONReporter().report([result])
    #expect(
      json.contains(#""kind" : "app.eventsDropped""#)
        || json.contains(#""kind": "app.eventsDropped""#))
    #expect(json.contains(#""dropped""#))
  }
}
