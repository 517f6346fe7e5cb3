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

  /// Creates a runner.
  public init() {}

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
    var device = Device(configuration: deviceConfiguration, app: appConfiguration)
    let start = device.now
    var records: [ScenarioResult.StepRecord] = []
    records.reserveCapacity(scenario.steps.count)

    for step in scenario.steps {
      let firstEvent = device.events.count
      let stepTime = device.now
      switch step.action {
      case .push(let push):
        await device.receive(
          bytes: push.body, headers: PushHeaders(fields: push.headers), id: push.id)
      case .wait(let duration):
        device.advance(by: duration)
      case .set(let change):
        do {
          if let deviceChange = change.device {
            deviceDocument = deviceDocument.merging(deviceChange)
            await device.setDevice(try deviceDocument.deviceConfiguration())
          }
          if let appChange = change.app {
            appDocument = appDocument.merging(appChange)
            device.setApp(try appDocument.appConfiguration())
          }
        } catch {
          failures.append(
            Failure(
              step: step.number, path: "set", expected: nil, actual: nil,
              message: "cannot apply the settings: \(error.message)"))
        }
      case .tap(let tap):
        do {
          try device.tap(tap.id, action: tap.action, text: tap.text)
        } catch {
          failures.append(impossible(step, "tap", error.description))
        }
      case .dismiss(let id):
        do {
          try device.dismiss(id)
        } catch {
          failures.append(impossible(step, "dismiss", error.description))
        }
      case .clear:
        device.clear()
      case .expect(let expectation):
        failures.append(
          contentsOf: ExpectationMatcher.failures(
            expected: expectation.checks, actual: device.scenarioState(for: expectation.checks),
            step: step.number))
      }
      records.append(
        ScenarioResult.StepRecord(
          number: step.number, keyword: step.keyword, note: step.note, time: stepTime,
          events: firstEvent..<max(firstEvent, device.events.count)))
      observe?(step, device)
    }
    var result = ScenarioResult(
      name: scenario.name, description: scenario.description, file: scenario.file, start: start,
      events: Array(device.events), state: device.scenarioState(for: nil), failures: failures)
    result.steps = records
    return result
  }

  private func impossible(_ step: Step, _ keyword: String, _ message: String) -> Failure {
    Failure(
      step: step.number, path: keyword, expected: nil, actual: nil,
      message: "cannot \(keyword): \(message)")
  }
}
