import Foundation
import PushScenario

/// `PushSimBenchmarks scale PUSHES SCENARIO PAYLOADS`: writes the generated scenario of
/// `PUSHES` pushes (``ScenarioBenchmark/generate(pushes:)``: one step per line, a check after
/// every push) to `SCENARIO`, and the request body of each of its pushes, one per line, to
/// `PAYLOADS`, for `Benchmarks/run.sh scale` to time `pushsim run --format json` at 10,000 and
/// 100,000 pushes (issue 12: at most 10× the time, peak memory at most 300 MB) and against
/// `pushsim validate --jsonl` of the same bodies (at most 5×).
enum ScaleBenchmark {
  static func run(_ arguments: [String]) throws {
    guard arguments.count == 3, let pushes = Int(arguments[0]), pushes > 0 else {
      throw BenchmarkError("usage: PushSimBenchmarks scale PUSHES SCENARIO PAYLOADS")
    }
    let text = ScenarioBenchmark.generate(pushes: pushes)
    let scenarioURL = URL(fileURLWithPath: arguments[1])
    let bytes = Array(text.utf8)
    try Data(bytes).write(to: scenarioURL)
    // The bodies exactly as the scenario sends them (inline payloads written compactly).
    let scenario = try ScenarioLoader().decode(
      bytes: bytes, path: scenarioURL.lastPathComponent, url: scenarioURL)
    var lines: [UInt8] = []
    lines.reserveCapacity(pushes * 200)
    for step in scenario.steps {
      guard case .push(let push) = step.action else { continue }
      lines.append(contentsOf: push.body)
      lines.append(UInt8(ascii: "\n"))
    }
    try Data(lines).write(to: URL(fileURLWithPath: arguments[2]))
    print(
      "scale: \(pushes) pushes, \(bytes.count / 1024) KiB scenario, \(lines.count / 1024) KiB of bodies"
    )
  }
}
