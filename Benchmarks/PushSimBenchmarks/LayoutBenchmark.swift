import Foundation
import PushPayload
import PushScenario

/// `PushSimBenchmarks layout [pushes] [rounds]`: the same generated scenario (a check after
/// every push) decoded pretty-printed and written on one line (as `json.dump` writes it), every
/// step's position then read as a report would; prints the one-line / pretty time ratio
/// (issue 12: ~1, whatever the layout). The median of `rounds` alternating rounds is reported.
/// `layout N 1 pretty` or `layout N 1 one-line` decodes only that layout once, for counting
/// its instructions with `valgrind --tool=callgrind` on a busy machine.
enum LayoutBenchmark {
  static func run(_ arguments: [String]) throws {
    let pushes = arguments.first.flatMap(Int.init) ?? 10_000
    let rounds = arguments.dropFirst().first.flatMap(Int.init) ?? 5
    let only = arguments.dropFirst(2).first
    let pretty = Array(ScenarioBenchmark.generate(pushes: pushes).utf8)
    let oneLine = Array(try JSONDocument(parsing: pretty).root.jsonText.utf8)
    guard !oneLine.contains(UInt8(ascii: "\n")) else {
      throw BenchmarkError("the one-line scenario has a line break")
    }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("layout.json")
    func decode(_ bytes: [UInt8]) throws -> Int {
      let scenario = try ScenarioLoader().decode(bytes: bytes, path: "layout.json", url: url)
      // What a report that names every step's position would pay.
      return scenario.steps.reduce(0) { $0 + $1.location.column }
    }
    if let only {
      let columns = try decode(only == "pretty" ? pretty : oneLine)
      print("layout: decoded the \(only) \(pushes)-push scenario once (columns \(columns))")
      return
    }
    guard try decode(pretty) > 0, try decode(oneLine) > 0 else {
      throw BenchmarkError("the layout scenarios do not decode")
    }
    var prettyTimes: [Double] = []
    var oneLineTimes: [Double] = []
    for round in 0..<rounds {
      let measurePretty = {
        prettyTimes.append(ScenarioBenchmark.measure { _ = try? decode(pretty) })
      }
      let measureOneLine = {
        oneLineTimes.append(ScenarioBenchmark.measure { _ = try? decode(oneLine) })
      }
      if round % 2 == 0 {
        measurePretty()
        measureOneLine()
      } else {
        measureOneLine()
        measurePretty()
      }
    }
    let prettyMedian = StringsBenchmark.median(prettyTimes)
    let oneLineMedian = StringsBenchmark.median(oneLineTimes)
    let ratio = oneLineMedian / prettyMedian
    print(
      "layout: \(pushes)-push scenario, median of \(rounds) rounds: pretty-printed "
        + "(\(pretty.count / 1024) KiB) \(ScenarioBenchmark.format(prettyMedian)) ms, one line "
        + "(\(oneLine.count / 1024) KiB) \(ScenarioBenchmark.format(oneLineMedian)) ms, ratio "
        + "\(ScenarioBenchmark.format(ratio, digits: 2))× (target ~1)")
  }
}
