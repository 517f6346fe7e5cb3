import Foundation
import PushScenario

/// `pushsim run [PATH ...]` (CommandLine.md): plays scenarios and checks their expectations.
///
/// A PATH is a scenario `.json`, an `.apns` file, or a folder searched recursively for both
/// (`*.app.json` files are app files, not scenarios); no PATH means `Scenarios/`. Every file is
/// read and checked before anything runs, so an invalid scenario stops the run with exit
/// status 2 and one `path:line:column: error: message` line on standard error.
enum RunCommand {
  static let help = """
    USAGE: pushsim run [PATH ...] [--format text|json|junit] [--output FILE] [--filter SUBSTRING]

    Plays scenarios (default: Scenarios/) and checks their expectations.

    ARGUMENTS:
      PATH                  A scenario .json, an .apns file, or a folder searched recursively
                            (files named *.app.json are app files, and folders named payloads
                            or media hold the files scenarios refer to: neither is played)

    OPTIONS:
      --format <format>     text (default), json or junit
      --output <file>       Write the report to a file instead of standard output
      --filter <substring>  Play only the scenarios whose name contains it
      -h, --help            Show this help

    EXIT STATUS: 0 every scenario passed, 1 a check failed, 2 a scenario could not be used.

    """

  static func main(_ arguments: [String]) async -> ExitStatus {
    let parsed: Arguments
    switch Arguments.forCommand(arguments, options: ["format", "output", "filter"], help: help) {
    case .proceed(let arguments): parsed = arguments
    case .exit(let status): return status
    }
    let format = parsed.value("format") ?? "text"
    guard ["text", "json", "junit"].contains(format) else {
      Console.error("error: unknown format '\(format)'; expected one of text, json, junit")
      return .unusable
    }
    let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let paths = parsed.positionals.isEmpty ? ["Scenarios"] : parsed.positionals

    let scenarios: [Scenario]
    do {
      scenarios = try ScenarioLoader().loadAll(
        paths: paths, in: directory, filter: parsed.value("filter"))
    } catch {
      Console.error(error.description)
      return .unusable
    }

    let runner = ScenarioRunner()
    for scenario in scenarios {
      if let missing = runner.missingPiece(for: scenario) {
        Console.error(missing.description)
        return .unusable
      }
    }
    var results: [ScenarioResult] = []
    results.reserveCapacity(scenarios.count)
    for scenario in scenarios {
      results.append(await runner.run(scenario))
    }

    let output = parsed.value("output")
    let report: String
    switch format {
    case "json": report = JSONReporter().report(results)
    case "junit": report = JUnitReporter().report(results)
    default: report = TextReporter(color: output == nil && Console.colorEnabled).report(results)
    }
    if let output {
      do {
        try Data(report.utf8).write(to: URL(fileURLWithPath: output, relativeTo: directory))
      } catch {
        Console.error("\(output): error: cannot write the report")
        return .unusable
      }
    } else {
      Console.write(report)
    }
    return results.allSatisfy(\.passed) ? .success : .failure
  }
}
