import CallKit
import Foundation
import PushDevice
import PushKit
import PushPayload
import PushSimAppHost
import PushSimTestSupport
import Testing
import UserNotifications

/// Starts `count` tasks of the app's own that block forever (until the test opens `gate`), as
/// modern app code and SDKs do with `Task { semaphore.wait() }`.
func startBlockedTasks(_ count: Int, at gate: Gate) {
  for _ in 0..<count { Task { gate.wait() } }
}

/// A service extension that starts blocked tasks, then answers at once with a changed title, or
/// never answers.
final class TaskBlockingService: UNNotificationServiceExtension, @unchecked Sendable {
  let gate: Gate
  let tasks: Int
  let answers: Bool
  init(gate: Gate, tasks: Int, answers: Bool) {
    self.gate = gate
    self.tasks = tasks
    self.answers = answers
  }

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    startBlockedTasks(tasks, at: gate)
    guard answers, let content = request.content.mutableCopy() as? UNMutableNotificationContent
    else { return }
    content.title = "changed"
    contentHandler(content)
  }
}

/// A delegate whose `willPresent` and `didReceive` start blocked tasks, then answer or never do.
final class TaskBlockingDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
  let gate: Gate
  let tasks: Int
  let answers: Bool
  init(gate: Gate, tasks: Int, answers: Bool) {
    self.gate = gate
    self.tasks = tasks
    self.answers = answers
  }

  func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    withCompletionHandler completionHandler:
      @escaping @Sendable (UNNotificationPresentationOptions) -> Void
  ) {
    startBlockedTasks(tasks, at: gate)
    if answers { completionHandler([.banner]) }
  }

  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void
  ) {
    startBlockedTasks(tasks, at: gate)
    if answers { completionHandler() }
  }
}

/// A background handler that starts blocked tasks, then answers or never does.
final class TaskBlockingHandler: RemoteNotificationHandling, Sendable {
  let gate: Gate
  let tasks: Int
  let answers: Bool
  init(gate: Gate, tasks: Int, answers: Bool) {
    self.gate = gate
    self.tasks = tasks
    self.answers = answers
  }

  func application(
    _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
  ) {
    startBlockedTasks(tasks, at: gate)
    if answers { completionHandler(.newData) }
  }
}

/// A VoIP app whose PushKit handler starts blocked tasks, then reports the call and completes,
/// or never does either.
final class TaskBlockingCalls: NSObject, PKPushRegistryDelegate, CXProviderDelegate,
  @unchecked Sendable
{
  let gate: Gate
  let tasks: Int
  let answers: Bool
  let provider = CXProvider(configuration: CXProviderConfiguration())
  let registry = PKPushRegistry(queue: nil)

  init(gate: Gate, tasks: Int, answers: Bool) {
    self.gate = gate
    self.tasks = tasks
    self.answers = answers
    super.init()
    provider.setDelegate(self, queue: nil)
    registry.delegate = self
    registry.desiredPushTypes = [.voIP]
  }

  func pushRegistry(
    _ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType
  ) {}

  func pushRegistry(
    _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,
    for type: PKPushType, completion: @escaping () -> Void
  ) {
    startBlockedTasks(tasks, at: gate)
    guard answers else { return }
    let update = CXCallUpdate()
    update.remoteHandle = CXHandle(type: .generic, value: "Ana")
    provider.reportNewIncomingCall(with: UUID(), update: update) { _ in completion() }
  }

  func providerDidReset(_ provider: CXProvider) {}
}

/// The app's own tasks that block forever never hang PushSim: each call plays to its end within
/// its limit plus 5 s of real time, whether the app's code answers or never does, with 8 and
/// 64 blocked tasks a call (more than the machine's cores), and in a hundred parallel cases
/// (Architecture.md, "The hosting runtime"). Without the elastic executor these cases hang for
/// good, and the suite's time limit fails them.
@Suite("The app's own tasks that block forever", .timeLimit(.minutes(2)), .temporaryFiles)
struct AppTasksThatBlockTests {
  /// The real-time limit of each call: short where the app's code never answers, so each case
  /// waits it out quickly; long where it answers, so a loaded machine never cuts it off
  /// (limits count real time on PushSim's own timer, whatever the load).
  static func limit(answers: Bool) -> Duration { answers ? .seconds(10) : .seconds(1) }

  static func watchdog(answers: Bool) -> ServiceExtensionStage.Watchdog {
    ServiceExtensionStage.Watchdog(
      didReceiveLimit: limit(answers: answers), timeWillExpireLimit: limit(answers: answers))
  }

  /// Runs `body` with a gate opened when it is over, and checks it ended within its limit
  /// (`calls` of it) plus 5 s of real time.
  func withinLimits(
    answers: Bool, calls: Int = 1, _ body: (Gate) async throws -> Void
  ) async rethrows {
    let gate = Gate()
    defer { gate.open() }
    let clock = ContinuousClock()
    let start = clock.now
    try await body(gate)
    #expect(clock.now - start < Self.limit(answers: answers) * calls + .seconds(5))
  }

  @Test(
    "a service extension", arguments: [8, 64], [true, false])
  func serviceExtension(tasks: Int, answers: Bool) async throws {
    try await withinLimits(answers: answers, calls: 2) { gate in
      let host = DeviceHost(
        app: try appWithImage(),
        code: .app(
          serviceExtension: { TaskBlockingService(gate: gate, tasks: tasks, answers: answers) },
          watchdog: Self.watchdog(answers: answers)))
      await host.receive(mutablePush, id: "m1")
      let device = await host.device
      #expect(device.notification("m1")?.title == (answers ? "changed" : "Ana"))
      #expect(device.events.events(ofKind: .extensionTimeout).count == (answers ? 0 : 1))
    }
  }

  @Test("a willPresent", arguments: [8, 64], [true, false])
  func willPresent(tasks: Int, answers: Bool) async {
    await withinLimits(answers: answers) { gate in
      let host = DeviceHost(
        app: AppConfiguration(bundleId: "com.example.chat", state: .foreground),
        code: .app(
          delegate: TaskBlockingDelegate(gate: gate, tasks: tasks, answers: answers),
          completionLimit: Self.limit(answers: answers)))
      await host.receive(["aps": ["alert": "Hi"]], id: "m1")
      #expect(await host.device.notification("m1")?.presentation.banner == answers)
    }
  }

  @Test("a didReceive", arguments: [8, 64], [true, false])
  func didReceive(tasks: Int, answers: Bool) async throws {
    try await withinLimits(answers: answers) { gate in
      let host = DeviceHost(
        app: AppConfiguration(bundleId: "com.example.chat"),
        code: .app(
          delegate: TaskBlockingDelegate(gate: gate, tasks: tasks, answers: answers),
          completionLimit: Self.limit(answers: answers)))
      await host.receive(["aps": ["alert": "Hi"]], id: "m1")
      _ = try await host.tap("m1")
      let calls = await host.device.events.events(ofKind: .delegateDidReceive)
      // A completed call has no `completed` detail; one cut off by its limit says `false`.
      #expect(calls.first?.details["completed"] == (answers ? nil : false))
    }
  }

  @Test("a background handler", arguments: [8, 64], [true, false])
  func backgroundHandler(tasks: Int, answers: Bool) async {
    await withinLimits(answers: answers) { gate in
      let host = DeviceHost(
        app: AppConfiguration(
          bundleId: "com.example.chat", backgroundModes: [.remoteNotification]),
        code: .app(
          application: TaskBlockingHandler(gate: gate, tasks: tasks, answers: answers),
          completionLimit: Self.limit(answers: answers)))
      await host.receive(
        ["aps": ["content-available": 1]],
        headers: PushHeaders(pushType: "background", priority: "5"),
        id: "b1")
      let calls = await host.device.events.events(ofKind: .remoteNotificationHandled)
      #expect(calls.map { $0.details["completed"] } == [answers ? nil : false])
    }
  }

  @Test("a PushKit handler", arguments: [8, 64], [true, false])
  func pushKitHandler(tasks: Int, answers: Bool) async {
    // Launch, the token and the push: three calls, each under the limit.
    await withinLimits(answers: answers, calls: 3) { gate in
      let host = DeviceHost(
        app: AppConfiguration(bundleId: "com.example.call", state: .notRunning),
        code: .app(
          launch: { TaskBlockingCalls(gate: gate, tasks: tasks, answers: answers) },
          completionLimit: Self.limit(answers: answers)))
      await host.receive(
        bytes: Array(#"{"caller":"Ana"}"#.utf8),
        headers: PushHeaders(pushType: "voip", priority: "10", topic: "com.example.call.voip"),
        id: "call", to: .pushType(.voip))
      let kinds = await host.device.events.filter { $0.push == "call" }.map(\.kind)
      #expect(kinds.contains(.callKitIncoming) == answers)
    }
  }

  @Test("a hundred parallel cases, each extension blocking 8 tasks", arguments: 0..<100)
  func hundredParallel(index: Int) async throws {
    let answers = index.isMultiple(of: 2)
    try await withinLimits(answers: answers, calls: 2) { gate in
      let host = DeviceHost(
        app: try appWithImage(),
        code: .app(
          serviceExtension: { TaskBlockingService(gate: gate, tasks: 8, answers: answers) },
          watchdog: Self.watchdog(answers: answers)))
      await host.receive(mutablePush, id: "m\(index)")
      #expect(await host.device.notification("m\(index)")?.title == (answers ? "changed" : "Ana"))
    }
  }
}
