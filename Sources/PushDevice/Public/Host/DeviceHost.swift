public import Foundation
public import PushLocalization
public import PushPayload
package import PushSimHosting

/// A simulated iPhone running the app's code: the ``Device`` state machine, driven by an actor
/// that awaits what takes time (the app's service extension and its downloads).
///
/// This is what scenario runs, `pushsim render`, the docs site and library users play pushes
/// on. Being an actor, it can be held by another actor or a `@MainActor` view model:
///
/// ```swift
/// @MainActor final class InboxModel {
///   let phone = DeviceHost(app: AppConfiguration(bundleId: "com.example.chat"))
///   func simulate() async {
///     await phone.receive(["aps": ["alert": "Hi", "thread-id": "t1"]], id: "m1")
///     let shown = await phone.device.center.first?.notifications   // ["m1"]
///   }
/// }
/// ```
///
/// Operations run one at a time, in the order they are called: a push sent while another is in
/// its service extension waits for it, as APNs's deliveries to one app do. Virtual time moves
/// only through ``advance(by:)`` and the time extensions spend; ``clock`` follows it.
public actor DeviceHost {
  /// The device as the last finished operation left it (a value: keep it as a snapshot).
  public private(set) var device: Device
  /// The device's virtual time as a Swift `Clock`, for code that waits on it.
  public nonisolated let clock: VirtualClock

  /// The code as given; ``AppCode/perDevice`` turns it into ``code`` on first use.
  private let template: AppCode
  private var bound: AppCode?
  /// The app's code for this device (bound to it through ``AppCode/perDevice``, made once).
  private var code: AppCode {
    if let bound { return bound }
    let made = template.perDevice?(self) ?? template
    bound = made
    return made
  }
  /// Where extension runs write downloaded files; deleted with the host.
  private let sandbox = MediaSandbox()
  /// The app's folders on this device: its app groups' containers and its defaults suites,
  /// which the app's own code reaches through Foundation (Rules.md §17); deleted with the host.
  public nonisolated let appContainers: AppContainers
  /// Whether an operation is under way, and the callers waiting for their turn.
  private var busy = false
  /// Whether the app's launch code (``AppCode/launchHandler``) ran.
  private var launched = false
  private var waiting: [CheckedContinuation<Void, Never>] = []
  /// Who hears about Live Activity changes (``observeLiveActivities(_:)``).
  private var activityObservers: [@Sendable (LiveActivitySnapshot) -> Void] = []
  /// What the layers that host the app's code keep for this device (its ActivityKit center),
  /// behind this device's own lock: devices in parallel never wait for one another.
  package nonisolated let attachments = HostAttachments()

  /// Creates a device running the app's code.
  ///
  /// - Parameters:
  ///   - configuration: the phone (scenario `device`).
  ///   - app: the app (scenario `app`).
  ///   - strings: the app's strings tables; `nil` loads `app.strings` when set.
  ///   - code: the app's router, service extension factory and fetcher; what is missing comes
  ///     from `app` (see ``AppCode``).
  public init(
    configuration: DeviceConfiguration = DeviceConfiguration(),
    app: AppConfiguration = AppConfiguration(), strings: StringsBundle? = nil,
    code: AppCode = AppCode()
  ) {
    self.template = code
    self.appContainers = AppContainers(app: app)
    var device = Device(
      configuration: configuration, app: code.effectiveApp(app), strings: strings,
      router: code.router)
    device.hostTakes = { [code] effect in code.takes(effect) }
    self.device = device
    self.clock = VirtualClock(now: configuration.now)
    self.focusStatus = FocusStatusAccess(
      isFocused: configuration.focus != nil, authorization: app.focusStatusAuthorization)
  }

  /// The device's Focus and the app's access to it, as `INFocusStatusCenter` reports them to
  /// the app's code (Rules.md §16): read synchronously from any thread.
  package nonisolated let focusStatus: FocusStatusAccess

  /// The current virtual instant.
  public var now: Date { device.now }

  /// Reads something of the device in place, without copying its state (cheaper than
  /// ``device`` when the log is long).
  public func read<T: Sendable>(_ body: @Sendable (Device) -> T) -> T {
    body(device)
  }

  /// Reads something of the device where it lies, for code already running on this host (a
  /// scenario runner's per-step reads). Handing the actor's device to a closure to read copies
  /// it (every part of its state retained and released); an exclusive access does not, so
  /// `body` gets one, and must only read.
  package func inspect<T>(_ body: (inout Device) -> T) -> T {
    body(&device)
  }

  // MARK: Pushes

  /// APNs receives a push whose body is `bytes` (``Device/receive(bytes:headers:id:)``); the
  /// app's extension runs when iOS would run it, before this returns.
  @discardableResult
  public func receive(
    bytes: [UInt8], headers: PushHeaders = PushHeaders(), id: String? = nil,
    to address: PushAddress? = nil
  ) async -> PushRecord {
    await exclusively { device in
      device.receive(bytes: bytes, headers: headers, id: id, to: address)
    }
  }

  /// Moves virtual time on to `time` when it is later (as ``advance(by:)`` does, in whole
  /// milliseconds), receives the push (as ``receive(bytes:headers:id:to:)`` does), reads the
  /// device with `read`, then forgets what lies outside `window` (``forgetHistory(keeping:)``):
  /// each step as when called one by one, all in one turn (what a server whose devices follow
  /// the wall clock does with every push).
  package func receive<T: Sendable>(
    bytes: [UInt8], headers: PushHeaders, id: String, to address: PushAddress?,
    advancingTo time: Date, forgetting window: HistoryWindow?,
    thenRead read: @Sendable (Device) -> T
  ) async -> (PushRecord, T, ForgottenHistory) {
    await takeTurn()
    defer { handOverTurn() }
    await launchIfNeeded()
    let elapsed = time.timeIntervalSince(device.now)
    if elapsed > 0 {
      await run { device in
        device.advance(by: .milliseconds(Int64((elapsed * 1000).rounded(.down))))
      }
    }
    let record = await run { device in
      device.receive(bytes: bytes, headers: headers, id: id, to: address)
    }
    let value = read(device)
    let forgotten = window.map { device.forgetHistory(keeping: $0) } ?? ForgottenHistory()
    return (record, value, forgotten)
  }

  /// Forgets what lies outside `window` (``Device/forgetHistory(keeping:)``), in a turn of its
  /// own.
  package func forgetHistory(keeping window: HistoryWindow) async -> ForgottenHistory {
    await exclusively { device in device.forgetHistory(keeping: window) }
  }

  /// The app starts a Live Activity (``Device/startActivity(_:)``).
  @discardableResult
  package func startActivity(_ request: ActivityRequest) async -> Bool {
    await exclusively { device in device.startActivity(request) }
  }

  /// APNs receives a push whose body is the JSON text of `payload`.
  @discardableResult
  public func receive(
    _ payload: JSONValue, headers: PushHeaders = PushHeaders(), id: String? = nil
  ) async -> PushRecord {
    await exclusively { device in device.receive(payload, headers: headers, id: id) }
  }

  /// APNs receives a push whose body is `text` (UTF-8), byte for byte.
  @discardableResult
  public func receive(
    json text: String, headers: PushHeaders = PushHeaders(), id: String? = nil
  ) async -> PushRecord {
    await exclusively { device in device.receive(json: text, headers: headers, id: id) }
  }

  // MARK: Time and settings

  /// Moves virtual time on, firing the device's timers and waking ``clock``'s sleepers.
  public func advance(by duration: Duration) async {
    await exclusively { device in device.advance(by: duration) }
  }

  /// Changes the device settings (``Device/setDevice(_:)``); going online may deliver a stored
  /// push, which may run the app's extension.
  public func setDevice(_ configuration: DeviceConfiguration) async {
    await exclusively { device in device.setDevice(configuration) }
    focusStatus.deviceChanged(isFocused: configuration.focus != nil)
  }

  /// Changes the app's configuration (``Device/setApp(_:)``); later extension runs use the new
  /// extension, manifest and ATS settings.
  public func setApp(_ app: AppConfiguration) async {
    await exclusively { device in
      focusStatus.appChanged(from: device.app.focusStatusAuthorization, to: app)
      appContainers.update(app)
      device.setApp(code.effectiveApp(app))
    }
  }

  /// The person deletes the app (``Device/removeApp()``); `false` when it is not installed.
  @discardableResult
  public func removeApp() async -> Bool {
    await exclusively { device in device.removeApp() }
  }

  /// The person installs the app again (``Device/installApp()``): a fresh install, whose
  /// Focus status access is `notDetermined` and whose launch code runs again before the next
  /// operation (the person opens it). `false` when it is installed.
  @discardableResult
  public func installApp() async -> Bool {
    let installed = await exclusively { device in device.installApp() }
    if installed {
      focusStatus.reinstalled()
      launched = false
    }
    return installed
  }

  // MARK: The user

  /// The user taps the notification, or one of its actions (``Device/tap(_:action:text:)``).
  @discardableResult
  public func tap(_ push: String, action: String? = nil, text: String? = nil)
    async throws(ResponseError) -> RouteDecision
  {
    let result: Result<RouteDecision, ResponseError> = await exclusively { device in
      do throws(ResponseError) {
        return .success(try device.tap(push, action: action, text: text))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// The user dismisses the notification (``Device/dismiss(_:)``).
  @discardableResult
  public func dismiss(_ push: String) async throws(ResponseError) -> RouteDecision? {
    let result: Result<RouteDecision?, ResponseError> = await exclusively { device in
      do throws(ResponseError) {
        return .success(try device.dismiss(push))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// The person removes a Live Activity from the Lock Screen
  /// (``Device/removeActivityFromLockScreen(_:)``); `false` when none of that id is there.
  @discardableResult
  public func removeActivityFromLockScreen(_ id: String) async -> Bool {
    await exclusively { device in device.removeActivityFromLockScreen(id) }
  }

  /// The user clears Notification Center (``Device/clear()``).
  public func clear() async {
    await exclusively { device in device.clear() }
  }

  // MARK: The app's calls (UNUserNotificationCenter)

  /// Runs a call the app's code makes on its notification center.
  ///
  /// These do not wait for their turn: the app makes them while the host is running its code
  /// (a delegate, a background handler, an extension), and waiting would deadlock. When no
  /// operation is under way, the app code the call leaves waiting (a local notification that
  /// fires at once and asks `willPresent`) runs before this returns.
  package func appCall<T: Sendable>(_ call: (inout Device) -> T) async -> T {
    let result = call(&device)
    if !busy {
      busy = true
      await carryOut(device.effects)
      handOverTurn()
    }
    publishTime()
    return result
  }

  /// Calls `observer` with the device's Live Activities now and after every later operation
  /// and app call (the app's `ActivityKit` follows the device this way).
  package func observeLiveActivities(_ observer: @escaping @Sendable (LiveActivitySnapshot) -> Void)
  {
    activityObservers.append(observer)
    observer(LiveActivitySnapshot(device))
  }

  private func notifyActivityObservers() {
    guard !activityObservers.isEmpty else { return }
    let snapshot = LiveActivitySnapshot(device)
    for observer in activityObservers { observer(snapshot) }
  }

  // MARK: Running operations

  /// Runs `operation` on the device when no other operation is under way, then carries out
  /// the extension runs it left pending, and moves ``clock`` to the device's time.
  private func exclusively<T: Sendable>(_ operation: (inout Device) -> T) async -> T {
    await takeTurn()
    defer { handOverTurn() }
    await launchIfNeeded()
    return await run(operation)
  }

  /// Waits until no other operation is under way; the turn is then this caller's.
  private func takeTurn() async {
    if busy {
      await withCheckedContinuation { waiting.append($0) }
    } else {
      busy = true
    }
  }

  /// Runs `operation` on the device in the current turn, then the effects it left.
  private func run<T: Sendable>(_ operation: (inout Device) -> T) async -> T {
    let step = device.step(operation)
    await carryOut(step.effects)
    // What the app's code did outside the device's calls (launch code, its own threads) and
    // the bounds counted (Rules.md §7.2).
    device.logDroppedAppEvents()
    publishTime()
    return step.value
  }

  /// Runs the app's launch code once, before the first operation (its turn is this one).
  private func launchIfNeeded() async {
    guard !launched else { return }
    launched = true
    guard let launch = code.launchHandler else { return }
    await launch.didFinishLaunching()
    await carryOut(device.effects)
  }

  /// Ends the current turn: the next waiting caller runs, or the host is free.
  private func handOverTurn() {
    if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
  }

  /// Tells what watches the device that a step is done: ``clock`` moves to the device's time
  /// and the app's activity observers see the new state.
  private func publishTime() {
    clock.move(to: device.now)
    notifyActivityObservers()
  }

  /// The host loop: performs the first of the effects the last step left (an extension run,
  /// `willPresent`, then the queued calls in order) and feeds its result back, which returns
  /// the effects then waiting, until none is left.
  private func carryOut(_ effects: [DeviceEffect]) async {
    var waiting = effects
    while let effect = waiting.first {
      waiting = device.complete(effect, with: await perform(effect))
    }
  }

  /// Performs one effect with the app's code.
  private func perform(_ effect: DeviceEffect) async -> DeviceEffect.Result {
    switch effect {
    case .runExtension(let run):
      return .extensionFinished(await perform(run))
    case .askWillPresent(let waiting):
      let notification = NotificationResponse.Notification(
        request: waiting.request, date: device.now)
      let delegate = code.delegate
      return .presentationChosen(
        await AppCallPush.withCurrent(waiting.push) {
          await delegate?.willPresent(notification)
        })
    case .deliverResponse(let push, let response):
      guard let delegate = code.delegate else { return .appCallEnded(.notImplemented) }
      return .appCallEnded(
        await AppCallPush.withCurrent(push) { await delegate.didReceive(response) })
    case .wakeApp(let push, let payload):
      guard let handler = code.remoteNotificationHandler else {
        return .appCallEnded(.notImplemented)
      }
      return .appCallEnded(
        await AppCallPush.withCurrent(push) {
          await handler.didReceiveRemoteNotification(payload)
        })
    case .deliverVoIPPush(let push, let payload):
      guard let handler = code.voipPushHandler else { return .appCallEnded(.notImplemented) }
      return .appCallEnded(
        await AppCallPush.withCurrent(push) {
          await handler.didReceiveIncomingVoIPPush(payload)
        })
    }
  }

  /// A context for the requests one call into the app's delegate, background handler or launch
  /// code makes while handling `push`: the app's fetcher, `budget` of scenario time from now
  /// (Rules.md §7.1).
  package func appCallContext(push: String?, budget: Duration) -> ServiceExtensionContext {
    .appCall(
      budget: budget, requestIdentifier: push ?? "app", start: device.now,
      fetcher: code.makeFetcher(for: device.app))
  }

  /// Runs the app's extension on a pending push: a fresh instance, the app's fetcher, the
  /// stage's budget and containment.
  private func perform(_ run: PendingExtensionRun) async -> ServiceExtensionOutcome {
    let app = device.app
    let configuration = app.serviceExtension ?? ServiceExtensionConfiguration(kind: run.kind)
    let stage = ServiceExtensionStage(
      fetcher: code.makeFetcher(for: app), sandbox: sandbox, watchdog: code.watchdog)
    guard let instance = code.makeExtension(run.kind, configuration: configuration) else {
      let reason =
        code.missingPiece(for: app)
        ?? "the app's extension could not be made: the original content is delivered"
      return ServiceExtensionOutcome.notRun(run.request, reason: reason)
    }
    return await stage.run(
      request: run.request, extension: instance, budget: run.budget, startingAt: run.start,
      mayFilter: run.mayFilter)
  }
}
