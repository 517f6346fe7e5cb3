import Foundation
import PushDevice
import PushSimHosting
import Synchronization
import UserNotifications

/// The app's `UIApplication` calls on one device (Rules.md §15): registering for remote
/// notifications (the device issues its device token, `app.registered`, then the app
/// delegate's `didRegisterForRemoteNotificationsWithDeviceToken` runs on a thread of its own;
/// without `aps-environment`, `app.registrationFailed` and `didFailToRegister…` with the error
/// iOS reports), unregistering, and the badge (`applicationIconBadgeNumber`, through the
/// device's center as `setBadgeCount` does).
///
/// The calls reach the device one at a time, in the order made; ``drain()`` waits for them.
final class DeviceApplicationBackend: ApplicationBackend {
  private struct State {
    var registered = false
    var badge = 0
  }

  private weak let host: DeviceHost?
  private let delegate: Unchecked<any UIApplicationDelegate>?
  private let center: UNUserNotificationCenter
  private let runner: AppCallRunner
  private let completionLimit: Duration
  private let state = Mutex(State())
  private let queue = SerialQueue()

  init(
    host: DeviceHost?, delegate: Unchecked<any UIApplicationDelegate>?,
    center: UNUserNotificationCenter, runner: AppCallRunner, completionLimit: Duration
  ) {
    self.host = host
    self.delegate = delegate
    self.center = center
    self.runner = runner
    self.completionLimit = completionLimit
  }

  var isRegisteredForRemoteNotifications: Bool { state.withLock { $0.registered } }

  var badge: Int { state.withLock { $0.badge } }

  func setBadge(_ count: Int) {
    state.withLock { $0.badge = max(0, count) }
    center.setBadgeCount(count)
  }

  func registerForRemoteNotifications(_ application: UIApplication) {
    enqueue { [self] in await register(application) }
  }

  func unregisterForRemoteNotifications() {
    state.withLock { $0.registered = false }
    enqueue { [host] in await host?.appCall { $0.unregisterForRemoteNotifications() } }
  }

  /// Takes the device's badge and registration as they are now (before a call into the app).
  func refresh() async {
    guard let host else { return }
    let (badge, registered) = await host.read {
      ($0.badge, $0.isRegisteredForRemoteNotifications)
    }
    state.withLock {
      $0.badge = badge
      $0.registered = registered
    }
  }

  /// Returns once every call made so far has reached the device and the delegate calls they
  /// caused have returned.
  func drain() async { await queue.drain() }

  /// Queues `operation` behind the calls made before it.
  ///
  /// The queue is the device's work, not the calling code's: it is detached, so it holds
  /// none of the caller's process (``HostedProcess/activity``). A call that waits for the work
  /// it started (`didRegisterForRemoteNotificationsWithDeviceToken`, Rules.md §15) would
  /// otherwise wait for a registration it asked for, which waits its turn behind that very
  /// call, until the completion limit. The push the caller handles stays the operation's.
  private func enqueue(_ operation: @escaping @Sendable () async -> Void) {
    let push = AppCallPush.current
    queue.enqueue(detached: true) { await AppCallPush.withCurrent(push) { await operation() } }
  }

  /// The device's answer to a registration, then the delegate's method for it.
  private func register(_ application: UIApplication) async {
    guard let host else { return }
    let result = await host.appCall { $0.registerForRemoteNotifications() }
    if case .success = result { state.withLock { $0.registered = true } }
    guard let delegate else { return }
    let center = center
    switch result {
    case .success(let token):
      let deviceToken = HostedVoIP.data(hex: token)
      _ = await runner.ask(
        "didRegisterForRemoteNotifications", limit: completionLimit,
        in: HostedProcess(center: center, application: application),
        waitsForStartedWork: true
      ) { reply in
        delegate.value.application(
          application, didRegisterForRemoteNotificationsWithDeviceToken: deviceToken)
        reply(())
      }
    case .failure(let failure):
      let error = Unchecked(
        NSError(
          domain: failure.domain, code: failure.code,
          userInfo: [NSLocalizedDescriptionKey: failure.description]))
      _ = await runner.ask(
        "didFailToRegisterForRemoteNotifications", limit: completionLimit,
        in: HostedProcess(center: center, application: application),
        waitsForStartedWork: true
      ) { reply in
        delegate.value.application(
          application, didFailToRegisterForRemoteNotificationsWithError: error.value)
        reply(())
      }
    }
    await center.drain()
  }
}

/// The app delegate's `didFinishLaunchingWithOptions`, which the device runs once before its
/// first step (Rules.md §15), on a thread of its own with the device's center and application;
/// the registration it starts reaches the device before the step.
struct HostedAppLaunch: AppLaunchHandler {
  let delegate: Unchecked<any UIApplicationDelegate>
  let application: UIApplication
  let backend: DeviceApplicationBackend
  let center: UNUserNotificationCenter
  let runner: AppCallRunner
  let state: @Sendable () async -> AppState
  let completionLimit: Duration

  func didFinishLaunching() async {
    await backend.refresh()
    application.setApplicationState(
      HostedRemoteNotificationHandler.applicationState(await state()))
    let (delegate, application, center) = (delegate, application, center)
    _ = await runner.ask(
      "didFinishLaunching", limit: completionLimit,
      in: HostedProcess(center: center, application: application), waitsForStartedWork: true
    ) { reply in
      reply(delegate.value.application(application, didFinishLaunchingWithOptions: nil))
    }
    await center.drain()
    await backend.drain()
  }
}
