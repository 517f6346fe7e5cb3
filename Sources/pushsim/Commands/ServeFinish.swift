import Foundation
import PushScenario
import PushServe

/// How `pushsim serve` ends (CommandLine.md, `pushsim serve`): interrupted, or by itself with
/// `--until N` (N pushes accepted) or `--until-idle DURATION`, then checking the `--expect`
/// file against each device and exiting as `pushsim run` does, with a `--junit` report.
struct ServeFinish {
  /// When to stop by itself; `nil`: when interrupted.
  var activity: ServeActivity?
  /// The checks made when it stops.
  var expectations: ExpectationFile?
  /// Where the JUnit report goes.
  var junit: String?

  /// How long the server goes on answering after a condition is met, so the answer to the
  /// last push (and any in flight beside it) is written before the connections close.
  static let drain = Duration.milliseconds(250)

  /// Reads `--expect`, `--until`, `--until-idle` and `--junit`; `nil` after printing why
  /// they cannot be used (exit status 2).
  static func read(_ parsed: Arguments, devices: DeviceFile) -> ServeFinish? {
    var finish = ServeFinish()
    var accepted: Int?
    var idle: Duration?
    if let text = parsed.value("until") {
      guard let number = CommandLineNumber.parse(text), number >= 1 else {
        Console.error(
          "error: --until takes a whole number of accepted pushes, at least 1, not '\(text)'")
        return nil
      }
      accepted = number
    }
    if let text = parsed.value("until-idle") {
      guard let duration = ScenarioTime.duration(text), duration > .zero else {
        Console.error(
          "error: --until-idle takes a duration such as 2s, 500ms or 1m, not '\(text)'")
        return nil
      }
      idle = duration
    }
    if accepted != nil || idle != nil {
      finish.activity = ServeActivity(acceptedLimit: accepted, idleLimit: idle)
    }
    if let path = parsed.value("expect") {
      guard finish.activity != nil else {
        Console.error(
          "error: --expect checks the devices when the server stops: add --until N or "
            + "--until-idle DURATION")
        return nil
      }
      do {
        let file = try ExpectationFile.load(
          path: path, in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let names = Set(devices.entries.map(\.name))
        if let unknown = file.devices.first(where: { !names.contains($0.name) }) {
          Console.error(
            ScenarioError(
              at: unknown.location,
              "no device is named \"\(unknown.name)\" in the devices file; expected one of "
                + devices.entries.map { "\"\($0.name)\"" }.joined(separator: ", ")
            ).description)
          return nil
        }
        finish.expectations = file
      } catch {
        Console.error(error.description)
        return nil
      }
    }
    if let junit = parsed.value("junit") {
      guard finish.expectations != nil else {
        Console.error("error: --junit reports the --expect checks: add --expect FILE")
        return nil
      }
      finish.junit = junit
    }
    return finish
  }

  /// Stops `server` once a condition is met (after ``drain``).
  func watch(_ server: PushServer) {
    activity?.start(drain: Self.drain) { server.stop() }
  }

  /// Once the server has stopped: the checks, their lines, the JUnit report, the exit status.
  func finish(_ server: PushServer, log: ServeLog, start: Date) async -> ExitStatus {
    guard let expectations else { return .success }
    let results = await server.results(of: expectations, since: start)
    log.results(results)
    if let junit {
      let xml = JUnitReporter(suiteName: "pushsim serve").report(results)
      do {
        try Data(xml.utf8).write(
          to: URL(
            fileURLWithPath: junit,
            relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)))
      } catch {
        Console.error("error: cannot write \(junit): \(error.localizedDescription)")
        return .unusable
      }
    }
    return results.allSatisfy(\.passed) ? .success : .failure
  }
}
