import Foundation
import PushScenario

/// `pushsim run [PATH ...]` (cli.md): plays scenarios and checks their expectations.
///
/// A PATH is a scenario `.json`, an `.apns` file, or a folder searched recursively for both
/// (`*.app.json` files are app files, not scenarios); no PATH means `Scenarios/`. Every file is
/// read and checked before anything runs, so an invalid scenario stops the run with exit
/// status 2 and one `path:line:column: error: message` line on standard error.
///
/// `--jobs` and `--shard` are read here; reading and playing on several cores and choosing a
/// shard's files are ``ScenarioSuite`` and ``SuiteRunner`` in PushScenario.
enum RunCommand {
  static let help = """
    USAGE: pushsim run [PATH ...] [--format text|json|junit] [--output FILE] [--filter SUBSTRING]
                       [--jobs N] [--shard K/N]

    Plays scenarios (default: Scenarios/) and checks their expectations.

    ARGUMENTS:
      PATH                  A scenario .json, an .apns file, or a folder searched recursively
                            (files named *.app.json are app files, and folders named payloads
                            or media hold the files scenarios refer to: neither is played)

    OPTIONS:
      --format <format>     text (default), json or junit
      --output <file>       Write the report to a file instead of standard output
      --filter <substring>  Play only the scenarios whose name contains it
      --jobs <n>            Play up to N scenario files at once (default: the number of
                            cores); the report is the same, in the same order, for every N
      --shard <k/n>         Play only shard K of N: every N-th file of the sorted list,
                            starting with the K-th, so N CI runners split a suite; the JUnit
                            suite is named "pushsim run (shard K/N)"
      -h, --help            Show this help

    EXIT STATUS: 0 every scenario passed, 1 a check failed, 2 a scenario could not be used.

    """

  static func main(_ arguments: [String]) async -> ExitStatus {
    let parsed: Arguments
    switch Arguments.forCommand(
      arguments, options: ["format", "output", "filter", "jobs", "shard"], help: help)
    {
    case .proceed(let arguments): parsed = arguments
    case .exit(let status): return status
    }
    let format = parsed.value("format") ?? "text"
    guard ["text", "json", "junit"].contains(format) else {
      Console.error("error: unknown format '\(format)'; expected one of text, json, junit")
      return .unusable
    }
    var jobs = SuiteRunner.defaultJobs
    if let text = parsed.value("jobs") {
      guard let number = Int(text), number >= 1 else {
        Console.error("error: --jobs takes a whole number of at least 1, not '\(text)'")
        return .unusable
      }
      jobs = number
    }
    var shard: SuiteShard?
    if let text = parsed.value("shard") {
      guard let value = SuiteShard(text) else {
        Console.error("error: --shard takes K/N with 1 <= K <= N (e.g. 2/4), not '\(text)'")
        return .unusable
      }
      shard = value
    }
    let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let paths = parsed.positionals.isEmpty ? ["Scenarios"] : parsed.positionals

    let scenarios: [Scenario]
    do {
      var suite = try ScenarioSuite(paths: paths, in: directory)
      if let shard { suite = suite.sharded(shard) }
      scenarios = try await suite.load(jobs: jobs, filter: parsed.value("filter"))
    } catch {
      Console.error(error.description)
      return .unusable
    }

    let runner = ScenarioRunner()
    for scenario in scenarios {
      if let missing = runner.missingPiece(for: scenario) {
        Console.error("\(scenario.file): error: \(missing)")
        return .unusable
      }
    }
    let results = await SuiteRunner(runner: runner, jobs: jobs).run(scenarios)

    let output = parsed.value("output")
    let report: String
    switch format {
    case "json": report = JSONReporter().report(results)
    case "junit":
      report = JUnitReporter(suiteName: shard.map { "pushsim run (shard \($0))" } ?? "pushsim run")
        .report(results)
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
