import Foundation
import PushDevice
import PushPayload
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
