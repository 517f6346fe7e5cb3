import Foundation
import PushDevice
import PushPayload
import PushSimAppHost
import PushSimTestSupport
import Testing
import UserNotifications

/// A gate the app's code waits at until the test opens it: code that blocks its thread "for
/// ever", released when the test is over so no thread is left waiting in the test process.
final class Gate: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  /// Blocks the calling thread until ``open()``.
  func wait() { semaphore.wait() }
  /// Lets every waiter (now and later) through.
  func open() {
    for _ in 0..<64 { semaphore.signal() }
  }
}

/// Blocks in `didReceive` and, if asked, in `serviceExtensionTimeWillExpire` too.
final class BlockingService: UNNotificationServiceExtension, @unchecked Sendable {
  let gate: Gate
  let blockInExpire: Bool
  private var handler: ((UNNotificationContent) -> Void)?
  private var request: UNNotificationRequest?

  init(gate: Gate, blockInExpire: Bool = false) {
    self.gate = gate
    self.blockInExpire = blockInExpire
  }

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    handler = contentHandler
    self.request = request
    gate.wait()
  }

  override func serviceExtensionTimeWillExpire() {
    if blockInExpire { gate.wait() }
    guard let content = request?.content.mutableCopy() as? UNMutableNotificationContent else {
      return
    }
    content.title = "best attempt"
    handler?(content)
  }
}

/// A delegate whose `willPresent` and `didReceive` block their thread.
final class BlockingDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
  let gate: Gate
  init(gate: Gate) { self.gate = gate }

  func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    withCompletionHandler completionHandler:
      @escaping @Sendable (UNNotificationPresentationOptions) -> Void
  ) {
    gate.wait()
    completionHandler([.banner])
  }

  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void
  ) {
    gate.wait()
    completionHandler()
  }
}

/// A delegate with only the `async` form of `willPresent`, which blocks its thread.
final class BlockingAsyncDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
  let gate: Gate
  init(gate: Gate) { self.gate = gate }

  func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification
  ) async -> UNNotificationPresentationOptions {
    gate.wait()
    return [.banner]
  }
}

/// A background push handler that blocks its thread.
final class BlockingHandler: RemoteNotificationHandling, Sendable {
  let gate: Gate
  init(gate: Gate) { self.gate = gate }

  func application(
    _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
  ) {
    gate.wait()
    completionHandler(.newData)
  }
}

/// The app's code runs on threads of its own: whatever it blocks, the device, its limits and
/// other devices go on (Rules.md §7). Without that, each case hangs for good; the time limit
/// fails it instead (wall times are not asserted: a parallel suite delays every limit alike).
@Suite("App code that blocks its thread", .timeLimit(.minutes(1)), .temporaryFiles)
struct BlockingAppCodeTests {
  /// A short limit where the app's code blocks, so each case takes about a second; a long one
  /// where it answers, so a loaded machine never cuts it off (limits count real time on
  /// PushSim's own timer, whatever the load).
  /// (`didReceive` always gets 2 s: `timeWillExpire` is called on the instance, which the thread
  /// that enters `didReceive` makes, and on a loaded machine that thread may start late.)
  func watchdog(blockingInExpire: Bool) -> ServiceExtensionStage.Watchdog {
    ServiceExtensionStage.Watchdog(
      didReceiveLimit: .seconds(2),
      timeWillExpireLimit: blockingInExpire ? .milliseconds(400) : .seconds(10))
  }

  /// Plays one push through a ``BlockingService``; the device and its `extension.timeout`.
  func playBlocking(inExpire: Bool) async throws -> (Device, DeviceEvent) {
    let gate = Gate()
    defer { gate.open() }
    let host = DeviceHost(
      app: try appWithImage(),
      code: .app(
        serviceExtension: { BlockingService(gate: gate, blockInExpire: inExpire) },
        watchdog: watchdog(blockingInExpire: inExpire)))
    await host.receive(mutablePush, id: "m1")
    let device = await host.device
    let timeout = try #require(device.events.events(ofKind: .extensionTimeout).first)
    return (device, timeout)
  }

  @Test("an extension that blocks in didReceive ends at the watchdog with its best attempt")
  func blockingExtension() async throws {
    let (device, timeout) = try await playBlocking(inExpire: false)
    #expect(timeout.details["delivered"] == "bestAttempt")
    #expect(device.notification("m1")?.title == "best attempt")
  }

  @Test("an extension that blocks in didReceive and timeWillExpire delivers the original")
  func blockingExpire() async throws {
    let (device, timeout) = try await playBlocking(inExpire: true)
    #expect(timeout.details["delivered"] == "original")
    #expect(timeout.reason.contains("timeWillExpire did not return"))
    #expect(device.notification("m1")?.title == "Ana")
  }

  @Test("every push of a run blocking its extension: each ends at the watchdog")
  func everyPushBlocks() async throws {
    let gate = Gate()
    defer { gate.open() }
    let host = DeviceHost(
      app: try appWithImage(),
      code: .app(
        serviceExtension: { BlockingService(gate: gate, blockInExpire: true) },
        watchdog: ServiceExtensionStage.Watchdog(
          didReceiveLimit: .milliseconds(150), timeWillExpireLimit: .milliseconds(150))))
    for index in 0..<6 { await host.receive(mutablePush, id: "m\(index)") }
    let device = await host.device
    #expect(device.events.events(ofKind: .extensionTimeout).count == 6)
    #expect((0..<6).allSatisfy { device.notification("m\($0)") != nil })
  }

  @Test("a willPresent that blocks: the completion limit ends the call, nothing is presented")
  func blockingWillPresent() async throws {
    let gate = Gate()
    defer { gate.open() }
    let host = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.chat", state: .foreground),
      code: .app(delegate: BlockingDelegate(gate: gate), completionLimit: .milliseconds(300)))
    await host.receive(["aps": ["alert": "Hi"]], id: "m1")
    let device = await host.device
    #expect(device.notification("m1")?.presentation.banner == false)
  }

  @Test(
    "async willPresent methods that block, on more devices than cores: each call ends at its limit")
  func blockingAsyncWillPresent() async throws {
    let gate = Gate()
    defer { gate.open() }
    let presented = await withTaskGroup(of: Bool?.self) { group in
      for index in 0..<6 {
        group.addTask {
          let host = DeviceHost(
            app: AppConfiguration(bundleId: "com.example.chat", state: .foreground),
            code: .app(
              delegate: BlockingAsyncDelegate(gate: gate), completionLimit: .milliseconds(300)))
          await host.receive(["aps": ["alert": "Hi"]], id: "m\(index)")
          return await host.device.notification("m\(index)")?.presentation.banner
        }
      }
      var all: [Bool?] = []
      for await banner in group { all.append(banner) }
      return all
    }
    #expect(presented == Array(repeating: false, count: 6))
  }

  @Test("a tap whose didReceive blocks: the call is reported not completed")
  func blockingDidReceive() async throws {
    let gate = Gate()
    defer { gate.open() }
    let host = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.chat"),
      code: .app(delegate: BlockingDelegate(gate: gate), completionLimit: .milliseconds(300)))
    await host.receive(["aps": ["alert": "Hi"]], id: "m1")
    _ = try await host.tap("m1")
    let calls = await host.device.events.events(ofKind: .delegateDidReceive)
    #expect(calls.first?.details["completed"] == false)
  }

  @Test("a background handler that blocks: the completion limit ends the call")
  func blockingBackgroundHandler() async throws {
    let gate = Gate()
    defer { gate.open() }
    let host = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.chat", backgroundModes: [.remoteNotification]),
      code: .app(application: BlockingHandler(gate: gate), completionLimit: .milliseconds(300)))
    for index in 0..<3 {
      await host.receive(
        ["aps": ["content-available": 1]],
        headers: PushHeaders(pushType: "background", priority: "5"),
        id: "b\(index)")
    }
    let calls = await host.device.events.events(ofKind: .remoteNotificationHandled)
    #expect(calls.count == 3)
    #expect(calls.allSatisfy { $0.details["completed"] == false })
  }
}

/// Many devices at once, as Swift Testing runs parameterized cases: each plays a push through an
/// extension that loads its picture with `Data(contentsOf:)`, which blocks its thread.
@Suite("Parallel devices with blocking downloads", .timeLimit(.minutes(1)), .temporaryFiles)
struct ParallelBlockingDownloadTests {
  @Test("twelve devices in parallel cases", arguments: 0..<12)
  func twelve(index: Int) async throws {
    try await playWithDataContentsOf(index)
  }

  @Test("a hundred devices in parallel cases", arguments: 0..<100)
  func hundred(index: Int) async throws {
    try await playWithDataContentsOf(index)
  }

  private func playWithDataContentsOf(_ index: Int) async throws {
    let host = DeviceHost(
      app: try appWithImage(),
      code: .app(serviceExtension: {
        FormService(form: .dataContentsOf, seen: Observations())
      }))
    await host.receive(mutablePush, id: "m\(index)")
    let record = try #require(await host.device.notification("m\(index)"))
    #expect(record.title == "got 75 bytes")
  }
}

/// Keeps the content handler and starts nothing: it never answers on its own.
final class SilentService: UNNotificationServiceExtension, @unchecked Sendable {
  private var handler: ((UNNotificationContent) -> Void)?
  private var request: UNNotificationRequest?

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    handler = contentHandler
    self.request = request
  }

  override func serviceExtensionTimeWillExpire() {
    guard let content = request?.content.mutableCopy() as? UNMutableNotificationContent else {
      return
    }
    content.title = "best attempt"
    handler?(content)
  }
}

/// Answers from the app's own DispatchQueue a little later, and from a task.
final class LaterService: UNNotificationServiceExtension, @unchecked Sendable {
  let viaTask: Bool
  init(viaTask: Bool) { self.viaTask = viaTask }

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
      return
    }
    content.title = "later"
    if viaTask {
      Task {
        try? await Task.sleep(for: .milliseconds(300))
        contentHandler(content)
      }
    } else {
      DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { contentHandler(content) }
    }
  }
}

/// An extension with nothing left running ends in virtual time, not at the real-time watchdog
/// (Rules.md §7); one whose work is still under way is waited for.
@Suite("Extensions with nothing left running", .timeLimit(.minutes(1)), .temporaryFiles)
struct IdleExtensionTests {
  @Test("one that never answers and starts nothing waits out its budget at once")
  func silent() async throws {
    let host = DeviceHost(app: try appWithImage(), code: .app(serviceExtension: SilentService.init))
    await host.receive(mutablePush, id: "m1")
    let device = await host.device
    let timeout = try #require(device.events.events(ofKind: .extensionTimeout).first)
    // The budget ran out on the device, not PushSim's real-time watchdog.
    #expect(timeout.source == .device)
    #expect(timeout.reason.contains("used its whole budget of 30 s"))
    #expect(timeout.details["delivered"] == "bestAttempt")
    #expect(device.notification("m1")?.title == "best attempt")
    #expect(device.now == DeviceConfiguration.defaultStart.addingTimeInterval(30))
  }

  @Test(
    "one that answers later from a DispatchQueue or a task is waited for", arguments: [false, true])
  func later(viaTask: Bool) async throws {
    let host = DeviceHost(
      app: try appWithImage(), code: .app(serviceExtension: { LaterService(viaTask: viaTask) }))
    await host.receive(mutablePush, id: "m1")
    let device = await host.device
    #expect(device.notification("m1")?.title == "later")
    #expect(device.events.events(ofKind: .extensionTimeout).isEmpty)
  }
}
