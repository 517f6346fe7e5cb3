import Foundation

/// Benchmarks, run by `Benchmarks/run.sh` (never by `swift test`). Each section is a
/// subcommand; the script times them against a baseline measured in the same run.
var sections: [String: ([String]) throws -> Void] = [
  "activities": ActivitiesBenchmark.run,
  "catalog": CatalogBenchmark.run,
  "checks": ChecksBenchmark.run,
  "device": DeviceBenchmark.run,
  "docs": DocsBenchmark.run,
  "inflate": InflateBenchmark.run,
  "layout": LayoutBenchmark.run,
  "local": LocalBenchmark.run,
  "scale": ScaleBenchmark.run,
  "strings": StringsBenchmark.run,
  "suite": SuiteBenchmark.run,
  "scenario": ScenarioBenchmark.run,
  "validate": ValidateBenchmark.main,
]
#if os(Linux)
  sections["hosted"] = HostedBenchmark.run
  sections["applog"] = AppLogBenchmark.run
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let section = sections[name] else {
  FileHandle.standardError.write(
    Data("usage: PushSimBenchmarks <\(sections.keys.sorted().joined(separator: "|"))> ...\n".utf8))
  exit(2)
}
// A file that cannot be read or written is reported, with a non-zero status, not a crash.
do {
  try section(Array(arguments.dropFirst()))
} catch let error as CocoaError {
  let file = error.filePath.map { "\($0): " } ?? ""
  FileHandle.standardError.write(
    Data("PushSimBenchmarks \(name): \(file)\(error.localizedDescription)\n".utf8))
  exit(1)
} catch {
  FileHandle.standardError.write(Data("PushSimBenchmarks \(name): \(error)\n".utf8))
  exit(1)
}
