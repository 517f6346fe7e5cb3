import Foundation
import PushDevice
import PushPayload
import Synchronization
import Testing

/// Rules.md §7, first bullet: the device decides whether the extension runs; the host runs it.
@Suite struct ServiceExtensionSeamTests {
  /// Adds a prefix to the title after spending some scenario time.
  struct Prefixer: ServiceExtension {
    var work: Duration = .seconds(2)
    func didReceive(_ request: NotificationRequest, context: ServiceExtensionContext) async throws
      -> NotificationContent
    {
      try context.spend(work)
      var content = request.content
      content.title = "[x] " + content.title
      return content
    }
    func timeWillExpire() async -> NotificationContent? { nil }
  }

  static func payload(mutable: Bool = true, title: String = "Hi") -> JSONValue {
    ["aps": ["alert": ["title": .init(.string(title))], "mutable-content": mutable ? 1 : 0]]
  }

  @Test func itRunsWithMutableContentAndAVisibleAlertAndTheClockMovesOn() async {
    let device = DeviceHost(code: AppCode(serviceExtension: { Prefixer() }))
    let start = await device.now
    await device.receive(Self.payload(), id: "m1")
    let phone = await device.device
    #expect(phone.notification("m1")?.title == "[x] Hi")
    #expect(phone.now == start.addingTimeInterval(2))
    let kinds = phone.kinds("m1")
    #expect(kinds.contains("extension.started"))
    #expect(kinds.contains("extension.finished"))
    let delivered = phone.events.events(for: "m1").first { $0.kind == .delivered }
    #expect(delivered?.time == start.addingTimeInterval(2))
  }

  @Test func itDoesNotRunWithoutMutableContent() async {
    let device = DeviceHost(code: AppCode(serviceExtension: { Prefixer() }))
    await device.receive(Self.payload(mutable: false), id: "m1")
    let phone = await device.device
    #expect(phone.notification("m1")?.title == "Hi")
    #expect(!phone.kinds("m1").contains("extension.started"))
  }

  @Test func itDoesNotRunWithoutVisibleText() async {
    let device = DeviceHost(code: AppCode(serviceExtension: { Prefixer() }))
    await device.receive(
      ["aps": ["alert": ["title": ""], "badge": 1, "mutable-content": 1]], id: "m1")
    let phone = await device.device
    #expect(!phone.kinds("m1").contains("extension.started"))
    #expect(phone.kinds("m1").contains("extension.skipped"))
  }

  @Test func itDoesNotRunWhenAlertsAreDenied() async {
    let device = DeviceHost(
      app: AppConfiguration(authorization: NotificationAuthorization(status: .denied)),
      code: AppCode(serviceExtension: { Prefixer() }))
    await device.receive(Self.payload(), id: "m1")
    let phone = await device.device
    #expect(!phone.kinds("m1").contains("extension.started"))
    #expect(phone.status("m1") == .suppressed)
  }

  @Test func provisionalCountsAsAllowed() async {
    let device = DeviceHost(
      app: AppConfiguration(authorization: NotificationAuthorization(status: .provisional)),
      code: AppCode(serviceExtension: { Prefixer() }))
    await device.receive(Self.payload(), id: "m1")
    #expect(await device.device.notification("m1")?.title == "[x] Hi")
  }

  @Test func itDoesNotRunWhenTheAppHasNoExtension() async {
    var device = Device()
    device.receive(Self.payload(), id: "m1")
    #expect(!device.kinds("m1").contains("extension.started"))
    #expect(device.notification("m1")?.title == "Hi")
  }

  @Test func overTheBudgetTheOriginalIsDeliveredAndThePushIsNotLost() async {
    let device = DeviceHost(code: AppCode(serviceExtension: { Prefixer(work: .seconds(45)) }))
    let start = await device.now
    await device.receive(Self.payload(), id: "m1")
    let phone = await device.device
    #expect(phone.status("m1") == .delivered)
    #expect(phone.notification("m1")?.title == "Hi")
    #expect(phone.kinds("m1").contains("extension.timeout"))
    #expect(phone.now == start.addingTimeInterval(30))
  }

  @Test func theBuiltInMediaExtensionRunsFromTheAppConfiguration() async {
    let app = AppConfiguration(serviceExtension: ServiceExtensionConfiguration())
    let device = DeviceHost(app: app)
    let payload: JSONValue = [
      "aps": ["alert": "pic", "mutable-content": 1],
      "media-url": "https://cdn.example.com/none.jpg",
    ]
    await device.receive(payload, id: "m1")
    let phone = await device.device
    #expect(phone.kinds("m1").contains("extension.started"))
    #expect(phone.kinds("m1").contains("media.failed"))
    #expect(phone.status("m1") == .delivered)
  }

  // MARK: The host's seams (issue: a device that hosts user code)

  /// Counts instances, so a test can tell whether each push got its own.
  final class InstanceCounter: Sendable {
    let made = Mutex(0)
  }

  /// An extension that remembers, per instance, how many pushes it saw.
  final class Stateful: ServiceExtension {
    let seen = Mutex(0)
    init(counter: InstanceCounter) { counter.made.withLock { $0 += 1 } }
    func didReceive(_ request: NotificationRequest, context: ServiceExtensionContext) async throws
      -> NotificationContent
    {
      let count = seen.withLock { value in
        value += 1
        return value
      }
      var content = request.content
      content.title = "seen \(count)"
      return content
    }
  }

  @Test func eachPushGetsAFreshExtensionInstance() async {
    let counter = InstanceCounter()
    let device = DeviceHost(code: AppCode(serviceExtension: { Stateful(counter: counter) }))
    await device.receive(Self.payload(), id: "m1")
    await device.receive(Self.payload(), id: "m2")
    let phone = await device.device
    #expect(counter.made.withLock { $0 } == 2)
    #expect(phone.notification("m1")?.title == "seen 1")
    #expect(phone.notification("m2")?.title == "seen 1")
  }

  /// Sleeps on the extension's clock, as code that takes a `Clock` would.
  struct Sleeper: ServiceExtension {
    var sleep: Duration
    func didReceive(_ request: NotificationRequest, context: ServiceExtensionContext) async throws
      -> NotificationContent
    {
      try await context.clock.sleep(for: sleep)
      var content = request.content
      content.title = "after sleeping"
      return content
    }
    func timeWillExpire() async -> NotificationContent? {
      NotificationContent(title: "best attempt", body: "")
    }
  }

  @Test func sleepingPastTheBudgetIsCutAtTheBudgetWithoutWaiting() async {
    // A watchdog of an hour: were the sleep real, the test would hang instead of passing.
    let code = AppCode(
      serviceExtension: { Sleeper(sleep: .seconds(40)) },
      watchdog: .init(didReceiveLimit: .seconds(3600)))
    let device = DeviceHost(code: code)
    let start = await device.now
    await device.receive(Self.payload(), id: "m1")
    let phone = await device.device
    #expect(phone.now == start.addingTimeInterval(30))
    #expect(phone.notification("m1")?.title == "best attempt")
    let timeout = phone.events.events(for: "m1").first { $0.kind == .extensionTimeout }
    // The budget ran out in virtual time (source device), not PushSim's real-time watchdog.
    #expect(timeout?.source == .device)
    #expect(timeout?.reason.contains("used its whole budget of 30 s") == true)
  }

  @Test func sleepingWithinTheBudgetMovesVirtualTime() async {
    let device = DeviceHost(code: AppCode(serviceExtension: { Sleeper(sleep: .seconds(12)) }))
    let start = await device.now
    await device.receive(Self.payload(), id: "m1")
    let phone = await device.device
    #expect(phone.now == start.addingTimeInterval(12))
    #expect(phone.notification("m1")?.title == "after sleeping")
  }

  @Test func anAppThatDeclaresItsOwnExtensionWithoutCodeDeliversTheOriginal() async {
    let device = DeviceHost(app: AppConfiguration(serviceExtension: .init(kind: .app)))
    await device.receive(Self.payload(), id: "m1")
    let phone = await device.device
    #expect(phone.notification("m1")?.title == "Hi")
    let skipped = phone.events.events(for: "m1").first { $0.kind == .extensionSkipped }
    #expect(skipped?.source == .model)
    #expect(skipped?.reason.contains("\"kind\": \"app\"") == true)
  }

  @Test func theStateMachineOffersTheRunAsAnEffectAndTakesItsResultBack() {
    var device = Device(app: AppConfiguration(serviceExtension: .init(kind: .app)))
    device.receive(Self.payload(), id: "m1")
    let effect = device.nextEffect
    guard case .runExtension(let run)? = effect, let effect else {
      Issue.record("expected an extension run, found \(String(describing: effect))")
      return
    }
    #expect(run.push == "m1")
    var content = run.request.content
    content.title = "Changed"
    let outcome = ServiceExtensionOutcome(
      request: NotificationRequest(
        identifier: run.request.identifier, content: content, date: run.request.date),
      delivered: .modified, reason: "test", elapsed: .seconds(2), events: [])
    #expect(device.complete(effect, with: .extensionFinished(outcome)).isEmpty)
    #expect(device.nextEffect == nil)
    #expect(device.notification("m1")?.title == "Changed")
    #expect(device.now == DeviceConfiguration.defaultStart.addingTimeInterval(2))
  }

  @Test func theStateMachineWaitsForTheExtensionAndSettlesWhenNobodyRunsIt() {
    var device = Device(app: AppConfiguration(serviceExtension: .init(kind: .app)))
    device.receive(Self.payload(), id: "m1")
    #expect(device.pendingExtensionRun?.push == "m1")
    #expect(device.notification("m1") == nil)
    device.advance(by: .seconds(1))
    #expect(device.pendingExtensionRun == nil)
    #expect(device.notification("m1")?.title == "Hi")
    #expect(device.kinds("m1").contains("extension.skipped"))
  }

  /// A view model on the main actor holds a device and sends it pushes.
  @MainActor final class InboxModel {
    let device = DeviceHost(code: AppCode(serviceExtension: { Prefixer() }))
    var titles: [String] = []
    func simulate() async {
      await device.receive(ServiceExtensionSeamTests.payload(), id: "m1")
      titles = await device.read { phone in phone.notification("m1").map { [$0.title] } ?? [] }
    }
  }

  @MainActor @Test func aMainActorModelCanHoldADevice() async {
    let model = InboxModel()
    await model.simulate()
    #expect(model.titles == ["[x] Hi"])
  }

  @Test func theDeviceClockWakesSleepersWhenTimeMoves() async throws {
    let device = DeviceHost()
    let clock = device.clock
    let start = clock.now
    let sleeper = Task { try await clock.sleep(until: start.advanced(by: .seconds(60))) }
    while clock.sleeperCount == 0 { await Task.yield() }
    await device.advance(by: .seconds(59))
    #expect(clock.sleeperCount == 1)
    await device.advance(by: .seconds(1))
    try await sleeper.value
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == start.advanced(by: .seconds(60)))
  }
}
