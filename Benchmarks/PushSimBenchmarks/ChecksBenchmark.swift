import Foundation
import PushScenario

/// `PushSimBenchmarks checks [small] [large] [rounds]`: a scenario with an `events` and a
/// `diagnostics` check after every push, decoded and played at `small` and `large` pushes
/// (2,000 and 20,000), in alternating rounds (the small one as many times in a row as it is
/// smaller, averaged); prints the large / small time ratio. The target is linear: at most 12
/// for ten times the pushes, as `device` and `layout` allow. Such checks once built every event
/// and finding so far as JSON: 4,000 pushes took 35 s, 20,000 would take over ten minutes.
enum ChecksBenchmark {
  static func run(_ arguments: [String]) throws {
    let small = arguments.first.flatMap(Int.init) ?? 2_000
    let large = arguments.dropFirst().first.flatMap(Int.init) ?? 20_000
    let rounds = arguments.dropFirst(2).first.flatMap(Int.init) ?? 3
    let repeats = max(1, large / max(1, small))
    let smallText = Array(generate(pushes: small).utf8)
    let largeText = Array(generate(pushes: large).utf8)
    let (smallMedian, largeMedian) = try ScenarioBenchmark.medianTimes(
      rounds: rounds, firstRepeat: repeats
    ) {
      try play(smallText)
    } _: {
      try play(largeText)
    }
    print(
      "checks: an events and a diagnostics check after every push, median of \(rounds) rounds: "
        + "\(large) pushes \(ScenarioBenchmark.format(largeMedian)) ms, \(small) pushes "
        + "\(ScenarioBenchmark.format(smallMedian)) ms (the average of \(repeats) in a row), "
        + ScenarioBenchmark.linearity(ratio: largeMedian / smallMedian, small: small, large: large))
  }

  /// Alerts in 20 threads, each followed by a check that its `delivered` event and its
  /// `push-type-inferred` finding (no `apns-push-type` header) are there.
  static func generate(pushes: Int) -> String {
    var text = """
      { "name": "Benchmark: \(pushes) pushes, log checks", "device": { "locked": false },
        "steps": [

      """
    for index in 0..<pushes {
      text += """
          { "push": { "id": "p\(index)", "payload": { "aps": { "alert": { "title": "Ana \(index)", "body": "Mensaje \(index)" }, "thread-id": "t\(index % 20)" } } } },
          { "expect": { "events": [ { "push": "p\(index)", "kind": "delivered" } ],
                        "diagnostics": [ { "push": "p\(index)", "code": "push-type-inferred" } ] } },

        """
    }
    text += #"    { "wait": "1s" } ] }"# + "\n"
    return text
  }

  /// Decodes and plays `bytes`. Throws when a check fails.
  static func play(_ bytes: [UInt8]) throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("checks.json")
    let scenario = try ScenarioLoader().decode(bytes: bytes, path: "checks.json", url: url)
    guard let result = ScenarioBenchmark.play(scenario), result.passed else {
      throw BenchmarkError("the generated log-check scenario fails")
    }
  }
}
