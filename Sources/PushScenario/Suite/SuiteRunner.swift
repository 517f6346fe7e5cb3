import Foundation
import PushCore

/// Plays the scenarios of a suite on several cores (`pushsim run --jobs N`), with results in
/// the suite's order, so every report is byte for byte the one a single job gives.
///
/// Each scenario plays on its own device and shares nothing with the others but the runner's
/// app code, so playing them at once changes no result as long as that code keeps no state
/// from one scenario to the next (`pushsim run` passes none: each device builds its own). At
/// most `jobs` play at a time, and at most `2 × jobs` finished results wait for an earlier one.
public struct SuiteRunner: Sendable {
  /// The runner each scenario plays with (and the app code it carries).
  public var runner: ScenarioRunner
  /// How many scenarios play at once (at least 1).
  public var jobs: Int

  /// The default number of jobs: the cores this process may use.
  public static var defaultJobs: Int { AvailableCores.count }

  /// Creates a suite runner playing `jobs` scenarios at once with `runner`.
  public init(runner: ScenarioRunner = ScenarioRunner(), jobs: Int = SuiteRunner.defaultJobs) {
    self.runner = runner
    self.jobs = max(1, jobs)
  }

  /// Plays `scenarios`, calling `handle` with each result in scenario order as soon as it and
  /// every earlier one are done (a report can write each scenario's part then).
  ///
  /// Each scenario is handed to the task that plays it and released step by step as it plays
  /// (``ScenarioRunner/run(_:observe:)``); a caller that passes its only copy (`consume`) keeps
  /// none of the steps already played.
  public func run(
    _ scenarios: consuming [Scenario], handle: (ScenarioResult) async -> Void
  ) async {
    await run(consume scenarios, transform: { $0 }, handle: handle)
  }

  /// Plays `scenarios` and turns each result with `transform` on the task that played it (a
  /// report renders the scenario's part there, on as many cores as play), then calls `handle`
  /// with each output in scenario order as soon as it and every earlier one are ready.
  public func run<Output: Sendable>(
    _ scenarios: consuming [Scenario], transform: @escaping @Sendable (ScenarioResult) -> Output,
    handle: (Output) async -> Void
  ) async {
    let runner = runner
    let count = scenarios.count
    let handOff = HandOff(consume scenarios)
    await forEachInOrder(
      count: count, jobs: jobs,
      work: { index in transform(await runner.run(handOff.take(index))) },
      body: { output in
        await handle(output)
        return true
      })
  }

  /// Plays `scenarios` and returns their results in scenario order.
  public func run(_ scenarios: consuming [Scenario]) async -> [ScenarioResult] {
    var results: [ScenarioResult] = []
    results.reserveCapacity(scenarios.count)
    await run(consume scenarios) { results.append($0) }
    return results
  }
}
