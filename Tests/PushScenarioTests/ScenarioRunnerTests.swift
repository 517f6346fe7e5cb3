import Foundation
import PushDevice
import PushPayload
import PushSimTestSupport
import Synchronization
import Testing

@testable import PushScenario

@Suite struct ScenarioRunnerTests {
  @Test func failuresAreCollectedAndLaterStepsStillRun() async throws {
    let scenario = try decodeScenario(
      """
      { "name": "carry on",
        "device": { "locked": false },
        "steps": [
          { "push": { "id": "m1", "payload": { "aps": { "alert": { "title": "Hi", "body": "there" } } } } },
          { "expect": { "notification": { "m1": { "title": "Hello" } }, "badge": 1 } },
          { "tap": { "id": "m1", "action": "archive" } },
          { "dismiss": "m1" },
          { "tap": "m1" },
          { "expect": { "push": { "m1": { "status": "dismissed" } }, "center": [] } } ] }
      """)
    let result = await ScenarioRunner().run(scenario)
    #expect(!result.passed)
    #expect(result.failures.map(\.step) == [2, 2, 3, 5])
    #expect(result.failures.map(\.path) == ["notification.m1.title", "badge", "tap", "tap"])
    #expect(result.failures[0].expected == "Hello")
    #expect(result.failures[0].actual == "Hi")
    #expect(result.failures[3].message.hasPrefix("cannot tap: "))
    #expect(result.steps.count == 6)
  }

  @Test func setStepsMergeIntoTheRunningDevice() async throws {
    let scenario = try decodeScenario(
      """
      { "device": { "locked": false },
        "app": { "settings": { "grouping": "automatic", "showPreviews": "never" } },
        "steps": [
          { "push": { "id": "a", "payload": { "aps": { "alert": "1", "thread-id": "x" } } } },
          { "push": { "id": "b", "payload": { "aps": { "alert": "2", "thread-id": "y" } } } },
          { "set": { "app": { "settings": { "grouping": "byApp" } } } },
          { "expect": { "center": [ { "notifications": ["b", "a"] } ] } },
          { "push": { "id": "c", "payload": { "aps": { "alert": "3" } } } },
          { "expect": { "notification": { "c": { "lockScreenText": { "body": "Notification" } } } } } ] }
      """)
    let result = await ScenarioRunner().run(scenario)
    #expect(result.failures == [])
  }

  @Test func waitsMoveTheVirtualClockAndTheObserverSeesEveryStep() async throws {
    let scenario = try decodeScenario(
      """
      { "device": { "now": "2026-07-03T12:00:00Z" },
        "steps": [ { "wait": "250ms" }, { "wait": "1h30m" }, { "clear": "all" } ] }
      """)
    let seen = Seen()
    let result = await ScenarioRunner().run(scenario) { step, device in
      seen.times.withLock { $0.append((step.number, device.now)) }
    }
    let start = try #require(ScenarioTime.instant("2026-07-03T12:00:00Z"))
    let times = seen.times.withLock { $0 }
    #expect(times.map(\.0) == [1, 2, 3])
    #expect(times.map { $0.1.timeIntervalSince(start) } == [0.25, 5400.25, 5400.25])
    #expect(result.steps.map(\.time) == [start, start + 0.25, start + 5400.25])
    #expect(result.passed)
  }

  final class Seen: Sendable {
    let times = Mutex<[(Int, Date)]>([])
  }
}

/// The app's own code takes part in a scenario run: router, extension factory and fetcher.
@Suite struct ScenarioRunnerAppCodeTests {
  /// Downloads the push's `image-url` through the context (so through the app's fetcher) and
  /// decorates the title.
  struct Decorator: ServiceExtension {
    func didReceive(_ request: NotificationRequest, context: ServiceExtensionContext) async throws
      -> NotificationContent
    {
      var content = request.content
      content.title = "🖼 " + content.title
      if let address = content.payload.objectValue?["image-url"]?.stringValue,
        let url = URL(string: address)
      {
        let media = try await context.fetchMedia(from: url)
        let file = try context.writeAttachmentFile(media.data, type: media.type)
        content.attachments.append(NotificationAttachment(identifier: "image", url: file))
      }
      return content
    }
  }

  static let png = Data(
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 64))

  @Test func aCustomRouterExtensionFactoryAndFetcherPlayTheScenario() async throws {
    let scenario = try decodeScenario(
      """
      { "device": { "locked": false },
        "app": { "serviceExtension": { "kind": "app" } },
        "steps": [
          { "push": { "id": "m1", "payload": { "aps": { "alert": { "title": "Ana", "body": "Hi" },
            "mutable-content": 1 }, "chat-id": "c7", "image-url": "https://img.example/a.png" } } },
          { "tap": "m1" },
          { "expect": { "notification": { "m1": { "title": "🖼 Ana" } },
                        "routes": [ { "push": "m1", "route": "chat" } ] } } ] }
      """)
    let fetched = Mutex<[String]>([])
    let fetcher = FakeMediaFetcher { url, _, _ in
      fetched.withLock { $0.append(url.absoluteString) }
      return FetchedMedia(
        url: url, status: 200, contentType: "image/png", data: Self.png, type: .png,
        elapsed: .milliseconds(300))
    }
    let router = ClosureRouter { response in
      guard let chat = response.payload.objectValue?["chat-id"]?.stringValue else {
        return .unmatched("no chat id")
      }
      return .matched(Route(name: "chat", params: ["id": .string(chat)]))
    }
    let made = Mutex(0)
    let code = AppCode(
      router: router,
      serviceExtension: {
        made.withLock { $0 += 1 }
        return Decorator()
      }, fetcher: fetcher)
    let result = await ScenarioRunner(code: code).run(scenario)
    #expect(result.failures.map(\.message) == [])
    #expect(fetched.withLock { $0 } == ["https://img.example/a.png"])
    #expect(made.withLock { $0 } == 1)
    let attached = result.events.first { $0.kind == .mediaFetched }
    #expect(attached?.push == "m1")
  }

  @Test func aScenarioWhoseAppShipsItsOwnExtensionNeedsCode() throws {
    let scenario = try decodeScenario(
      #"{ "app": { "serviceExtension": { "kind": "app" } }, "steps": [] }"#)
    let missing = try #require(ScenarioRunner().missingPiece(for: scenario))
    #expect(missing.description.hasPrefix("x.json:1:42: error: the app declares its own service"))
    #expect(missing.message.contains("AppCode"))
    #expect(
      ScenarioRunner(code: AppCode(serviceExtension: { Decorator() })).missingPiece(for: scenario)
        == nil)
  }
}

/// `expect.push.<id>.apnsId`: the `apns-id` APNs answers with (Behavior.md §2.2).
@Suite struct APNsIDTests {
  @Test func theHeaderIsEchoedAndAMissingOneIsMadeUp() async throws {
    let scenario = try decodeScenario(
      """
      { "steps": [
          { "push": { "id": "m1", "headers": { "apns-id": "123E4567-E89B-12D3-A456-426614174000" },
                      "payload": { "aps": { "alert": "Hi" } } } },
          { "push": { "id": "m2", "payload": { "aps": { "alert": "Hi" } } } },
          { "expect": { "push": {
              "m1": { "apnsId": "123E4567-E89B-12D3-A456-426614174000" },
              "m2": { "apnsId": "a9a50000-0000-4000-8000-000000000001" } } } } ] }
      """)
    let result = await ScenarioRunner().run(scenario)
    #expect(result.failures.map(\.message) == [])
  }

  @Test func aWrongAPNsIDFails() async throws {
    let scenario = try decodeScenario(
      """
      { "steps": [
          { "push": { "id": "m1", "payload": { "aps": { "alert": "Hi" } } } },
          { "expect": { "push": { "m1": { "apnsId": "00000000-0000-0000-0000-000000000000" } } } } ] }
      """)
    let result = await ScenarioRunner().run(scenario)
    #expect(result.failures.map(\.path) == ["push.m1.apnsId"])
  }
}
