import Foundation
import PushPayload
import PushScenario

/// `PushSimBenchmarks layout [pushes] [rounds]`: the same generated scenario (a check after
/// every push) decoded pretty-printed and written on one line (as `json.dump` writes it), every
/// step's position then read as a report would; prints the one-line / pretty time ratio
/// (issue 12: ~1, whatever the layout). The median of `rounds` alternating rounds is reported.
/// `layout N 1 pretty` or `layout N 1 one-line` decodes only that layout once, for counting
/// its instructions with `valgrind --tool=callgrind` on a busy machine.
///
/// `PushSimBenchmarks layout linear [small] [large] [rounds]`: the one-line scenario at `small`
/// and `large` pushes (10,000 and 100,000), each decoded with every step's position read, in
/// alternating rounds (the small one as many times in a row as it is smaller, averaged);
/// prints the large / small time ratio (issue 12: linear, at most 12 for
/// ten times the pushes, as the `device` section allows; a 100,000-push scenario on one line
/// once took over 12 minutes, each step's column counted from the start of the line).
enum LayoutBenchmark {
  static func run(_ arguments: [String]) throws {
    if arguments.first == "linear" {
      try measureLinearity(Array(arguments.dropFirst()))
      return
    }
    let pushes = arguments.first.flatMap(Int.init) ?? 10_000
    let rounds = arguments.dropFirst().first.flatMap(Int.init) ?? 5
    let only = arguments.dropFirst(2).first
    let pretty = Array(ScenarioBenchmark.generate(pushes: pushes).utf8)
    let oneLine = try oneLineText(pretty)
    if let only {
      let columns = try decode(only == "pretty" ? pretty : oneLine)
      print("layout: decoded the \(only) \(pushes)-push scenario once (columns \(columns))")
      return
    }
    guard try decode(pretty) > 0, try decode(oneLine) > 0 else {
      throw BenchmarkError("the layout scenarios do not decode")
    }
    let (prettyMedian, oneLineMedian) = medianDecodeTimes(pretty, oneLine, rounds: rounds)
    let ratio = oneLineMedian / prettyMedian
    print(
      "layout: \(pushes)-push scenario, median of \(rounds) rounds: pretty-printed "
        + "(\(pretty.count / 1024) KiB) \(ScenarioBenchmark.format(prettyMedian)) ms, one line "
        + "(\(oneLine.count / 1024) KiB) \(ScenarioBenchmark.format(oneLineMedian)) ms, ratio "
        + "\(ScenarioBenchmark.format(ratio, digits: 2))× (target ~1)")
  }

  /// The generated scenario of `pushes` written on one line, as `json.dump` writes it.
  static func oneLineText(_ pretty: [UInt8]) throws -> [UInt8] {
    let oneLine = Array(try JSONDocument(parsing: pretty).root.jsonText.utf8)
    guard !oneLine.contains(UInt8(ascii: "\n")) else {
      throw BenchmarkError("the one-line scenario has a line break")
    }
    return oneLine
  }

  /// Decodes a scenario and reads every step's position, as a report that names them does;
  /// returns the sum of the columns (checked to be positive, so the work is not skipped).
  static func decode(_ bytes: [UInt8]) throws -> Int {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("layout.json")
    let scenario = try ScenarioLoader().decode(bytes: bytes, path: "layout.json", url: url)
    return scenario.steps.reduce(0) { $0 + $1.location.column }
  }

  /// The median decoding times (ms) of two scenarios over `rounds` rounds
  /// (``ScenarioBenchmark/medianTimes(rounds:firstRepeat:_:_:)``), the first decoded
  /// `firstRepeat` times in a row a round.
  static func medianDecodeTimes(
    _ first: [UInt8], _ second: [UInt8], rounds: Int, firstRepeat: Int = 1
  ) -> (Double, Double) {
    ScenarioBenchmark.medianTimes(rounds: rounds, firstRepeat: firstRepeat) {
      _ = try? decode(first)
    } _: {
      _ = try? decode(second)
    }
  }

  /// `layout linear`: the one-line scenario at two sizes, median of alternating rounds.
  static func measureLinearity(_ arguments: [String]) throws {
    let small = arguments.first.flatMap(Int.init) ?? 10_000
    let large = arguments.dropFirst().first.flatMap(Int.init) ?? 100_000
    let rounds = arguments.dropFirst(2).first.flatMap(Int.init) ?? 3
    let smallText = try oneLineText(Array(ScenarioBenchmark.generate(pushes: small).utf8))
    let largeText = try oneLineText(Array(ScenarioBenchmark.generate(pushes: large).utf8))
    guard try decode(smallText) > 0, try decode(largeText) > 0 else {
      throw BenchmarkError("the one-line scenarios do not decode")
    }
    let repeats = max(1, large / max(1, small))
    let (smallMedian, largeMedian) = medianDecodeTimes(
      smallText, largeText, rounds: rounds, firstRepeat: repeats)
    print(
      "layout: one-line scenario, median of \(rounds) rounds: \(large) pushes "
        + "(\(largeText.count / 1024) KiB, one line) \(ScenarioBenchmark.format(largeMedian)) ms, "
        + "\(small) pushes \(ScenarioBenchmark.format(smallMedian)) ms (the average of "
        + "\(repeats) in a row), "
        + ScenarioBenchmark.linearity(ratio: largeMedian / smallMedian, small: small, large: large))
  }
}
