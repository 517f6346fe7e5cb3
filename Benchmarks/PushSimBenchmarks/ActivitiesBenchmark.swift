import Foundation
import PushScenario

/// `PushSimBenchmarks activities once N` times one run of N activities (what run.sh compares,
/// each run in a process of its own). `PushSimBenchmarks activities [small] [large] [rounds]`:
/// the same in one process: a scenario in which the app starts
/// `small` and `large` Live Activities (5,000 and 20,000) one after the other, each updated
/// and ended by pushes to its token and dismissed at once, decoded and played in alternating
/// rounds (the small one as many times in a row as it is smaller, averaged); prints the large /
/// small time ratio. The target is linear: at most 4.5 for four times the activities. Every
/// start once counted the live activities among all those ever started, and every push looked
/// its activity up by walking them: 5,000 / 10,000 / 20,000 activities took 1.2 / 5.0 / 24 s.
enum ActivitiesBenchmark {
  static func run(_ arguments: [String]) throws {
    // `activities once N`: one run of N activities in this process, its time in milliseconds
    // (run.sh starts each in a process of its own: see there).
    if arguments.first == "once", let count = arguments.dropFirst().first.flatMap(Int.init) {
      let text = Array(generate(activities: count).utf8)
      let milliseconds = try ScenarioBenchmark.measure { try play(text) }
      print(ScenarioBenchmark.format(milliseconds, digits: 1))
      return
    }
    // The issue's target: 4.5 for four times the activities (linear within an eighth).
    let small = arguments.first.flatMap(Int.init) ?? 5_000
    let large = arguments.dropFirst().first.flatMap(Int.init) ?? 20_000
    try ScenarioBenchmark.linearitySection(
      "activities", "Live Activities started, updated, ended and dismissed one after the other",
      arguments: arguments, small: small, large: large, unit: "activities",
      bound: 1.125 * Double(large) / Double(max(1, small)), generate: generate(activities:)
    ) { text in
      try play(text)
      return ""
    }
  }

  /// An app whose `DeliveryAttributes` activities each start, take an update and an end push
  /// (priority 5, outside the priority-10 budget) and leave the Lock Screen at once; a check
  /// at the end reads the last one.
  static func generate(activities: Int) -> String {
    let start = 1_767_258_000  // DeviceConfiguration.defaultStart
    let headers =
      #""headers": { "apns-push-type": "liveactivity", "apns-priority": "5", "#
      + #""apns-topic": "com.example.delivery.push-type.liveactivity" }"#
    var text = """
      { "name": "Benchmark: \(activities) Live Activities",
        "app": { "bundleId": "com.example.delivery", "name": "Delivery", "state": "foreground",
                 "activities": [ { "type": "DeliveryAttributes", "attributes": { "orderId": "String" },
                                   "contentState": { "status": "String", "stopsAway": "Int" } } ] },
        "steps": [

      """
    for index in 0..<activities {
      let time = start + 10 * index
      text += """
          { "startActivity": { "id": "a\(index)", "type": "DeliveryAttributes", "pushType": "token", "attributes": { "orderId": "o\(index)" }, "contentState": { "status": "Preparing", "stopsAway": 3 } } },
          { "push": { "id": "u\(index)", "to": "activity:a\(index)", \(headers),
              "payload": { "aps": { "event": "update", "timestamp": \(time + 1), "content-state": { "status": "On its way", "stopsAway": 1 } } } } },
          { "push": { "id": "e\(index)", "to": "activity:a\(index)", \(headers),
              "payload": { "aps": { "event": "end", "timestamp": \(time + 2), "dismissal-date": \(time), "content-state": { "status": "Delivered", "stopsAway": 0 } } } } },
          { "wait": "10s" },

        """
    }
    let last = activities - 1
    // Every activity's 8-hour timer fires in both sizes (else the small one, 14 virtual hours
    // long, would leave most of them pending and cost less per activity).
    text += """
        { "wait": "9h" },
        { "expect": { "activities": { "a\(last)": { "state": "dismissed", "contentState": { "status": "Delivered" } } },
                      "lockScreenActivities": [] } } ] }

      """
    return text
  }

  /// Decodes and plays `bytes`. Throws when the check fails.
  static func play(_ bytes: [UInt8]) throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("activities.json")
    let scenario = try ScenarioLoader().decode(bytes: bytes, path: "activities.json", url: url)
    guard let result = ScenarioBenchmark.play(scenario), result.passed else {
      throw BenchmarkError("the generated Live Activities scenario fails")
    }
  }
}
