import Foundation
import PushScenario
import PushSimDocs

/// `PushSimBenchmarks docs [small] [large] [rounds]`: the documentation page of a scenario of
/// `small` and `large` pushes (500 and 5,000) in 20 threads, built (played, every step's phone
/// drawn) and rendered to HTML, in alternating rounds (the small one as many times in a row as
/// it is smaller, averaged), every page of it (``DocsSite/stepsPerPage`` steps each); prints
/// the large / small time ratio. The target is linear: at most
/// 12 for ten times the pushes, as `device` and `layout` allow. Every step once listed the
/// whole Notification Center, and kept the device, so the runner copied its state at the next
/// step: 4,000 pushes took 8.9 s, 8,000 took 33 s.
enum DocsBenchmark {
  static func run(_ arguments: [String]) throws {
    // `docs file N PATH`: only write the generated scenario (for `pushsim docs` itself).
    if arguments.first == "file", arguments.count == 3, let pushes = Int(arguments[1]) {
      try Data(generate(pushes: pushes).utf8).write(to: URL(fileURLWithPath: arguments[2]))
      return
    }
    try ScenarioBenchmark.linearitySection(
      "docs", "a page drawing the phone after every step", arguments: arguments, small: 500,
      large: 5_000, generate: generate(pushes:)
    ) { text in
      "\(try page(text) / 1_000_000) MB of HTML"
    }
  }

  /// Messages in 20 threads whose category's summary line lists the senders (`%@` of
  /// `summary-arg`, five senders); every tenth is long-pressed and answered, and every
  /// twenty-fifth dismissed, so the center both grows and loses its newest notifications.
  static func generate(pushes: Int) -> String {
    var text = """
      { "name": "Benchmark: \(pushes) pushes, documented", "device": { "locked": false },
        "app": { "categories": [ { "id": "message", "summaryFormat": "%u more from %@",
                   "actions": [ { "id": "reply", "title": "Reply",
                                  "textInput": { "button": "Send", "placeholder": "Message" } } ] } ] },
        "steps": [

      """
    for index in 0..<pushes {
      text += """
          { "push": { "id": "p\(index)", "payload": { "aps": { "alert": { "title": "Ana \(index)", "body": "Mensaje \(index)", "summary-arg": "Sender \(index % 5)" }, "thread-id": "t\(index % 20)", "category": "message" } } } },

        """
      if index % 10 == 9 {
        text += #"    { "tap": { "id": "p\#(index)", "action": "reply", "text": "Ok" } },"# + "\n"
      } else if index % 25 == 24 {
        text += #"    { "dismiss": "p\#(index)" },"# + "\n"
      }
    }
    text += #"    { "wait": "1s" } ] }"# + "\n"
    return text
  }

  /// Plays `bytes` for the documentation and renders its page; returns the page's size.
  static func page(_ bytes: [UInt8]) throws -> Int {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("docs.json")
    let scenario = try ScenarioLoader().decode(bytes: bytes, path: "docs.json", url: url)
    let page = ScenarioBenchmark.wait {
      await DocsGenerator().document(scenario, assetFolder: "docs-files")
    }
    guard let page, page.passed else {
      throw BenchmarkError("the generated documentation scenario fails")
    }
    // Every page: the first, and those of the steps past it (`DocsSite.stepsPerPage` each).
    var bytes = DocsSite(scenarios: [page]).page(for: page).utf8.count
    let steps = page.steps
    var start = DocsSite.stepsPerPage
    var number = 2
    while start < steps.count {
      let end = min(start + DocsSite.stepsPerPage, steps.count)
      bytes +=
        HTMLStream.text { stream in
          DocsSite.writeContinuationPage(
            page: number, steps: steps[start..<end], scenario: page.name, file: page.file,
            stepCount: steps.count, pageName: "docs.html", to: &stream)
        }.utf8.count
      start = end
      number += 1
    }
    return bytes
  }
}
