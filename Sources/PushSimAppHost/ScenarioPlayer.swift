public import Foundation
public import PushDevice
import PushPayload
public import PushScenario

/// Plays scenario files with the app's own code (``AppCode/app(serviceExtension:delegate:application:launch:router:fetcher:watchdog:completionLimit:)``):
/// the library call behind `swift test` of an app's notification code.
///
/// ```swift
/// @Test(arguments: try ScenarioPlayer.files(in: scenarios))
/// func scenario(_ file: String) async throws {
///   let result = try await ScenarioPlayer(code: .app(
///     serviceExtension: NotificationService.init, delegate: NotificationDelegate())
///   ).play(file: file, in: scenarios)
///   #expect(result.failures.isEmpty, "\(result.failureText)")
/// }
/// ```
public struct ScenarioPlayer: Sendable {
  /// The app's code every scenario plays with.
  public var code: AppCode

  /// Creates a player for the app's code.
  public init(code: AppCode) {
    self.code = code
  }

  /// The scenario files in `folder` (recursively, `*.app.json` app files left out), as paths
  /// relative to it, sorted.
  public static func files(in folder: URL) throws(ScenarioError) -> [String] {
    try ScenarioLoader.scenarioFiles(in: ["."], directory: folder).map { path in
      path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }
  }

  /// Loads and plays one scenario file.
  ///
  /// - Throws: ``ScenarioError`` when the file cannot be read or is not a valid scenario.
  public func play(file: String, in folder: URL) async throws(ScenarioError) -> ScenarioResult {
    let scenario = try ScenarioLoader().load(path: file, in: folder)
    let runner = ScenarioRunner(code: code)
    if let missing = runner.missingPiece(for: scenario) { throw missing }
    return await runner.run(scenario)
  }

  /// Plays every scenario file in `folder`, one after another, and returns each file's result
  /// (a file that cannot be read is a result with one failure at step 0).
  public func playAll(in folder: URL) async throws(ScenarioError) -> [String: ScenarioResult] {
    var results: [String: ScenarioResult] = [:]
    for file in try Self.files(in: folder) {
      do throws(ScenarioError) {
        results[file] = try await play(file: file, in: folder)
      } catch {
        results[file] = ScenarioResult(
          name: file, description: nil, file: file, start: DeviceConfiguration.defaultStart,
          events: [], state: JSONValue(.object(JSONObject())),
          failures: [
            Failure(step: 0, path: "file", expected: nil, actual: nil, message: error.description)
          ])
      }
    }
    return results
  }
}

extension ScenarioResult {
  /// The failures, one per line, with their step numbers (for a test's failure message).
  public var failureText: String {
    failures.map { "step \($0.step) \($0.path): \($0.message)" }.joined(separator: "\n")
  }
}
