#if os(Linux)
  import Dispatch
  import Foundation
  import PushDevice
  import PushPayload
  import PushSimAppHost
  import UserNotifications
  import os

  /// `PushSimBenchmarks applog [pushes] [lines]`: one device running the app's own service
  /// extension on `pushes` pushes (default 1), the extension writing `lines` lines with
  /// `Logger` for each (default 1,000,000). Prints the lines written, the `app.log` events kept,
  /// the events in the log, the time and the peak memory; `run.sh applog` runs a million lines
  /// as one push and as 10,000 pushes of 100, each in a process of its own. Every line was once
  /// kept as an event (about 700 bytes each: a million lines peaked at 684 MB); the window of
  /// Rules.md §7.2 keeps the peak flat whatever the count (Performance.md, "Issue 45").
  enum AppLogBenchmark {
    static func run(_ arguments: [String]) throws {
      let pushes = arguments.first.flatMap(Int.init) ?? 1
      let lines = arguments.dropFirst().first.flatMap(Int.init) ?? 1_000_000
      let clock = ContinuousClock()
      let start = clock.now
      let (kept, events) = play(pushes: pushes, lines: lines)
      let seconds = (clock.now - start) / .seconds(1)
      print(
        "applog: \(pushes) push(es) of \(lines) Logger lines (\(pushes * lines) in all): "
          + "app.log events kept \(kept), events \(events), "
          + "\(ScenarioBenchmark.format(seconds * 1000)) ms, "
          + "peak \(DeviceBenchmark.peakMemoryKiB()) KiB")
    }

    /// Plays the pushes from this (non-pool) thread; the `app.log` events and all events kept.
    static func play(pushes: Int, lines: Int) -> (kept: Int, events: Int) {
      let result = Unchecked((0, 0))
      let done = DispatchSemaphore(value: 0)
      Task {
        let host = DeviceHost(
          app: AppConfiguration(
            bundleId: "com.example.chat",
            serviceExtension: ServiceExtensionConfiguration(kind: .app)),
          code: .app(serviceExtension: { LoggingService(lines: lines) }))
        let push: JSONValue = [
          "aps": ["alert": ["title": "Ana", "body": "Hola"], "mutable-content": 1]
        ]
        for index in 0..<pushes { await host.receive(push, id: "m\(index)") }
        let device = await host.device
        result.value = (device.events.events(ofKind: .appLog).count, device.events.count)
        done.signal()
      }
      done.wait()
      return result.value
    }

    /// An extension that logs `lines` lines, then delivers the content unchanged.
    final class LoggingService: UNNotificationServiceExtension, @unchecked Sendable {
      let lines: Int
      let logger = Logger(subsystem: "com.example.chat", category: "push")
      init(lines: Int) { self.lines = lines }

      override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
      ) {
        for line in 0..<lines {
          logger.info("decrypting message \(line, privacy: .public) of \(self.lines)")
        }
        contentHandler(request.content)
      }
    }

    /// A value handed from the task to the waiting thread.
    final class Unchecked<Value>: @unchecked Sendable {
      var value: Value
      init(_ value: Value) { self.value = value }
    }
  }
#endif
