import Foundation
import PushCore
import PushScenario

/// `pushsim run [PATH ...]` (CommandLine.md): plays scenarios and checks their expectations.
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
      --jobs <n>            Play up to N scenario files at once (default: the cores this
                            process may use); the report is the same, in the same order, for
                            every N
      --shard <k/n>         Play only shard K of N: every N-th file of the sorted list,
                            starting with the K-th, so N CI runners split a suite; the JUnit
                            suite is named "pushsim run (shard K/N)"
      -h, --help            Show this help

    EXIT STATUS: 0 every scenario passed, 1 a check failed, 2 a scenario could not be used.

    """

  /// What `pushsim run` was asked to do, read from its command line and the file system before
  /// any scenario is read.
  struct Plan {
    /// The files to play (narrowed to the `--shard`), and the folder paths start from.
    var suite: ScenarioSuite
    var format: ReportFormat
    var jobs: Int
    /// `--filter`: only scenarios whose name contains it play.
    var filter: String?
    /// `--output`: the report's file; `nil` for standard output.
    var output: String?

    /// Whether the run plays one scenario at a time (one file, or `--jobs 1`): it then gains
    /// nothing from a heap for each thread (``SharedHeap``).
    var playsOneAtATime: Bool { min(jobs, suite.files.count) <= 1 }
  }

  /// What `plan(_:)` decided.
  enum Planned {
    case play(Plan)
    /// The command line or a path was unusable (reported), or `--help` was printed.
    case exit(ExitStatus)
  }

  /// Plans the run on the main thread, where `main.swift` calls it, before any other thread
  /// allocates: a run that plays one scenario at a time keeps every thread on one heap, so its
  /// peak memory does not depend on which threads decode and play it (``SharedHeap``). The
  /// run itself is played off the main actor.
  @MainActor
  static func main(_ arguments: [String]) async -> ExitStatus {
    switch plan(arguments) {
    case .play(let plan):
      if plan.playsOneAtATime { SharedHeap.useOneArena() }
      return await play(plan)
    case .exit(let status):
      return status
    }
  }

  /// Reads the command line and lists the scenario files.
  static func plan(_ arguments: [String]) -> Planned {
    let parsed: Arguments
    switch Arguments.forCommand(
      arguments, options: ["format", "output", "filter", "jobs", "shard"], help: help)
    {
    case .proceed(let arguments): parsed = arguments
    case .exit(let status): return .exit(status)
    }
    guard let format = parsed.format([.text, .json, .junit]) else { return .exit(.unusable) }
    guard let jobs = parsed.jobs() else { return .exit(.unusable) }
    var shard: SuiteShard?
    if let text = parsed.value("shard") {
      guard let value = SuiteShard(text) else {
        Console.error(
          "error: --shard takes K/N in digits, with 1 <= K <= N (e.g. 2/4), not '\(text)'")
        return .exit(.unusable)
      }
      shard = value
    }
    let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let paths = parsed.positionals.isEmpty ? ["Scenarios"] : parsed.positionals
    do {
      var suite = try ScenarioSuite(paths: paths, in: directory)
      if let shard { suite = suite.sharded(shard) }
      return .play(
        Plan(
          suite: suite, format: format, jobs: jobs, filter: parsed.value("filter"),
          output: parsed.value("output")))
    } catch {
      Console.error(error.description)
      return .exit(.unusable)
    }
  }

  /// Reads every scenario file of `plan`, then plays them and writes the report.
  static func play(_ plan: Plan) async -> ExitStatus {
    let scenarios: [Scenario]
    do {
      scenarios = try await plan.suite.load(jobs: plan.jobs, filter: plan.filter)
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
    // The report never replaces what the run reads (Rules.md §9.8): checked before the file
    // is opened, so nothing is written.
    if let output = plan.output {
      let files = plan.suite.files.map {
        ScenarioInput(
          path: URL(fileURLWithPath: $0, relativeTo: plan.suite.directory).path, kind: .scenario)
      }
      if let conflict = OutputTarget.conflict(
        writingAt: output, in: plan.suite.directory, isFolder: false,
        with: files + scenarios.flatMap(\.inputs))
      {
        Console.error(
          "\(output): error: --output \(conflict), which this run reads; the report would "
            + "replace it: write it to another file (Rules.md §9.8)")
        return .unusable
      }
    }
    // The report is written as each scenario finishes (in suite order), so a long suite's
    // events are not all kept until the end.
    let output = plan.output
    var stream: any ReportStream
    switch plan.format {
    case .json: stream = JSONReporter.Stream(JSONReporter())
    case .junit:
      stream = JUnitReporter.Stream(
        JUnitReporter(
          suiteName: plan.suite.shard.map { "pushsim run (shard \($0))" } ?? "pushsim run"))
    case .text:
      stream = TextReporter.Stream(TextReporter(color: output == nil && Console.colorEnabled))
    }
    let sink: ReportSink
    switch ReportSink.open(path: output, directory: plan.suite.directory) {
    case .success(let opened): sink = opened
    case .failure(let failure):
      Console.error(failure.message)
      return .unusable
    }
    var allPassed = true
    var written = sink.write(stream.start())
    // Each scenario's part is rendered on the core that played it.
    let renderer = stream
    await SuiteRunner(runner: runner, jobs: plan.jobs).run(
      consume scenarios, transform: { renderer.render($0) },
      handle: { part in
        allPassed = allPassed && part.passed
        if written { written = stream.appendUTF8(part, writing: sink.write) }
      })
    if written { written = stream.finish(writing: sink.write) }
    // Standard output's own failure is reported when the command ends (``Console/finish(_:)``).
    if let failure = sink.close() {
      Console.error(failure.message)
      return .unusable
    }
    return allPassed ? .success : .failure
  }
}

/// Where `pushsim run` writes its report: standard output, or the `--output` file, created
/// (emptied) before anything plays and written piece by piece with `write(2)`, so a failure is
/// reported with the system's reason (`error: cannot write report.json: No space left on
/// device`).
private struct ReportSink {
  /// Why the report file could not be written: the path as given and the `errno`.
  struct Failure: Error {
    var path: String
    var code: Int32
    /// `error: cannot write report.json: Is a directory`.
    var message: String { "error: cannot write \(path): \(String(cString: strerror(code)))" }
  }

  /// The `--output` file's path as given, and its stream; `nil` for standard output.
  private let file: (path: String, stream: OutputStream)?

  private init(file: (path: String, stream: OutputStream)?) {
    self.file = file
  }

  /// Opens (creates or empties) the file at `path`, or chooses standard output for `nil`.
  static func open(path: String?, directory: URL) -> Result<ReportSink, Failure> {
    guard let path else { return .success(ReportSink(file: nil)) }
    let url = URL(fileURLWithPath: path, relativeTo: directory)
    // Opened (created or emptied) in place: `FileManager.createFile` writes a new file and
    // renames it over the path, which replaces a device such as `/dev/null` (as root) or a
    // named pipe with a regular file.
    let descriptor = systemOpen(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return .failure(Failure(path: path, code: errno)) }
    return .success(
      ReportSink(file: (path, OutputStream(descriptor: descriptor, name: path))))
  }

  /// Writes `text`; false when the file cannot be written.
  func write(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { write($0) }
  }

  /// Writes UTF-8 `bytes` as they are (a report is hundreds of megabytes at most: nothing is
  /// copied on the way); false when the file cannot be written.
  func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !bytes.isEmpty else { return true }
    guard let file else {
      Console.write(bytes)
      return true
    }
    file.stream.write(bytes)
    return file.stream.failedErrno == nil
  }

  /// The first failed write to the file, if any.
  var failure: Failure? {
    guard let file, let code = file.stream.failedErrno else { return nil }
    return Failure(path: file.path, code: code)
  }

  /// Closes the file; the first failure of a write or of closing, if any.
  func close() -> Failure? {
    guard let file else { return nil }
    if let failure {
      _ = systemClose(file.stream.descriptor)
      return failure
    }
    guard systemClose(file.stream.descriptor) == 0 else {
      return Failure(path: file.path, code: errno)
    }
    return nil
  }
}

/// `open(2)` and `close(2)`, named apart from ``ReportSink``'s own.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}
