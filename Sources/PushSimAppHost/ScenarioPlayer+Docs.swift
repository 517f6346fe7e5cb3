public import Foundation
import PushScenario
import PushSimDocs

extension ScenarioPlayer {
  /// Plays scenario files with the app's own code and writes the documentation site
  /// `pushsim docs` writes (CommandLine.md, `docs`): `index.html`, a page per scenario with
  /// the phone drawn after each step, and the stylesheet, offline. The pages show what the
  /// app's code made: its extension's texts and attachments, the calls its PushKit code
  /// reported (Rules.md §9.7).
  ///
  /// ```swift
  /// @Test func documentation() async throws {
  ///   let site = packageRoot.appendingPathComponent(".build/docs")
  ///   let (_, failed) = try await ScenarioPlayer(code: .app(
  ///     serviceExtension: NotificationService.init)
  ///   ).writeDocs(in: scenarios, to: site)
  ///   #expect(failed == 0)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - files: the scenario files, relative to `folder` (default: every one in it,
  ///     ``files(in:)``).
  ///   - folder: the folder the files and the files they name are read from.
  ///   - directory: where the site goes (created if needed). As with `pushsim docs --out`, a
  ///     folder that holds a file the scenarios read, or is one, is refused before anything is
  ///     written (Rules.md §9.8).
  ///   - jobs: how many scenarios play and are drawn at once; the site is the same for every
  ///     number.
  /// - Returns: how many scenarios passed and failed (the site is written either way).
  /// - Throws: ``ScenarioError`` when a file cannot be read, is not a valid scenario or needs
  ///   code the player lacks, or the site's folder is refused; an error saying why when the
  ///   site cannot be written.
  @discardableResult
  public func writeDocs(
    files: [String]? = nil, in folder: URL, to directory: URL, jobs: Int = 1
  ) async throws -> (passed: Int, failed: Int) {
    let paths = try files ?? Self.files(in: folder)
    let loader = ScenarioLoader()
    let runner = ScenarioRunner(code: code)
    var scenarios: [Scenario] = []
    scenarios.reserveCapacity(paths.count)
    for path in paths {
      let scenario = try loader.load(path: path, in: folder)
      if let missing = runner.missingPiece(for: scenario) { throw missing }
      scenarios.append(scenario)
    }
    let inputs =
      paths.map {
        ScenarioInput(path: URL(fileURLWithPath: $0, relativeTo: folder).path, kind: .scenario)
      } + scenarios.flatMap(\.inputs)
    if let conflict = OutputTarget.conflict(
      writingAt: directory.path, in: folder, isFolder: true, with: inputs)
    {
      throw ScenarioError(
        file: directory.path,
        "the docs folder \(conflict), which the scenarios read: name a folder of its own "
          + "(Rules.md §9.8)")
    }
    return try await DocsGenerator(code: code).writeSite(
      for: scenarios, to: directory, jobs: jobs)
  }
}
