public import PushDevice
import PushSimHosting
public import UserNotifications

extension AppCode {
  /// The app's own notification code, as the device runs it: its service extension class, its
  /// `UNUserNotificationCenterDelegate` and its background push handler, unchanged.
  ///
  /// ```swift
  /// let code = AppCode.app(
  ///   serviceExtension: NotificationService.init,   // a fresh instance for every push
  ///   delegate: NotificationDelegate(),
  ///   application: AppDelegate(),
  ///   launch: CallService.init)                     // its PKPushRegistry and CXProvider
  /// let result = try await ScenarioPlayer(code: code).play(file: "Scenarios/tap.json")
  /// ```
  ///
  /// Each device running this code gets its own `UNUserNotificationCenter`, whose calls reach
  /// that device; it is `UNUserNotificationCenter.current()` in all the app code the device runs
  /// (and the tasks it starts), also with several devices in parallel tests. Likewise
  /// `Activity` (ActivityKit) in that code is the device's Live Activities (Rules.md §13.16). The delegate is set
  /// on that center (`center.delegate`), as the app does at launch; the code keeps it alive.
  ///
  /// - Parameters:
  ///   - serviceExtension: Makes the app's extension (`NotificationService.init`); the device
  ///     declares it as `"serviceExtension": {"kind": "app"}` when the app file has none.
  ///   - delegate: The app's notification-center delegate.
  ///   - application: The app delegate's background push handler.
  ///   - launch: The app's launch code for PushKit, as `didFinishLaunching` runs it: it makes
  ///     the object that creates the app's `PKPushRegistry` (delegate set, then
  ///     `desiredPushTypes = [.voIP]`) and its `CXProvider` (`CallService.init`). The device
  ///     keeps what it returns for as long as the app runs, and calls it again after iOS
  ///     terminated the app for a VoIP push it did not report (Rules.md §14).
  ///   - router: The app's navigation logic for the scenario's route checks; `nil` uses the app
  ///     file's `routes`.
  ///   - fetcher: Where the extension's downloads come from; `nil` follows the app's `fetch`.
  ///   - completionLimit: How long, in real time, the device waits for a delegate's or
  ///     handler's completion handler before it reports the call as not completed.
  public static func app(
    serviceExtension: (@Sendable () -> UNNotificationServiceExtension)? = nil,
    delegate: (any UNUserNotificationCenterDelegate)? = nil,
    application: (any RemoteNotificationHandling)? = nil,
    launch: (@Sendable () -> AnyObject)? = nil,
    router: (any Router)? = nil, fetcher: (any MediaFetcher)? = nil,
    completionLimit: Duration = .seconds(5)
  ) -> AppCode {
    app(
      serviceExtension: serviceExtension, delegate: delegate, application: application,
      launch: launch, router: router, fetcher: fetcher, watchdog: ServiceExtensionStage.Watchdog(),
      completionLimit: completionLimit)
  }

  /// ``app(serviceExtension:delegate:application:launch:router:fetcher:completionLimit:)`` with
  /// the extension stage's real-time containment (`watchdog`; tests tighten it).
  package static func app(
    serviceExtension: (@Sendable () -> UNNotificationServiceExtension)? = nil,
    delegate: (any UNUserNotificationCenterDelegate)? = nil,
    application: (any RemoteNotificationHandling)? = nil,
    launch: (@Sendable () -> AnyObject)? = nil,
    router: (any Router)? = nil, fetcher: (any MediaFetcher)? = nil,
    watchdog: ServiceExtensionStage.Watchdog,
    completionLimit: Duration = .seconds(5)
  ) -> AppCode {
    DeviceURLProtocol.installOnce()
    let delegate = delegate.map { Unchecked($0) }
    let application = application.map { Unchecked($0) }
    @Sendable func bound(to center: UNUserNotificationCenter, host: DeviceHost?) -> AppCode {
      var code = AppCode(router: router, fetcher: fetcher, watchdog: watchdog)
      let runner = AppCallRunner(host: host)
      let appDelegate = application.flatMap { handler in
        (handler.value as? any UIApplicationDelegate).map { Unchecked($0) }
      }
      let state: @Sendable () async -> AppState = { [weak host] in
        await host?.read(\.appState) ?? .background
      }
      let backend = DeviceApplicationBackend(
        host: host, delegate: appDelegate, center: center, runner: runner,
        completionLimit: completionLimit)
      let app = UIApplication(applicationState: .background, backend: backend)
      // `UIApplication.shared.delegate` (UIKit) is the app delegate, as UIApplicationMain sets it.
      if let appDelegate { app.uiKit.write { $0.delegate = appDelegate.value } }
      if let serviceExtension {
        // The reporter holds the host weakly, and so does this closure, which the host keeps.
        let callKit = host.map { DeviceVoIPPayloadReporter(host: $0) }
        code.serviceExtension = {
          HostedServiceExtension(
            instance: serviceExtension, center: center, runner: runner,
            callKit: callKit)
        }
      }
      if let delegate {
        center.delegate = delegate.value
        code.delegate = HostedDelegate(
          delegate: delegate, center: center, application: app, backend: backend,
          runner: runner, completionLimit: completionLimit)
      }
      if let application {
        code.remoteNotificationHandler = HostedRemoteNotificationHandler(
          handler: application, center: center, application: app, backend: backend,
          runner: runner, state: state, completionLimit: completionLimit)
      }
      if let appDelegate, host != nil {
        code.launchHandler = HostedAppLaunch(
          delegate: appDelegate, application: app, backend: backend, center: center,
          runner: runner, state: state, completionLimit: completionLimit)
      }
      if let launch {
        code.voipPushHandler = HostedVoIP(
          host: host, launch: { Unchecked(launch()) }, center: center, application: app,
          backend: backend, completionLimit: completionLimit)
      }
      return code
    }
    // The pieces as the device sees them before it binds them (which calls it queues).
    // (A center of their own: the process-wide standalone center keeps its delegate.)
    var code = bound(
      to: UNUserNotificationCenter(backend: StandaloneNotificationCenterBackend()), host: nil)
    code.perDevice = { host in
      bound(to: UNUserNotificationCenter(backend: DeviceCenterBackend(host: host)), host: host)
    }
    return code
  }
}
