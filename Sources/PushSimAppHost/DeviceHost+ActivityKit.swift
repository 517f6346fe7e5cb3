import ActivityKit
public import PushDevice
import PushSimHosting
import Synchronization
import UserNotifications
import os

extension DeviceHost {
  /// Runs the app's own foreground code on this device, such as its Live Activity manager:
  /// in `body` (and the tasks it starts), `Activity` and `ActivityAuthorizationInfo` are this
  /// device's, as `import ActivityKit` code sees them on an iPhone (Rules.md §13).
  ///
  /// ```swift
  /// let phone = DeviceHost(app: app)   // app.state = .foreground, its activity types
  /// let activity = try await phone.runApp { try DeliveryActivities().start(order: "A1") }
  /// await phone.receive(json: update, headers: liveActivityHeaders, to: .activity(activity.id))
  /// ```
  ///
  /// Returns when the calls `body` made have reached the device. The `Activity` objects stay
  /// bound to this device afterwards: their `update`, `end` and update sequences follow it.
  public nonisolated func runApp<Result: Sendable>(
    _ body: @Sendable () async throws -> Result
  ) async rethrows -> Result {
    let (center, backend) = await ActivityHosting.center(for: self)
    // The app's code runs on a thread of its own (Rules.md §7), not on the cooperative pool.
    let executor = AppCodeExecutor(name: "runApp")
    defer { executor.finish() }
    let log = HostedLog.Collector()
    let sink = log.sink
    let result = try await withTaskExecutorPreference(executor) {
      try await AppLog.withSink(sink) {
        try await ActivityCenter.withBound(center) { try await body() }
      }
    }
    await backend.drain()
    await log.record(on: self, push: nil)
    return result
  }
}

/// The app's ActivityKit center of each device, made on first use.
enum ActivityHosting {
  private struct Entry {
    weak var host: DeviceHost?
    let center: ActivityCenter
    let backend: DeviceActivityBackend
  }

  /// The centers by host, and when to next drop the entries of hosts that are gone.
  private struct Table {
    var entries: [ObjectIdentifier: Entry] = [:]
    var pruneAt = 64

    /// Drops the entries of hosts that are gone once the table has doubled since the last
    /// time: amortized O(1) a call, so many devices in parallel stay linear.
    mutating func pruneIfGrown() {
      guard entries.count >= pruneAt else { return }
      entries = entries.filter { $0.value.host != nil }
      pruneAt = max(64, 2 * entries.count)
    }
  }

  private static let centers = Mutex(Table())

  /// The center of `host` and its backend; a new one follows the device's activities.
  static func center(for host: DeviceHost) async -> (ActivityCenter, DeviceActivityBackend) {
    let key = ObjectIdentifier(host)
    let (entry, isNew) = centers.withLock { table -> (Entry, Bool) in
      // An identifier is reused once its host is gone: the entry must hold this very host.
      if let entry = table.entries[key], entry.host === host { return (entry, false) }
      table.pruneIfGrown()
      let backend = DeviceActivityBackend(host: host)
      let entry = Entry(host: host, center: ActivityCenter(backend: backend), backend: backend)
      table.entries[key] = entry
      return (entry, true)
    }
    if isNew {
      let hub = entry.center.hub
      await host.observeLiveActivities { snapshot in
        DeviceActivityBackend.apply(snapshot, to: hub)
      }
    }
    return (entry.center, entry.backend)
  }
}

/// Binds the app's `ActivityKit` to the device that runs the app's code: the hosted
/// `UNUserNotificationCenterDelegate`, background push handler and service extension call
/// `Activity` on that device, as `import ActivityKit` code does on an iPhone (Rules.md §13.16).
/// Without a device (code not yet bound to one) calls stay in memory.
final class ActivityBinding: Sendable {
  private weak let host: DeviceHost?

  init(host: DeviceHost?) {
    self.host = host
  }

  /// The device's center and backend, its hub refreshed with the device's present state (the
  /// app's state as the hosted code sees it); `nil` without a device.
  func center() async -> (center: ActivityCenter, backend: DeviceActivityBackend)? {
    guard let host else { return nil }
    let (center, backend) = await ActivityHosting.center(for: host)
    await host.appCall { _ in }
    return (center, backend)
  }

  /// Asks the app's code on a thread of its own (``AppThread/ask(_:limit:_:)``) in `process`,
  /// with the device's center as `Activity`'s there and the device answering its requests
  /// (``AppCallNetwork``), then waits until the `Activity` calls it made have reached the
  /// device and records its log lines and requests as events of the push it handles.
  ///
  /// A call with no completion handler (`waitsForStartedWork`: the launch, the registration's
  /// answers) is over once its method has returned and the work it started has finished (its
  /// requests and their completion handlers, its tasks, its `DispatchQueue` work), at most
  /// `limit` of real time after: the app is running, so a token sent from
  /// `didRegisterForRemoteNotificationsWithDeviceToken` without waiting reaches the server, as on
  /// iOS (Rules.md §15). Other calls are over at their completion handler (Rules.md §7.1).
  func ask<Value: Sendable>(
    _ name: String, limit: Duration, in process: HostedProcess,
    waitsForStartedWork: Bool = false,
    _ body: @escaping @Sendable (_ answer: @escaping @Sendable (Value) -> Void) -> Void
  ) async -> Value? {
    let bound = await center()
    let activities = bound?.center
    let push = AppCallPush.current
    let log = HostedLog.Collector()
    let call = await AppCallProcess.open(on: host, in: process)
    // On a device, the lines join the call's requests in the order they happened.
    let sink = call.process.log ?? log.sink
    let idle = OneShot<Void>()
    let answer = await AppThread.ask(name, limit: limit) { [call] reply in
      var process = call.process
      // Held by the work the call starts (RunActivity), let go of when the last of it is done.
      if waitsForStartedWork { process.activity = RunActivity { idle.give(()) } }
      AppLog.withSink(sink) {
        ActivityCenter.withBound(activities) { process.bind { body(reply) } }
      }
      process.activity = nil
    }
    if waitsForStartedWork, answer != nil {
      await RealTimeLimit.first(of: idle, within: limit, else: ()) {}
    }
    await bound?.backend.drain()
    await log.record(on: host, push: push)
    await call.close(on: host)
    return answer
  }
}
