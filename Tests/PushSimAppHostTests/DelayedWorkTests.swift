import Dispatch
import Foundation
import PushDevice
import PushPayload
import PushSimAppHost
import Testing
import UserNotifications

/// Pauses before it answers, as extensions that poll their server between attempts do: with
/// `DispatchQueue.asyncAfter` or with `Task.sleep`. The title says it answered.
final class PausingService: UNNotificationServiceExtension, @unchecked Sendable {
  enum Wait: Sendable, CaseIterable { case asyncAfter, taskSleep }

  let pause: Duration
  let wait: Wait
  private var best: UNMutableNotificationContent?
  private var handler: (@Sendable (UNNotificationContent) -> Void)?

  init(pause: Duration, wait: Wait) {
    self.pause = pause
    self.wait = wait
  }

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    handler = contentHandler
    let content = request.content.mutableCopy() as? UNMutableNotificationContent
    best = content
    let answer: @Sendable () -> Void = {
      content?.title = "answered"
      contentHandler(content ?? request.content)
    }
    let pause = pause
    switch wait {
    case .asyncAfter:
      let seconds = Double(pause.components.seconds)
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { answer() }
    case .taskSleep:
      Task {
        // Two forms, half the pause each.
        let half = pause / 2
        guard (try? await Task.sleep(for: half)) != nil,
          (try? await Task.sleep(nanoseconds: UInt64(half.components.seconds) * 1_000_000_000))
            != nil
        else { return }
        answer()
      }
    }
  }

  override func serviceExtensionTimeWillExpire() {
    best?.title = "best attempt"
    if let best { handler?(best) }
  }
}

@Suite("Work an extension puts off with asyncAfter or Task.sleep")
struct DelayedWorkTests {
  func play(pause: Duration, wait: PausingService.Wait) async -> Device {
    let app = AppConfiguration(
      bundleId: "com.example.chat", serviceExtension: ServiceExtensionConfiguration(kind: .app))
    let host = DeviceHost(
      app: app, code: .app(serviceExtension: { PausingService(pause: pause, wait: wait) }))
    await host.receive(mutablePush, id: "m1")
    return await host.device
  }

  @Test(
    "waits in scenario time: the pause is charged to the budget, not waited for",
    arguments: PausingService.Wait.allCases)
  func pauseIsScenarioTime(wait: PausingService.Wait) async throws {
    let device = await play(pause: .seconds(12), wait: wait)
    #expect(device.notification("m1")?.title == "answered")
    let started = try #require(device.events.events(ofKind: .extensionStarted).first)
    let finished = try #require(device.events.events(ofKind: .extensionFinished).first)
    #expect(finished.time.timeIntervalSince(started.time) == 12)
  }

  @Test(
    "a pause past the budget never ends: the extension is stopped and its best attempt shows",
    arguments: PausingService.Wait.allCases)
  func pausePastTheBudget(wait: PausingService.Wait) async throws {
    let device = await play(pause: .seconds(60), wait: wait)
    #expect(device.notification("m1")?.title == "best attempt")
    #expect(device.events.events(ofKind: .extensionTimeout).count == 1)
  }
}
