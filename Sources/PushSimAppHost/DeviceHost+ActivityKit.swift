import ActivityKit
public import PushDevice
import PushSimHosting
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
  /// The requests `body` makes (`URLSession`, `Data(contentsOf:)`) are answered by the device
  /// from the app's `requests` table, as a delegate call's are; one made after `body` returned
  /// (by a task it started) gets the offline answer, never the test machine's network.
  public nonisolated func runApp<Result: Sendable>(
    _ body: @Sendable () async throws -> Result
  ) async rethrows -> Result {
    let (center, backend) = await ActivityHosting.center(for: self)
    // The app's code runs on a thread of its own (Rules.md §7), not on the cooperative pool.
    let executor = AppCodeExecutor(name: "runApp")
    defer { executor.finish() }
    // Its requests are the device's to answer, as a delegate call's are (Rules.md §7.1): from
    // the app's `requests` table (or the network under `fetch: network`), never the test
    // machine's network; one the app's tasks make after `body` returned gets the offline answer.
    let call = await AppCallProcess.open(on: self, in: AppProcess.current.hosted)
    let log = HostedLog.Collector()
    var process = AppProcess.current
    process.hosted = call.process
    if call.process.log == nil { process.appLogSink = log.sink }
    process.activityCenter = center
    let result = try await withTaskExecutorPreference(executor) {
      try await process.bind { try await body() }
    }
    await backend.drain()
    await log.record(on: self, push: nil)
    await call.close(on: self)
    return result
  }
}

/// The app's ActivityKit center of each device, made on first use and kept with the device
/// (``DeviceHost/attachments``): each device's own lock, never one table of every device.
enum ActivityHosting {
  /// A device's center and its backend.
  private struct Entry: Sendable {
    let center: ActivityCenter
    let backend: DeviceActivityBackend
  }

  /// The center of `host` and its backend; a new one follows the device's activities.
  static func center(for host: DeviceHost) async -> (ActivityCenter, DeviceActivityBackend) {
    let (entry, isNew) = host.attachments.value { () -> Entry in
      let backend = DeviceActivityBackend(host: host)
      return Entry(center: ActivityCenter(backend: backend), backend: backend)
    }
    if isNew {
      let hub = entry.center.hub
      await host.observeLiveActivities { snapshot in
        DeviceActivityBackend.apply(snapshot, to: hub)
      }
    }
    return (entry.center, entry.backend)
  }

  /// The center of `host` and its backend, its hub refreshed with the device's present state
  /// (the app's state as the hosted code sees it); `nil` without a device. The app's
  /// `Activity` calls in a call into its code (``AppCallRunner``) go there, as
  /// `import ActivityKit` code's do on an iPhone (Rules.md §13.16).
  static func refreshedCenter(for host: DeviceHost?) async -> (
    center: ActivityCenter, backend: DeviceActivityBackend
  )? {
    guard let host else { return nil }
    let (center, backend) = await center(for: host)
    await host.appCall { _ in }
    return (center, backend)
  }
}
