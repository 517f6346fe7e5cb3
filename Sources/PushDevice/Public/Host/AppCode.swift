/// The app's own code that takes part when the device plays pushes: its navigation router, its
/// notification service extension and where that extension's downloads come from.
///
/// Each piece is optional; what is missing comes from the app's configuration (the scenario's
/// `app` section): a ``RouteTable`` from `routes`, the built-in ``MediaAttachmentExtension``
/// for `"serviceExtension": {"kind": "media"}`, and a ``ManifestFetcher`` or ``HTTPFetcher``
/// for its `fetch` mode.
///
/// ```swift
/// let code = AppCode(
///   router: ChatRouter(),
///   serviceExtension: { TitleDecorator() },   // a fresh instance for every push
///   fetcher: nil)                             // the app's media manifest
/// let phone = DeviceHost(app: app, code: code)
/// ```
public struct AppCode: Sendable {
  /// Makes one instance of the app's service extension.
  ///
  /// iOS starts a fresh extension for each request it hands over (Behavior.md §6.1), so a
  /// ``DeviceHost`` calls this once per push; per-push state in the instance is safe.
  public typealias ServiceExtensionFactory = @Sendable () -> any ServiceExtension

  /// The app's navigation logic; `nil` uses a ``RouteTable`` built from `app.routes`.
  public var router: (any Router)?
  /// The app's own extension (`"kind": "app"`); `nil` when the app ships none or uses the
  /// built-in media extension.
  public var serviceExtension: ServiceExtensionFactory?
  /// Where extension downloads come from; `nil` follows the app's `fetch` mode.
  public var fetcher: (any MediaFetcher)?
  /// The app's notification-center delegate (`willPresent`, `didReceive`); `nil`: the app's
  /// `foregroundPresentation` setting decides, and responses reach only the router.
  package var delegate: (any NotificationDelegate)?
  /// The app's `didReceiveRemoteNotification`, for `content-available` pushes.
  package var remoteNotificationHandler: (any RemoteNotificationHandler)?
  /// The app's PushKit delegate, for `voip` pushes; `nil`: the app's `pushTypes.reportsCalls`
  /// setting decides (Rules.md §14).
  package var voipPushHandler: (any VoIPPushHandler)?
  /// The app's launch (`didFinishLaunchingWithOptions`), which the device runs once before its
  /// first step; `nil`: the app has no launch code to run (Rules.md §15).
  package var launchHandler: (any AppLaunchHandler)?
  /// Real-time containment limits for extension runs (a hung extension cannot hang a run).
  package var watchdog: ServiceExtensionStage.Watchdog
  /// Makes the code one device runs, from this code and that device, when the pieces need the
  /// device itself: the app's `UNUserNotificationCenter` calls go to the ``DeviceHost`` running
  /// them. Called once per host, on its first call into app code; the result should have the
  /// same pieces as this code (which pieces exist decides which calls the device queues). `nil`:
  /// every device runs this code as it is.
  package var perDevice: (@Sendable (DeviceHost) -> AppCode)?

  /// Creates the app's code; every piece is optional.
  public init(
    router: (any Router)? = nil, serviceExtension: ServiceExtensionFactory? = nil,
    fetcher: (any MediaFetcher)? = nil
  ) {
    self.init(
      router: router, serviceExtension: serviceExtension, fetcher: fetcher, delegate: nil,
      remoteNotificationHandler: nil, watchdog: ServiceExtensionStage.Watchdog())
  }

  /// Creates the app's code with the pieces the app host adapts from the app's own delegates,
  /// and the extension stage's real-time limits (tests and the app host tighten them).
  package init(
    router: (any Router)? = nil, serviceExtension: ServiceExtensionFactory? = nil,
    fetcher: (any MediaFetcher)? = nil, delegate: (any NotificationDelegate)? = nil,
    remoteNotificationHandler: (any RemoteNotificationHandler)? = nil,
    watchdog: ServiceExtensionStage.Watchdog = ServiceExtensionStage.Watchdog()
  ) {
    self.router = router
    self.serviceExtension = serviceExtension
    self.fetcher = fetcher
    self.delegate = delegate
    self.remoteNotificationHandler = remoteNotificationHandler
    self.watchdog = watchdog
  }

  /// Whether this code has the piece that performs `effect` (``Device/hostTakes``): the
  /// device hands over only what it takes, and goes on at once, as iOS does for an app without
  /// that piece, with the rest. An extension run is always taken: the host makes the outcome,
  /// even for an app that ships no extension code.
  func takes(_ effect: DeviceEffect) -> Bool {
    switch effect {
    case .runExtension: true
    case .askWillPresent, .deliverResponse: delegate != nil
    case .wakeApp: remoteNotificationHandler != nil
    case .deliverVoIPPush: voipPushHandler != nil
    }
  }

  /// What this code cannot supply for `app`, in words, or `nil` when it is complete.
  ///
  /// An app that declares `"kind": "app"` needs its extension from Swift: `pushsim run` cannot
  /// play it, and a library run must be given ``serviceExtension``.
  package func missingPiece(for app: AppConfiguration) -> String? {
    guard app.serviceExtension?.kind == .app, serviceExtension == nil else { return nil }
    return "the app declares its own service extension (\"kind\": \"app\"), which only Swift "
      + "code can supply: play this scenario from Swift with ScenarioPlayer(code: "
      + "AppCode.app(serviceExtension: NotificationService.init)) of the PushSimAppHost library, or "
      + "use \"kind\": \"media\""
  }

  /// The app configuration the device runs with this code: an app given an extension factory
  /// but no `serviceExtension` section ships its own extension (`kind: app`, defaults).
  func effectiveApp(_ app: AppConfiguration) -> AppConfiguration {
    guard serviceExtension != nil, app.serviceExtension == nil else { return app }
    var app = app
    app.serviceExtension = ServiceExtensionConfiguration(kind: .app)
    return app
  }

  /// A fresh extension instance for a run of `kind`, or `nil` when none is available.
  func makeExtension(
    _ kind: ServiceExtensionConfiguration.Kind, configuration: ServiceExtensionConfiguration
  ) -> (any ServiceExtension)? {
    switch kind {
    case .media: MediaAttachmentExtension(urlKeys: configuration.urlKeys)
    case .app: serviceExtension?()
    }
  }

  /// The fetcher for `app`'s extension runs.
  func makeFetcher(for app: AppConfiguration) -> any MediaFetcher {
    fetcher ?? (app.serviceExtension?.fetch ?? .manifest).fetcher(manifest: app.media, ats: app.ats)
  }
}
