import Foundation
public import PushDevice
import PushPayload

/// Plays a scenario on a simulated device and checks its expectations
/// (ScenarioFormat.md; Architecture.md, `PushScenario`).
///
/// Steps run in order on the device's virtual clock; a push step runs the whole pipeline
/// before the next step starts. A failed check or a step that cannot be carried out (tapping
/// a notification that is not in the center, an unknown action) is recorded with its step
/// number, and the remaining steps still run. Nothing here reads the wall clock, the network
/// or a file the scenario did not name: runs are deterministic.
public struct ScenarioRunner: Sendable {
  /// Called after each step with the device as the step left it (for the docs site, which
  /// draws the phone after every step).
  public typealias Observer = @Sendable (_ step: Step, _ device: Device) -> Void

  /// The app's own code every scenario plays with (router, extension factory, fetcher);
  /// what it leaves out comes from each scenario's `app` section.
  public var code: AppCode

  /// Creates a runner that plays scenarios with the app's `code`.
  public init(code: AppCode = AppCode()) {
    self.code = code
  }

  /// Why `scenario` cannot be played with this runner's code, or `nil` when it can: an app
  /// with `"serviceExtension": {"kind": "app"}` needs its extension from Swift. The error
  /// points at the `kind` value.
  public func missingPiece(for scenario: Scenario) -> ScenarioError? {
    guard let configuration = try? scenario.app.appConfiguration(),
      let message = code.missingPiece(for: configuration)
    else { return nil }
    let kind = scenario.app.object.member("serviceExtension")?.value.objectValue?.member("kind")
    guard let kind else { return ScenarioError(file: scenario.file, message) }
    return ScenarioError(
      at: scenario.app.source.location(ofByte: kind.value.byteRange.lowerBound), message)
  }

  /// Plays `scenario` and returns its events, final state and failures.
  ///
  /// The scenario is consumed: each step is dropped once it has played (with its payload bytes
  /// and checks), so a long scenario holds only the steps still to come. A caller that keeps
  /// its own copy keeps every step, as before.
  ///
  /// - Complexity: linear in the number of steps plus the work the device does for them; an
  ///   `expect` step reads the records, events and findings it names
  ///   (`Device.satisfiesDirectly`), and builds the state it checks, for the ids and fields it
  ///   names, only when a check may fail.
  public func run(_ scenario: consuming Scenario, observe: Observer? = nil) async -> ScenarioResult
  {
    var stepObserver: StepObserver?
    if let observe {
      stepObserver = { step, device, _, _ in observe(step, device) }
    }
    return await run(consume scenario, observingSteps: stepObserver)
  }

  /// Called after each step with what ``Observer`` gets, the failures the step recorded (in
  /// the order ``ScenarioResult/failures`` lists them) and the virtual time of the first step
  /// (``ScenarioResult/start``): all a view of the step needs, without waiting for the result
  /// (the docs site writes a long scenario's pages as its steps play).
  package typealias StepObserver =
    @Sendable (_ step: Step, _ device: Device, _ failures: [Failure], _ start: Date) -> Void

  /// ``run(_:observe:)``, telling `observe` each step's failures and the start as well.
  package func run(_ scenario: consuming Scenario, observingSteps observe: StepObserver?) async
    -> ScenarioResult
  {
    let deviceConfiguration: DeviceConfiguration
    let appConfiguration: AppConfiguration
    do {
      deviceConfiguration = try scenario.device.deviceConfiguration()
      appConfiguration = try scenario.app.appConfiguration()
    } catch {
      // Sections are checked when the file is read; this only happens for values built in code.
      let failure = Failure(
        step: 0, path: "device", expected: nil, actual: nil, message: error.description)
      return ScenarioResult(
        name: scenario.name, description: scenario.description, file: scenario.file,
        start: DeviceConfiguration.defaultStart, events: [],
        state: JSONValue(.object(JSONObject())),
        failures: [failure])
    }
    let host = DeviceHost(configuration: deviceConfiguration, app: appConfiguration, code: code)
    let (name, description, file) = (scenario.name, scenario.description, scenario.file)
    // Played from the last element: each step is released as it is taken, and the file's
    // text with the last of them (the settings `set` steps merge into print no position).
    var playback = Playback(
      deviceDocument: ConfigurationDocument(
        object: scenario.device.object, source: scenario.device.source.withoutText()),
      appDocument: ConfigurationDocument(
        object: scenario.app.object, source: scenario.app.source.withoutText()))
    var steps = scenario.steps
    _ = consume scenario
    steps.reverse()
    let device = await play(&steps, into: &playback, on: host, observe: observe)
    var result = ScenarioResult(
      name: name, description: description, file: file,
      start: playback.start, events: device.events.events, device: device,
      failures: playback.failures)
    result.steps = playback.records
    return result
  }

  /// What a run collects while its steps play.
  private struct Playback: Sendable {
    /// The `device` and `app` sections as `set` steps have changed them.
    var deviceDocument: ConfigurationDocument
    var appDocument: ConfigurationDocument
    var failures: [Failure] = []
    var records: [ScenarioResult.StepRecord] = []
    /// The virtual time of the first step.
    var start = DeviceConfiguration.defaultStart
  }

  /// Plays `steps` (last element first) on `host`, on the host's own executor: a step and what
  /// its record reads cost no hop between the runner and the device. Returns the device as the
  /// last step left it.
  private func play(
    _ steps: inout [Step], into playback: inout Playback, on host: isolated DeviceHost,
    observe: StepObserver?
  ) async -> Device {
    playback.start = host.now
    playback.records.reserveCapacity(steps.count)
    while let step = steps.popLast() {
      // The array keeps its room as steps are taken: move what is left to a smaller one.
      if steps.count < steps.capacity / 2, steps.capacity > 64 { steps = Self.moved(steps) }
      let firstEvent = host.inspect { $0.events.count }
      let stepTime = host.now
      let firstFailure = playback.failures.count
      await perform(step, into: &playback, on: host)
      let lastEvent = host.inspect { $0.events.count }
      playback.records.append(
        ScenarioResult.StepRecord(
          number: step.number, keyword: step.keyword, note: step.note, time: stepTime,
          events: firstEvent..<max(firstEvent, lastEvent)))
      if let observe {
        observe(step, host.device, Array(playback.failures[firstFailure...]), playback.start)
      }
    }
    return host.device
  }

  /// `steps` in an array of their size (the old one is released when the caller drops it).
  private static func moved(_ steps: [Step]) -> [Step] {
    var smaller: [Step] = []
    smaller.reserveCapacity(steps.count)
    smaller.append(contentsOf: steps)
    return smaller
  }

  /// Carries out one step on the device, recording a failed check or an impossible step.
  private func perform(
    _ step: Step, into playback: inout Playback, on host: isolated DeviceHost
  ) async {
    switch step.action {
    case .push(let push):
      await host.receive(
        bytes: push.body, headers: PushHeaders(fields: push.headers), id: push.id,
        to: push.address)
    case .wait(let duration):
      await host.advance(by: duration)
    case .set(let change):
      do {
        if let deviceChange = change.device {
          playback.deviceDocument = playback.deviceDocument.merging(deviceChange)
          await host.setDevice(try playback.deviceDocument.deviceConfiguration())
        }
        if let appChange = change.app {
          playback.appDocument = playback.appDocument.merging(appChange)
          await host.setApp(try playback.appDocument.appConfiguration())
        }
      } catch {
        playback.failures.append(
          Failure(
            step: step.number, path: "set", expected: nil, actual: nil,
            message: "cannot apply the settings: \(error.message)"))
      }
    case .tap(let tap):
      do {
        try await host.tap(tap.id, action: tap.action, text: tap.text)
      } catch {
        playback.failures.append(impossible(step, "tap", error.description))
      }
    case .dismiss(let id):
      do {
        try await host.dismiss(id)
      } catch {
        playback.failures.append(impossible(step, "dismiss", error.description))
      }
    case .clear:
      await host.clear()
    case .dismissActivity(let id):
      if !(await host.removeActivityFromLockScreen(id)) {
        playback.failures.append(
          impossible(step, "dismissActivity", "no Live Activity \(id) is on the Lock Screen"))
      }
    case .startActivity(let start):
      await host.startActivity(start.request)
    case .removeApp:
      if !(await host.removeApp()) {
        playback.failures.append(impossible(step, "removeApp", "the app is not installed"))
      }
    case .installApp:
      if !(await host.installApp()) {
        playback.failures.append(
          impossible(step, "installApp", "the app is installed: remove it first"))
      }
    case .expect(let expectation):
      let checks = expectation.checks
      let failures = host.inspect { device in
        // Most checks hold: read them off the records first, and build the state the
        // matcher words failures from only when one may not.
        device.satisfiesDirectly(checks)
          ? []
          : ExpectationMatcher.failures(
            expected: checks, actual: device.scenarioState(for: checks), step: step.number)
      }
      playback.failures.append(contentsOf: failures)
    }
  }

  private func impossible(_ step: Step, _ keyword: String, _ message: String) -> Failure {
    Failure(
      step: step.number, path: keyword, expected: nil, actual: nil,
      message: "cannot \(keyword): \(message)")
  }
}
