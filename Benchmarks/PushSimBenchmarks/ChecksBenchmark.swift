import Foundation
import PushScenario
import Synchronization

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
    var smallTimes: [Double] = []
    var largeTimes: [Double] = []
    for round in 0..<rounds {
      let measureSmall = {
        var total = 0.0
        for _ in 0..<repeats { total += try play(smallText) }
        smallTimes.append(total / Double(repeats))
      }
      let measureLarge = { largeTimes.append(try play(largeText)) }
      if round % 2 == 0 {
        try measureSmall()
        try measureLarge()
      } else {
        try measureLarge()
        try measureSmall()
      }
    }
    let smallMedian = StringsBenchmark.median(smallTimes)
    let largeMedian = StringsBenchmark.median(largeTimes)
    let ratio = largeMedian / smallMedian
    let bound = 1.2 * Double(large) / Double(small)
    print(
      "checks: an events and a diagnostics check after every push, median of \(rounds) rounds: "
        + "\(large) pushes \(ScenarioBenchmark.format(largeMedian)) ms, \(small) pushes "
        + "\(ScenarioBenchmark.format(smallMedian)) ms (the average of \(repeats) in a row), "
        + "ratio \(ScenarioBenchmark.format(ratio, digits: 2)) (target <= "
        + "\(ScenarioBenchmark.format(bound)), linear) \(ratio <= bound ? "ok" : "TOO HIGH")")
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

  /// Decodes and plays `bytes`; returns the milliseconds taken. Throws when a check fails.
  static func play(_ bytes: [UInt8]) throws -> Double {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("checks.json")
    let outcome = ScenarioBenchmark.Outcome()
    let milliseconds = try ScenarioBenchmark.measure {
      let scenario = try ScenarioLoader().decode(bytes: bytes, path: "checks.json", url: url)
      let done = DispatchSemaphore(value: 0)
      Task {
        let result = await ScenarioRunner().run(scenario)
        outcome.value.withLock { $0 = result }
        done.signal()
      }
      done.wait()
    }
    guard let result = outcome.value.withLock({ $0 }), result.passed else {
      throw BenchmarkError("the generated log-check scenario fails")
    }
    return milliseconds
  }
}
