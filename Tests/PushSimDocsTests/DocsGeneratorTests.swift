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
}
