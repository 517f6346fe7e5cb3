import ActivityKit
import PushDevice
import PushSimHosting
import UserNotifications
import os

/// Calls the app's code on a device: the one path of every call the host makes into it (the
/// hosted `UNUserNotificationCenterDelegate`, the background push handler, the app delegate's
/// launch and registration answers). Each call runs on a thread of its own, in one process
/// (``AppProcess``) that carries the device's center, its ActivityKit center, the call's log
/// and its requests, bound once. Without a device (code not yet bound to one) `Activity`
/// calls stay in memory.
final class AppCallRunner: Sendable {
  private weak let host: DeviceHost?

  init(host: DeviceHost?) {
    self.host = host
  }

  /// The device's ActivityKit center and backend, refreshed (``ActivityHosting``); `nil`
  /// without a device.
  func activityCenter() async -> (center: ActivityCenter, backend: DeviceActivityBackend)? {
    await ActivityHosting.refreshedCenter(for: host)
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
    let bound = await activityCenter()
    let activities = bound?.center
    let push = AppCallPush.current
    let log = HostedLog.Collector()
    let call = await AppCallProcess.open(on: host, in: process)
    // On a device, the lines join the call's requests in the order they happened.
    let sink = call.process.log ?? log.sink
    let idle = OneShot<Void>()
    let answer = await AppThread.ask(name, limit: limit) { [call] reply in
      var hosted = call.process
      // Held by the work the call starts (RunActivity), let go of when the last of it is done.
      if waitsForStartedWork { hosted.activity = RunActivity { idle.give(()) } }
      hosted.bind(log: sink, activities: activities) { body(reply) }
      hosted.activity = nil
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

extension HostedProcess {
  /// Runs `body` (and the tasks it starts) in this process, its lines going to `log` (unless
  /// this process has a log of its own), with `activities` as ActivityKit's center and
  /// whatever else `slots` sets: the one binding of the app's process around a call into its
  /// code.
  func bind<R>(
    log: AppLogSink?, activities: ActivityCenter?,
    slots: (inout AppProcess) -> Void = { _ in }, _ body: () throws -> R
  ) rethrows -> R {
    var process = AppProcess.current
    process.appLogSink = log
    process.activityCenter = activities
    slots(&process)
    process.hosted = self
    return try process.bind(body)
  }
}
