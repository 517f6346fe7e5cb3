import Foundation
import PushScenario
import PushSimDocs
import PushSimTestSupport
import Testing

/// The site `pushsim docs` writes for two fixture scenarios, played by the real runner.
@Suite struct DocsGeneratorTests {
  static let folder = Repository.folder().appendingPathComponent("Fixtures/Docs/Scenarios")
  static let files = ["localized-thread.json", "rich-levels.json"]

  static func site() async throws -> DocsSite {
    let loader = ScenarioLoader()
    let scenarios = try files.map { file throws(ScenarioError) in
      try loader.load(path: file, in: folder)
    }
    return await DocsGenerator().site(for: scenarios)
  }

  @Test func pagesMatchGoldenFiles() async throws {
    let site = try await Self.site()
    let snapshots = Repository.folder().appendingPathComponent("Snapshots/Docs")
    Golden.assertMatches(site.indexPage(), golden: snapshots.appendingPathComponent("index.html"))
    for (scenario, pageName) in zip(site.scenarios, site.pageNames) {
      Golden.assertMatches(
        site.page(for: scenario),
        golden: snapshots.appendingPathComponent(pageName))
    }
  }

  @Test func threadStacksWithItsSummaryAndALongPressShowsTheActions() async throws {
    let site = try await Self.site()
    let scenario = try #require(site.scenarios.first)
    #expect(scenario.passed)
    let steps = scenario.steps
    // After m3: one stack of three, m3 leading, the category's summary line.
    let afterThird = try #require(steps[3].phone)
    #expect(afterThird.groups.count == 1)
    #expect(afterThird.groups.first?.leading.push == "m3")
    #expect(afterThird.groups.first?.moreCount == 2)
    #expect(afterThird.groups.first?.summary == "још 2 порука")
    #expect(afterThird.badge == 3)
    // The localized title, in Cyrillic.
    let afterFirst = try #require(steps[0].phone)
    #expect(afterFirst.groups.first?.leading.title == "Нова порука од Ана")
    // The long press before the reply: the category's actions, reply chosen.
    let press = try #require(steps[6].gesture?.longPress)
    #expect(press.actions.map(\.title) == ["Одговори", "Утишај"])
    #expect(press.actions.last?.isDestructive == true)
    #expect(press.chosen == "reply")
    #expect(press.card.hidesPreview)
    // The typo `thread_id` is not marked as read; `thread-id` and the route's key are.
    let push = try #require(steps[3].push)
    #expect(push.usedPaths.contains("aps.thread-id"))
    #expect(push.usedPaths.contains("chat-id"))
    #expect(!push.usedPaths.contains("aps.thread_id"))
    #expect(scenario.behaviours.contains("localization"))
    #expect(scenario.behaviours.contains("grouped stack"))
  }

  @Test func levelsFocusMuteAndAttachmentsAreDrawnAndAFailedCheckFails() async throws {
    let site = try await Self.site()
    let scenario = try #require(site.scenarios.last)
    #expect(!scenario.passed)
    let expect = try #require(scenario.steps.last)
    #expect(expect.failures.map(\.path) == ["badge"])
    let first = try #require(scenario.steps.first?.phone)
    #expect(first.focus == "Trabajo")
    #expect(first.isMuted)
    #expect(first.banner?.interruptionLevel == .timeSensitive)
    let thumbnail = try #require(first.banner?.thumbnail)
    #expect(scenario.assets.map(\.path) == [thumbnail])
    #expect(thumbnail.hasPrefix("rich-levels-files/"))
    let rejected = try #require(scenario.steps[3].push)
    #expect(!rejected.accepted)
    #expect(rejected.payload == nil)
    #expect(rejected.rawText.contains("<b>not json"))
    let page = site.page(for: scenario)
    #expect(page.contains("&lt;b&gt;not json"))
    #expect(!page.contains("<b>not json"))
  }

  /// Seven threads: a drawing lists the four newest stacks and counts the rest; a dismissed
  /// leading notification hands its stack's place to the one under it.
  @Test func phoneListsTheNewestStacksAndCountsTheRest() async throws {
    var steps: [String] = []
    for (index, thread) in ["t1", "t2", "t3", "t4", "t5", "t6", "t2", "t7"].enumerated() {
      let sender = index == 1 ? "Ana" : index == 6 ? "Ben" : ""
      steps.append(
        """
        { "push": { "id": "p\(index + 1)", "payload": { "aps": { "alert": { "body": "m\(index + 1)",
          "summary-arg": "\(sender)" }, "thread-id": "\(thread)", "category": "message" } } } }
        """)
    }
    steps += [#"{ "dismiss": "p8" }"#, #"{ "dismiss": "p7" }"#]
    let text = """
      { "name": "Seven threads", "device": { "locked": false },
        "app": { "categories": [ { "id": "message", "summaryFormat": "%u more from %@" } ] },
        "steps": [ \(steps.joined(separator: ",\n")) ] }
      """
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("stacks.json")
    let scenario = try ScenarioLoader().decode(
      bytes: Array(text.utf8), path: "stacks.json", url: url)
    let page = await DocsGenerator().document(scenario, assetFolder: "stacks-files")
    #expect(page.passed)
    let phones = try page.steps.map { try #require($0.phone) }
    try #require(phones.count == 10)
    // After p8: t7, t2 (p7 on p2), t6, t5 shown; t4, t3 and t1 counted.
    #expect(phones[7].groups.map(\.thread) == ["t7", "t2", "t6", "t5"])
    #expect(phones[7].moreGroups == 3)
    #expect(phones[7].groups[1].leading.push == "p7")
    #expect(phones[7].groups[1].moreCount == 1)
    #expect(phones[7].groups[1].summary == "1 more from Ben, Ana")
    // p8 dismissed: t7 is gone.
    #expect(phones[8].groups.map(\.thread) == ["t2", "t6", "t5", "t4"])
    #expect(phones[8].moreGroups == 2)
    // p7 dismissed: t2 is led by p2 again, older than t3.
    #expect(phones[9].groups.map(\.thread) == ["t6", "t5", "t4", "t3"])
    #expect(phones[9].moreGroups == 2)
    let site = DocsSite(scenarios: [page])
    #expect(site.page(for: page).contains("2 more stacks below"))
  }

  /// Writing the site a scenario at a time, on two jobs, gives the files the whole site gives.
  @Test func writingAScenarioAtATimeGivesTheWholeSite() async throws {
    let loader = ScenarioLoader()
    let scenarios = try Self.files.map { file throws(ScenarioError) in
      try loader.load(path: file, in: Self.folder)
    }
    let whole = try TemporaryFolder()
    let streamed = try TemporaryFolder()
    let written = try await DocsGenerator().site(for: scenarios).write(to: whole.url)
    let counts = try await DocsGenerator().writeSite(for: scenarios, to: streamed.url, jobs: 2)
    #expect(counts.passed == 1 && counts.failed == 1)
    #expect(written.count == 5)
    for file in written {
      let name = String(file.path.dropFirst(whole.url.path.count + 1))
      let copy = streamed.url.appendingPathComponent(name)
      #expect(try Data(contentsOf: copy) == Data(contentsOf: file), "\(name)")
    }
  }
}
