import Foundation

/// `PushSimBenchmarks suite [files] [folder]`: writes a suite of generated scenario files (10
/// to 29 pushes each, a check after every push) into `folder`, for `Benchmarks/run.sh` to time
/// `pushsim run --jobs 1` against `--jobs 2` on it (issue 12: a speed-up of at least 1.7× on
/// 2 cores).
enum SuiteBenchmark {
  static func run(_ arguments: [String]) throws {
    let count = arguments.first.flatMap(Int.init) ?? 2_000
    let folder = URL(fileURLWithPath: arguments.dropFirst().first ?? "Benchmarks/.work/suite")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for index in 0..<count {
      let text = ScenarioBenchmark.generate(pushes: 10 + index % 20)
      let name = String(format: "scenario-%05d.json", index)
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    print("suite: \(count) scenario files in \(folder.path)")
  }
}
