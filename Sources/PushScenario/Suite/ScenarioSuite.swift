public import Foundation

/// The scenario files of a run (`pushsim run PATH ...`), in their stable order, optionally
/// narrowed to one shard, and read on several cores.
///
/// Reading keeps the single-job contract: every file is read and checked before anything
/// plays, and when files are invalid the error reported is the first in file order, whatever
/// the number of jobs.
public struct ScenarioSuite: Sendable {
  /// The files to play (as ``ScenarioLoader/scenarioFiles(in:directory:)`` lists them), after
  /// sharding.
  public var files: [String] { entries.map(\.file) }
  /// Each file with the folder given on the command line it was found in (`nil` for a file
  /// named itself): the files a scenario refers to must lie in that tree.
  private let entries: [(file: String, root: URL?)]
  /// The folder relative paths start from.
  public let directory: URL
  /// The paths the files were found in (for messages).
  public let paths: [String]
  /// The shard the files were narrowed to, if any.
  public let shard: SuiteShard?

  /// The scenario files `paths` name (files, or folders searched recursively).
  ///
  /// - Throws: ``ScenarioError`` when a path does not exist or no scenario file is found.
  public init(paths: [String], in directory: URL) throws(ScenarioError) {
    var entries: [(file: String, root: URL?)] = []
    for path in paths {
      let root = ScenarioLoader.root(of: path, in: directory)
      for file in try ScenarioLoader.scenarioFiles(in: [path], directory: directory) {
        entries.append((file, root))
      }
    }
    guard !entries.isEmpty else {
      throw ScenarioError(file: nil, "no scenario in \(paths.joined(separator: ", "))")
    }
    self.init(entries: entries, directory: directory, paths: paths, shard: nil)
  }

  private init(
    entries: [(file: String, root: URL?)], directory: URL, paths: [String], shard: SuiteShard?
  ) {
    self.entries = entries
    self.directory = directory
    self.paths = paths
    self.shard = shard
  }

  /// The files `shard` plays (see ``SuiteShard``); a shard may be empty when there are fewer
  /// files than shards.
  public func sharded(_ shard: SuiteShard) -> ScenarioSuite {
    ScenarioSuite(
      entries: shard.select(entries), directory: directory, paths: paths, shard: shard)
  }

  /// Reads and checks every file, up to `jobs` at once, keeping the scenarios whose name
  /// contains `filter` (case-insensitive), in file order.
  ///
  /// - Throws: the ``ScenarioError`` of the first invalid file in file order; without a shard,
  ///   also when no scenario is left after filtering (a shard may be left with none).
  public func load(jobs: Int, filter: String? = nil) async throws(ScenarioError) -> [Scenario] {
    let entries = entries
    let directory = directory
    var scenarios: [Scenario] = []
    scenarios.reserveCapacity(entries.count)
    var firstError: ScenarioError?
    await forEachInOrder(
      count: entries.count, jobs: jobs,
      work: { index -> Result<Scenario, ScenarioError> in
        do throws(ScenarioError) {
          let entry = entries[index]
          return .success(
            try ScenarioLoader().load(path: entry.file, in: directory, root: entry.root))
        } catch {
          return .failure(error)
        }
      },
      body: { loaded in
        switch loaded {
        case .success(let scenario):
          scenarios.append(scenario)
          return true
        case .failure(let error):
          firstError = error
          return false
        }
      })
    if let firstError { throw firstError }
    if let filter {
      scenarios = scenarios.filter { $0.name.localizedCaseInsensitiveContains(filter) }
    }
    if !scenarios.isEmpty || shard != nil { return scenarios }
    let named = filter.map { " whose name contains '\($0)'" } ?? ""
    throw ScenarioError(file: nil, "no scenario\(named) in \(paths.joined(separator: ", "))")
  }
}
