public import Foundation
import PushCore
public import PushLocalization
import PushPayload

/// A simulated iPhone with one app: it receives pushes and behaves as iOS does, step by step,
/// on a virtual clock, recording every decision in ``events``.
///
/// The runtime's state machine (Architecture.md): APNs's verdict, store-and-forward while
/// offline, background pushes, localization, presentation, Notification Center, the badge, and
/// the user's responses routed to the app (Rules.md §4–§8). A synchronous value type: feed it
/// pushes with ``receive(_:headers:id:)``, move time with ``advance(by:)``, respond with
/// ``tap(_:action:text:)``, ``dismiss(_:)`` and ``clear()``, and read ``center``, ``badge``,
/// ``routes``, ``events`` and ``app``. Copies are independent snapshots (a scenario's docs
/// page reads the device after each step and keeps none of it).
///
/// The one step that needs time and the app's code, the notification service extension, is
/// not run here: when iOS would hand a push to the extension, the device waits for the run's
/// outcome, and a next step taken without one delivers the original content
/// (`extension.skipped`). ``DeviceHost`` (an actor) runs the app's extension, fetcher and router
/// for you; use it to play pushes with an extension, or from async code and actors.
///
/// ```swift
/// var device = Device(app: AppConfiguration(bundleId: "com.example.chat"))
/// device.receive(["aps": ["alert": "Hi", "thread-id": "t1"]], id: "m1")
/// #expect(device.center.first?.notifications == ["m1"])
/// ```
///
/// One push never breaks the device: any payload ends in a recorded status (``push(_:)``) and
/// the next push works.
public struct Device: Sendable {
  /// The device settings now (``setDevice(_:)`` changes them).
  public internal(set) var configuration: DeviceConfiguration
  /// The app's configuration now (``setApp(_:)`` changes it; ``app`` state lives in ``appStatus``).
  public internal(set) var app: AppConfiguration {
    didSet { cachedAppFacts = nil }
  }
  /// ``appFacts`` for the app as it is now (`nil` after any change to ``app``).
  var cachedAppFacts: AppFacts?
  /// The virtual clock.
  package internal(set) var clock: DeviceTimeline
  /// The events, the diagnostics and the bounds on the app's events.
  var pushLog = PushLog()
  /// The app's runtime status: state, wakes, responses (`expect.app`).
  public internal(set) var appStatus: AppStatus
  /// Every response the app received, with the router's decision (Rules.md §8).
  public internal(set) var responses: [ResponseRecord] = []

  /// The app's strings tables.
  let strings: StringsBundle
  /// Localizes for the device's languages (rebuilt when they change).
  var localizer: AlertLocalizer
  /// The app's navigation logic (`nil`: a route table from ``AppConfiguration/routes``).
  let router: (any Router)?
  /// What the device waits for from the app's code before anything else (``effects``).
  var awaiting = Awaiting.nothing
  /// Calls into the app's code waiting behind ``awaiting``, oldest first.
  package internal(set) var appCalls: [DeviceEffect] = []
  /// Whether the app's code, run by a host, takes an effect (``DeviceHost`` sets this from its
  /// ``AppCode``); `nil` without a host. An effect nobody takes is settled at once, the way iOS
  /// treats an app without that code (no delegate: the configured `foregroundPresentation`);
  /// an extension run is always awaited (``handToAppCode(_:)``).
  package var hostTakes: (@Sendable (DeviceEffect) -> Bool)?
  /// The local notifications the app scheduled.
  var localNotifications = LocalNotificationSchedule()
  /// Notification Center, the Scheduled Summary's held notifications, the badge.
  var centerPart = NotificationCenterPart()
  /// The pushes received, in arrival order: their records and the notifications they became.
  var history = PushHistory()
  /// APNs in front of the device: its verdict, `apns-id` and offline store.
  var gateway = APNsGateway()
  /// Fresh request identifiers made.
  var freshIdentifierCount = 0
  /// Live Activities and their budgets (Rules.md §13).
  var activityStore = ActivityStore()
  /// The background push budget (Rules.md §6), VoIP failures and the location budget (§14).
  var pushTypeState = PushTypeState()
  /// The app's registration for remote notifications (``registerForRemoteNotifications()``).
  var registration = RemoteRegistration()
  /// The app's removals and installs (``removeApp()``, ``installApp()``).
  var installation = AppInstallation()

  /// Creates a device with an app.
  ///
  /// - Parameters:
  ///   - configuration: the phone (scenario `device`).
  ///   - app: the app (scenario `app`).
  ///   - strings: the app's strings tables; `nil` loads `app.strings` when set (its findings
  ///     land in ``diagnostics``), else no tables (every loc-key is missing).
  ///   - router: the app's navigation logic; `nil` uses a ``RouteTable`` built from
  ///     `app.routes` (Rules.md §8).
  public init(
    configuration: DeviceConfiguration = DeviceConfiguration(),
    app: AppConfiguration = AppConfiguration(),
    strings: StringsBundle? = nil,
    router: (any Router)? = nil
  ) {
    self.configuration = configuration
    self.app = app
    self.clock = DeviceTimeline(now: configuration.now, timeZone: configuration.timeZone)
    self.router = router
    self.appStatus = AppStatus(state: app.state)
    var found: [Diagnostic] = []
    let bundle: StringsBundle
    if let strings {
      bundle = strings
    } else if let folder = app.strings {
      (bundle, found) = StringsBundle.load(folder: folder, developmentRegion: app.developmentRegion)
    } else {
      bundle = StringsBundle(developmentRegion: app.developmentRegion)
    }
    self.strings = bundle
    self.localizer = AlertLocalizer(bundle: bundle, preferredLanguages: configuration.languages)
    report(found, push: nil)
  }

  /// The current virtual instant.
  public var now: Date { clock.now }

  /// Every step taken so far.
  public var events: EventLog { pushLog.events }

  /// Every diagnostic raised so far, with its push id.
  public var diagnostics: [PushDiagnostic] { pushLog.diagnostics }

  /// The app icon's badge (Behavior.md §7.4); 0 means none.
  public var badge: Int { centerPart.badge }

  /// The last Scheduled Summary digest delivered: push ids, featured first (Rules.md §4).
  package var lastSummaryDigest: [String] { centerPart.lastSummaryDigest }

  /// What became of a push, by id.
  public func push(_ id: String) -> PushRecord? { history[id] }

  /// Every push so far, in arrival order.
  public var pushes: [PushRecord] { history.ordered }

  /// The id of every push so far, in arrival order (``push(_:)`` reads each one's record
  /// without building ``pushes``).
  package var pushIDs: [String] { history.ids }

  /// The app's state, wakes and responses (`expect.app`).
  package var appState: AppState { appStatus.state }

  /// Routes the app took, in order (`expect.routes`): the matched responses only; responses
  /// with no route are in ``responses`` and the `route.unmatched` events.
  public var routes: [RouteRecord] {
    responses.compactMap { response in
      response.decision.route.map {
        RouteRecord(
          push: response.push, route: $0,
          action: RouteConfiguration.ActionCondition(response.response.actionIdentifier))
      }
    }
  }
}
