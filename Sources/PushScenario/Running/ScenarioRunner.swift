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
  /// - Complexity: linear in the number of steps plus the work the device does for them;
  ///   each `expect` step builds the state it checks once.
  public func run(_ scenario: Scenario, observe: Observer? = nil) async -> ScenarioResult {
    var failures: [Failure] = []
    var deviceDocument = scenario.device
    var appDocument = scenario.app
    let deviceConfiguration: DeviceConfiguration
    let appConfiguration: AppConfiguration
    do {
      deviceConfiguration = try deviceDocument.deviceConfiguration()
      appConfiguration = try appDocument.appConfiguration()
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
    let start = await host.now
    var records: [ScenarioResult.StepRecord] = []
    records.reserveCapacity(scenario.steps.count)

    for step in scenario.steps {
      let (firstEvent, stepTime) = await host.read { ($0.events.count, $0.now) }
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
            deviceDocument = deviceDocument.merging(deviceChange)
            await host.setDevice(try deviceDocument.deviceConfiguration())
          }
          if let appChange = change.app {
            appDocument = appDocument.merging(appChange)
            await host.setApp(try appDocument.appConfiguration())
          }
        } catch {
          failures.append(
            Failure(
              step: step.number, path: "set", expected: nil, actual: nil,
              message: "cannot apply the settings: \(error.message)"))
        }
      case .tap(let tap):
        do {
          try await host.tap(tap.id, action: tap.action, text: tap.text)
        } catch {
          failures.append(impossible(step, "tap", error.description))
        }
      case .dismiss(let id):
        do {
          try await host.dismiss(id)
        } catch {
          failures.append(impossible(step, "dismiss", error.description))
        }
      case .clear:
        await host.clear()
      case .startActivity(let start):
        await host.startActivity(start.request)
      case .expect:
        break
      }
      if case .expect(let expectation) = step.action {
        let actual = await host.read { $0.scenarioState(for: expectation.checks) }
        failures.append(
          contentsOf: ExpectationMatcher.failures(
            expected: expectation.checks, actual: actual, step: step.number))
      }
      let lastEvent = await host.read { $0.events.count }
      records.append(
        ScenarioResult.StepRecord(
          number: step.number, keyword: step.keyword, note: step.note, time: stepTime,
          events: firstEvent..<max(firstEvent, lastEvent)))
      if let observe { observe(step, await host.device) }
    }
    let device = await host.device
    var result = ScenarioResult(
      name: scenario.name, description: scenario.description, file: scenario.file, start: start,
      events: device.events.events, device: device, failures: failures)
    result.steps = records
    return result
  }

  private func impossible(_ step: Step, _ keyword: String, _ message: String) -> Failure {
    Failure(
      step: step.number, path: keyword, expected: nil, actual: nil,
      message: "cannot \(keyword): \(message)")
  }
}
