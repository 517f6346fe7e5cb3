package import Foundation
package import PushDevice
import PushPayload

/// The checks `pushsim serve --expect FILE` makes when it stops (CommandLine.md, `pushsim
/// serve`): `expect` objects of the scenario format (ScenarioFormat.md, expect), one for every
/// device, one per device by name, or both.
///
/// ```json
/// {"expect": {"noDiagnostics": [{"severity": "error"}]},
///  "devices": {"ana": {"badge": 1, "push": {"<apns-id>": {"status": "delivered"}}}}}
/// ```
///
/// A push is named by its id on the device: the `apns-id` the request sent (or APNs's own),
/// so the ids are not known when the file is read and any id is accepted.
package struct ExpectationFile: Sendable {
  /// The file's path as given (the JUnit report's `classname`).
  package var path: String
  /// The checks of every device (`expect`).
  package var everyDevice: Expectation?
  /// The checks of named devices (`devices`), in file order, each with the position of its
  /// name (for the error when no device has it).
  package var devices: [(name: String, expectation: Expectation, location: SourceLocation)]

  /// The checks for the device named `name`, in the order they are numbered in failures
  /// (`step 1` is `expect`, then the device's own).
  package func expectations(for name: String) -> [Expectation] {
    (everyDevice.map { [$0] } ?? []) + devices.filter { $0.name == name }.map(\.expectation)
  }

  /// Reads and checks an expectations file.
  package static func load(path: String, in directory: URL) throws(ScenarioError)
    -> ExpectationFile
  {
    let url = URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
    let source = try ScenarioLoader.read(url, displayPath: path, referencedAt: nil)
    let object = try ScenarioLoader.parse(source).object(allowing: ["expect", "devices"])
    guard object.optional("expect") != nil || object.optional("devices") != nil else {
      throw object.node.error("an expectations file has \"expect\", \"devices\" or both")
    }
    var file = ExpectationFile(path: path, everyDevice: nil, devices: [])
    if let node = object.optional("expect") { file.everyDevice = try expectation(node) }
    if let node = object.optional("devices") {
      for (name, checks) in try node.object(allowing: nil).fields {
        file.devices.append((name, try expectation(checks), checks.keyLocation))
      }
    }
    return file
  }

  /// One `expect` object sent as bytes (the API's `POST …/expect`); errors name `name`.
  package static func expectation(bytes: [UInt8], name: String) throws(ScenarioError)
    -> Expectation
  {
    let source = SourceFile(path: name, url: URL(fileURLWithPath: "/"), bytes: bytes)
    return try expectation(ScenarioLoader.parse(source))
  }

  private static func expectation(_ node: Node) throws(ScenarioError) -> Expectation {
    var context = ShapeContext(knownPushes: [:])
    context.acceptsAnyPush = true
    try node.check(Schemas.expect, context: context)
    let checks = try node.object(allowing: nil).object
    return Expectation(checks: ScenarioDecoder.canonicalEventTimes(checks))
  }
}

extension Expectation {
  /// Every check of this expectation that does not hold on `device`, numbered `step`, worded
  /// as `pushsim run` words them.
  package func failures(on device: Device, step: Int) -> [Failure] {
    device.satisfiesDirectly(checks)
      ? []
      : ExpectationMatcher.failures(
        expected: checks, actual: device.scenarioState(for: checks), step: step)
  }
}

extension StartActivityStep {
  /// The activity a `{"startActivity": {…}}` step sent as bytes asks for (`pushsim serve`'s
  /// steps API), read as a scenario's step is; errors name `name`.
  package static func request(stepBody bytes: [UInt8], name: String) throws(ScenarioError)
    -> ActivityRequest
  {
    let source = SourceFile(path: name, url: URL(fileURLWithPath: "/"), bytes: bytes)
    let object = try ScenarioLoader.parse(source).object(allowing: ["startActivity"])
    return try StartActivityStep(decoding: object.required("startActivity")).request
  }
}
