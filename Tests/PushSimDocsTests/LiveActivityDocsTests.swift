import Foundation
import PushScenario
import PushSimDocs
import PushSimTestSupport
import Testing

/// The page `pushsim docs` writes for a Live Activity scenario: the activities on the Lock
/// Screen and in the Dynamic Island, played by the real runner.
@Suite struct LiveActivityDocsTests {
  static func page() async throws -> (scenario: DocsScenario, html: String, name: String) {
    let scenario = try ScenarioLoader().load(
      path: "live-activity.json", in: DocsGeneratorTests.folder)
    let site = await DocsGenerator().site(for: [scenario])
    let documented = try #require(site.scenarios.first)
    let name = try #require(site.pageNames.first)
    return (documented, site.page(for: documented), name)
  }

  @Test func pageMatchesGoldenFile() async throws {
    let (_, html, name) = try await Self.page()
    let snapshots = Repository.folder().appendingPathComponent("Snapshots/Docs")
    Golden.assertMatches(html, golden: snapshots.appendingPathComponent(name))
  }

  @Test func lockScreenListsActivitiesAndTheIslandShowsEachPresentation() async throws {
    let (scenario, _, _) = try await Self.page()
    #expect(scenario.passed)
    let phones = scenario.steps.map(\.phone)
    // Started on the locked phone: on the Lock Screen, not in the island.
    let started = try #require(phones[0])
    #expect(started.activities.map(\.id) == ["order"])
    #expect(
      started.activities.first?.fields.map(\.name) == ["status", "eta", "driver", "stopsAway"])
    #expect(started.activities.first?.fields.first?.value == "Preparing")
    #expect(started.island == nil)
    // Unlocked, one live activity: compact.
    #expect(phones[1]?.island?.presentation == .compact)
    // Two live activities: minimal, the second detached.
    let two = try #require(phones[2]?.island)
    #expect(two.presentation == .minimal)
    #expect(two.activity.id == "order")
    #expect(two.detached?.id == "dessert")
    // The alerting update: expanded, with its alert, and the screen lit.
    let alerted = try #require(phones[3])
    #expect(alerted.island?.presentation == .expanded)
    #expect(alerted.island?.activity.alert?.title == "<b>Almost there</b>")
    #expect(alerted.island?.activity.fields.first?.value == "On the way")
    // Ended: off the island, still on the Lock Screen below the more relevant one.
    let ended = try #require(phones[4])
    #expect(ended.island?.presentation == .compact)
    #expect(ended.island?.activity.id == "order")
    #expect(ended.activities.map(\.state) == ["active", "ended"])
    // Locked and half an hour on: stale on the Lock Screen, no island.
    let stale = try #require(phones[6])
    #expect(stale.island == nil)
    #expect(stale.activities.map(\.state) == ["stale", "ended"])
  }

  @Test func payloadTextInActivitiesIsEscaped() async throws {
    let (_, html, _) = try await Self.page()
    #expect(!html.contains("<script>alert"))
    #expect(!html.contains("<b>Almost there"))
    #expect(html.contains("<dd>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</dd>"))
    #expect(html.contains("<dd>Zoë &amp; &quot;Bo&quot;</dd>"))
    #expect(html.contains("<b>&lt;b&gt;Almost there&lt;/b&gt;</b>"))
    #expect(html.contains("class=\"island island-expanded\""))
    #expect(html.contains("class=\"island island-minimal\""))
    #expect(html.contains("class=\"island-detached\" data-activity=\"dessert\""))
  }
}
