import Foundation

/// Plays the scenarios of a suite on several cores (`pushsim run --jobs N`), with results in
/// the suite's order, so every report is byte for byte the one a single job gives.
///
/// Each scenario plays on its own ``ScenarioRunner`` and device: scenarios share nothing, so
/// playing them at once changes no result. At most `jobs` play at a time, and at most
/// `2 × jobs` finished results wait for an earlier one.
public struct SuiteRunner: Sendable {
  /// How many scenarios play at once (at least 1).
  public var jobs: Int

  /// The default number of jobs: the cores this process may use.
  public static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }

  /// Creates a runner playing `jobs` scenarios at once.
  public init(jobs: Int = SuiteRunner.defaultJobs) {
    self.jobs = max(1, jobs)
  }

  /// Plays `scenarios`, calling `handle` with each result in scenario order as soon as it and
  /// every earlier one are done (a report can write each scenario's part then).
  public func run(
    _ scenarios: [Scenario], handle: (ScenarioResult) async -> Void
  ) async {
    await forEachInOrder(
      count: scenarios.count, jobs: jobs,
      work: { index in await ScenarioRunner().run(scenarios[index]) },
      body: { result in
        await handle(result)
        return true
      })
  }

  /// Plays `scenarios` and returns their results in scenario order.
  public func run(_ scenarios: [Scenario]) async -> [ScenarioResult] {
    var results: [ScenarioResult] = []
    results.reserveCapacity(scenarios.count)
    await run(scenarios) { results.append($0) }
    return results
  }
}
