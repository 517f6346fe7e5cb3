#if os(Linux)
  import Dispatch
  import Foundation
  import PushDevice
  import PushPayload
  import PushSimAppHost
  import Synchronization
  import UserNotifications

  /// `PushSimBenchmarks hosted [small] [large] [rounds]`: `small` and `large` devices (1,000 and
  /// 10,000) at once, each running the app's own code (an extension and a delegate, as
  /// `AppCode.app` hosts them) on one push, in alternating rounds; prints the large / small time
  /// ratio. The target: at most 10 for ten times the devices. Each device's `Activity` center was once found by filtering a table of every device
  /// under one lock: 1,000 devices took 0.44 s, 10,000 took 24 s.
  enum HostedBenchmark {
    static func run(_ arguments: [String]) throws {
      let small = arguments.first.flatMap(Int.init) ?? 1_000
      let large = arguments.dropFirst().first.flatMap(Int.init) ?? 10_000
      let rounds = arguments.dropFirst(2).first.flatMap(Int.init) ?? 3
      // Each run starts from the same state: the app's idle threads a run leaves end after
      // 2 s (AppThread), and the small run right after the large one found thousands waiting.
      let (smallTime, largeTime) = try ScenarioBenchmark.medianTimes(rounds: rounds, settle: 2.5) {
        try playBlocking(devices: small)
      } _: {
        try playBlocking(devices: large)
      }
      print(
        "hosted: devices in parallel, each running the app's extension and delegate on a push, "
          + "median of \(rounds) rounds: \(large) devices \(ScenarioBenchmark.format(largeTime)) "
          + "ms, \(small) devices \(ScenarioBenchmark.format(smallTime)) ms, "
          + verdict(ratio: largeTime / smallTime, small: small, large: large))
    }

    /// `ratio R (target <= B) ok`: the bound, ten times the time for ten times the
    /// devices (scaled for other sizes), stricter than the linearity sections' 1.2.
    static func verdict(ratio: Double, small: Int, large: Int) -> String {
      let bound = Double(large) / Double(max(1, small))
      return "ratio \(ScenarioBenchmark.format(ratio, digits: 2)) (target <= "
        + "\(ScenarioBenchmark.format(bound))) " + (ratio <= bound ? "ok" : "TOO HIGH")
    }

    /// Plays one push on each of `devices` devices at once, from this (non-pool) thread.
    static func playBlocking(devices: Int) throws {
      let shown = Mutex(0)
      let done = DispatchSemaphore(value: 0)
      Task {
        await withTaskGroup(of: Bool.self) { group in
          for index in 0..<devices {
            group.addTask { await play(index) }
          }
          for await ok in group where ok { shown.withLock { $0 += 1 } }
        }
        done.signal()
      }
      done.wait()
      guard shown.withLock({ $0 }) == devices else {
        throw BenchmarkError("a hosted device did not show its notification")
      }
    }

    /// One device with the app's code; whether the extension's title shows.
    static func play(_ index: Int) async -> Bool {
      let host = DeviceHost(
        app: AppConfiguration(
          bundleId: "com.example.chat",
          serviceExtension: ServiceExtensionConfiguration(kind: .app)),
        code: .app(serviceExtension: TitleService.init, delegate: Delegate()))
      let push: JSONValue = [
        "aps": ["alert": ["title": "Ana", "body": "Hola"], "mutable-content": 1]
      ]
      await host.receive(push, id: "m\(index)")
      return await host.read { $0.notification("m\(index)")?.title } == "From Ana"
    }

    /// Xcode's template, changing the title.
    final class TitleService: UNNotificationServiceExtension {
      override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
      ) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
          return contentHandler(request.content)
        }
        content.title = "From \(content.title)"
        contentHandler(content)
      }
    }

    /// A delegate that shows banners in the foreground.
    final class Delegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
      func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler:
          @escaping @Sendable (UNNotificationPresentationOptions) -> Void
      ) {
        completionHandler([.banner])
      }
    }
  }
#endif
