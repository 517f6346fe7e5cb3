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
    try ScenarioBenchmark.linearitySection(
      "checks", "an events and a diagnostics check after every push", arguments: arguments,
      small: 2_000, large: 20_000, generate: generate(pushes:)
    ) { text in
      try play(text)
      return ""
    }
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
