import Dispatch
import Foundation
import PushDevice
import PushPayload
import PushSimAppHost
import Testing
import UserNotifications

/// Retries after a pause with `DispatchQueue.asyncAfter`, as extensions that poll their server
/// do: the title says how many seconds it waited.
final class RetryingService: UNNotificationServiceExtension, @unchecked Sendable {
  let pause: Double
  private var handler: (@Sendable (UNNotificationContent) -> Void)?
  private var best: UNMutableNotificationContent?

  init(pause: Double) { self.pause = pause }

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    handler = contentHandler
    let content = request.content.mutableCopy() as? UNMutableNotificationContent
    best = content
    DispatchQueue.global().asyncAfter(deadline: .now() + pause) { [self] in
      content?.title = "after \(Int(pause)) s"
      contentHandler(content ?? request.content)
    }
  }

  override func serviceExtensionTimeWillExpire() {
    best?.title = "best attempt"
    if let best { handler?(best) }
  }
}

@Suite("Work an extension puts off with asyncAfter")
struct DelayedWorkTests {
  func play(pause: Double) async -> Device {
    let app = AppConfiguration(
      bundleId: "com.example.chat", serviceExtension: ServiceExtensionConfiguration(kind: .app))
    let host = DeviceHost(
      app: app, code: .app(serviceExtension: { RetryingService(pause: pause) }))
    await host.receive(mutablePush, id: "m1")
    return await host.device
  }

  @Test("waits in scenario time: the pause is charged to the budget, not waited for")
  func pauseIsScenarioTime() async throws {
    let device = await play(pause: 12)
    #expect(device.notification("m1")?.title == "after 12 s")
    let started = try #require(device.events.events(ofKind: .extensionStarted).first)
    let finished = try #require(device.events.events(ofKind: .extensionFinished).first)
    #expect(finished.time.timeIntervalSince(started.time) == 12)
  }

  @Test("a pause past the budget never ends: the extension is stopped and its best attempt shows")
  func pausePastTheBudget() async throws {
    let device = await play(pause: 45)
    #expect(device.notification("m1")?.title == "best attempt")
    #expect(device.events.events(ofKind: .extensionTimeout).count == 1)
  }
}

/// Polls its server with `Task.sleep` between attempts: the title says how long it slept.
final class SleepingService: UNNotificationServiceExtension, @unchecked Sendable {
  let pause: Duration
  private var best: UNMutableNotificationContent?
  private var handler: (@Sendable (UNNotificationContent) -> Void)?

  init(pause: Duration) { self.pause = pause }

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    handler = contentHandler
    let content = request.content.mutableCopy() as? UNMutableNotificationContent
    best = content
    let pause = pause
    Task {
      do {
        try await Task.sleep(for: pause)
        try await Task.sleep(nanoseconds: 1_000_000_000)
      } catch {
        return
      }
      content?.title = "slept"
      contentHandler(content ?? request.content)
    }
  }

  override func serviceExtensionTimeWillExpire() {
    best?.title = "best attempt"
    if let best { handler?(best) }
  }
}

@Suite("An extension that sleeps")
struct SleepingExtensionTests {
  func play(pause: Duration) async -> Device {
    let app = AppConfiguration(
      bundleId: "com.example.chat", serviceExtension: ServiceExtensionConfiguration(kind: .app))
    let host = DeviceHost(
      app: app, code: .app(serviceExtension: { SleepingService(pause: pause) }))
    await host.receive(mutablePush, id: "m1")
    return await host.device
  }

  @Test("Task.sleep is scenario time charged to the budget")
  func sleepIsScenarioTime() async throws {
    let device = await play(pause: .seconds(9))
    #expect(device.notification("m1")?.title == "slept")
    let started = try #require(device.events.events(ofKind: .extensionStarted).first)
    let finished = try #require(device.events.events(ofKind: .extensionFinished).first)
    #expect(finished.time.timeIntervalSince(started.time) == 10)
  }

  @Test("a sleep past the budget ends in the best attempt, at once")
  func sleepPastTheBudget() async throws {
    let device = await play(pause: .seconds(60))
    #expect(device.notification("m1")?.title == "best attempt")
    #expect(device.events.events(ofKind: .extensionTimeout).count == 1)
  }
}
