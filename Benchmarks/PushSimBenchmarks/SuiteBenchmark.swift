import Foundation
import PushScenario

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `PushSimBenchmarks suite [files] [folder]`: writes a suite of generated scenario files (10
/// to 29 pushes each, a check after every push) into `folder`, for `Benchmarks/run.sh` to time
/// `pushsim run --jobs 1` against `--jobs 2` on it (issue 12: a speed-up of at least 1.7× on
/// 2 cores).
///
/// `PushSimBenchmarks suite cpu folder [report]`: the CPU time of each phase of `pushsim run
/// --format json --output report` on one job (reading; playing and rendering each scenario's
/// part; joining and writing the report, by default to `/dev/null`) and the share of it that
/// runs on one thread whatever `--jobs` says (the last), so the speed-up `--jobs N` can reach
/// is known also on a machine too busy for wall-clock times (Amdahl's law).
enum SuiteBenchmark {
  static func run(_ arguments: [String]) throws {
    if arguments.first == "cpu", let path = arguments.dropFirst().first {
      try measurePhases(folder: path, report: arguments.dropFirst(2).first ?? "/dev/null")
      return
    }
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

  static func measurePhases(folder: String, report: String) throws {
    let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let done = DispatchSemaphore(value: 0)
    let outcome = Phases()
    Task {
      do {
        let suite = try ScenarioSuite(paths: [folder], in: directory)
        let start = processCPU()
        let scenarios = try await suite.load(jobs: 1)
        let loaded = processCPU()
        // Played and rendered on the worker tasks (on as many cores as --jobs).
        var stream = JSONReporter.Stream(JSONReporter())
        let renderer = stream
        var parts: [ReportPart] = []
        await SuiteRunner(jobs: 1).run(
          scenarios, transform: { renderer.render($0) }, handle: { parts.append($0) })
        let played = processCPU()
        // In suite order on one thread: separators, counts, writing, as `pushsim run` does
        // (each part's UTF-8 handed to the file as it is, `appendUTF8(_:writing:)`).
        // Opened (created or emptied) in place: `FileManager.createFile` writes a new file
        // and renames it over the path, which must never happen to `/dev/null`.
        let descriptor = open(report, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw BenchmarkError("cannot write \(report)") }
        let sink = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var bytes = 0
        let write = { (piece: UnsafeBufferPointer<UInt8>) -> Bool in
          bytes += piece.count
          do {
            try sink.write(contentsOf: UnsafeRawBufferPointer(piece))
            return true
          } catch {
            return false
          }
        }
        let writeText = { (text: String) -> Bool in
          var text = text
          return text.withUTF8 { write($0) }
        }
        var written = writeText(stream.start())
        for part in parts where written { written = stream.appendUTF8(part, writing: write) }
        if written { written = stream.finish(writing: writeText) }
        guard written else { throw BenchmarkError("cannot write \(report)") }
        let reported = processCPU()
        outcome.set([loaded - start, played - loaded, reported - played, Double(bytes)])
      } catch {
        outcome.set([])
      }
      done.signal()
    }
    done.wait()
    let phases = outcome.get()
    guard phases.count == 4 else { throw BenchmarkError("the suite does not load") }
    let total = phases[0] + phases[1] + phases[2]
    let serial = phases[2] / total
    print(
      "suite CPU on one job: read \(format(phases[0])) s, play and render \(format(phases[1])) s, "
        + "write the JSON report (\(Int(phases[3]) / 1024) KiB) \(format(phases[2])) s; serial share "
        + "\(format(serial * 100, digits: 1))%, so at most \(format(1 / (serial + (1 - serial) / 2), digits: 2))× "
        + "on 2 cores")
  }

  /// User and system CPU seconds of the process so far.
  static func processCPU() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
      let who = RUSAGE_SELF.rawValue
    #else
      let who = RUSAGE_SELF
    #endif
    guard getrusage(who, &usage) == 0 else { return 0 }
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }

  static func format(_ value: Double, digits: Int = 2) -> String {
    String(format: "%.\(digits)f", value)
  }

  /// The phases' CPU times, handed from the task to the benchmark's thread.
  final class Phases: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Double] = []
    func set(_ new: [Double]) { lock.withLock { values = new } }
    func get() -> [Double] { lock.withLock { values } }
  }
}
