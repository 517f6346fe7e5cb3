import Foundation
import PushScenario
import PushSimDocs

/// `pushsim docs [PATH ...] --out DIR` (CommandLine.md): plays scenarios and writes the behaviour
/// documentation site, which draws what the phone shows after every step.
///
/// PATH works as for `pushsim run` (files or folders; no PATH means `Scenarios/`). Every file is
/// read and checked before anything runs. The site is `index.html`, `style.css`, one page per
/// scenario and the attachment images beside them; it fetches nothing, so it works offline from
/// a `file://` URL.
enum DocsCommand {
  static let help = """
    USAGE: pushsim docs [PATH ...] --out DIR [--filter SUBSTRING] [--jobs N]

    Plays scenarios (default: Scenarios/) and writes a static site that draws, step by step,
    the push sent and what the phone shows: lock screen, banners, badge, actions.

    ARGUMENTS:
      PATH                  A scenario .json, an .apns file, or a folder searched recursively

    OPTIONS:
      --out <dir>           The folder to write the site into (created if needed)
      --filter <substring>  Document only the scenarios whose name contains it
      --jobs <n>            Play and draw up to N scenarios at once (default: the cores this
                            process may use); the site is the same for every N
      -h, --help            Show this help

    EXIT STATUS: 0 site written and every scenario passed, 1 site written and a scenario
    failed, 2 a scenario could not be used or the site could not be written.

    """

  static func main(_ arguments: [String]) async -> ExitStatus {
    let parsed: Arguments
    switch Arguments.forCommand(arguments, options: ["out", "filter", "jobs"], help: help) {
    case .proceed(let arguments): parsed = arguments
    case .exit(let status): return status
    }
    guard let jobs = parsed.jobs() else { return .unusable }
    guard let out = parsed.value("out"), !out.isEmpty else {
      Console.error("error: missing --out DIR (the folder to write the site into)")
      return .unusable
    }
    let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let paths = parsed.positionals.isEmpty ? ["Scenarios"] : parsed.positionals
    let outURL = URL(fileURLWithPath: out, relativeTo: directory).standardizedFileURL
    guard (FileCheck.realPath(outURL.path) ?? outURL.path) != "/" else {
      Console.error("\(out): error: refusing to write the site into the root folder; name a folder")
      return .unusable
    }

    let scenarios: [Scenario]
    do {
      scenarios = try ScenarioLoader().loadAll(
        paths: paths, in: directory, filter: parsed.value("filter"))
    } catch {
      Console.error(error.description)
      return .unusable
    }

    // The site is never written among what the run reads (Rules.md §9.8): checked before the
    // folder is made, so nothing is written. Scenario files `--filter` left out count too.
    let files = (try? ScenarioLoader.scenarioFiles(in: paths, directory: directory)) ?? []
    let inputs =
      files.map {
        ScenarioInput(path: URL(fileURLWithPath: $0, relativeTo: directory).path, kind: .scenario)
      } + scenarios.flatMap(\.inputs)
    if let conflict = OutputTarget.conflict(
      writingAt: out, in: directory, isFolder: true, with: inputs)
    {
      Console.error(
        "\(out): error: --out \(conflict), which this run reads; the site would be written "
          + "among its inputs: name a folder of its own (Rules.md §9.8)")
      return .unusable
    }

    let count = scenarios.count
    let passed: Int
    let failed: Int
    do {
      (passed, failed) = try await DocsGenerator().writeSite(
        for: consume scenarios, to: outURL, jobs: jobs)
    } catch let error as DocsSite.SiteWriteError {
      Console.error("\(out): error: cannot write the site: \(error.description)")
      return .unusable
    } catch {
      Console.error("\(out): error: cannot write the site: \(error.localizedDescription)")
      return .unusable
    }
    Console.write(
      "Wrote \(count) page\(count == 1 ? "" : "s") to "
        + "\((out as NSString).appendingPathComponent("index.html")): \(passed) passed, "
        + "\(failed) failed\n")
    return failed == 0 ? .success : .failure
  }
}
