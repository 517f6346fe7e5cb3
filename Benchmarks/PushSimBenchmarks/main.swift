import Foundation

/// Benchmarks, run by `Benchmarks/run.sh` (never by `swift test`). Each section is a
/// subcommand; the script times them against a baseline measured in the same run.
let sections: [String: ([String]) throws -> Void] = [
  "device": DeviceBenchmark.run,
  "layout": LayoutBenchmark.run,
  "scale": ScaleBenchmark.run,
  "strings": StringsBenchmark.run,
  "suite": SuiteBenchmark.run,
  "scenario": ScenarioBenchmark.run,
  "validate": ValidateBenchmark.main,
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let section = sections[name] else {
  FileHandle.standardError.write(
    Data("usage: PushSimBenchmarks <\(sections.keys.sorted().joined(separator: "|"))> ...\n".utf8))
  exit(2)
}
try section(Array(arguments.dropFirst()))
