import Foundation
import PushScenario
import PushSimDocs
import PushSimTestSupport
import Testing

/// The page `pushsim docs` writes for a VoIP scenario: the incoming-call interface while the
/// call rings, played by the real runner (Rules.md §14).
@Suite struct CallDocsTests {
  static func page() async throws -> (scenario: DocsScenario, html: String, name: String) {
    let scenario = try ScenarioLoader().load(
      path: "incoming-call.json", in: DocsGeneratorTests.folder)
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

  @Test func theCallRingsUntilItRingsOutAndComesDownAsABannerUnlocked() async throws {
    let (scenario, html, _) = try await Self.page()
    #expect(scenario.passed)
    let phones = scenario.steps.map(\.phone)
    // Reported on the locked phone: the screen lights and shows the call.
    let reported = try #require(phones[0])
    #expect(reported.call?.caller == "Ana <script>alert('x')</script>")
    #expect(reported.call?.hasVideo == true)
    #expect(reported.call?.appName == "Ring")
    #expect(reported.isScreenLit)
    // Still ringing 10 s on; rung out after 35 s: the lock screen again, dark.
    #expect(phones[1]?.call != nil)
    let rungOut = try #require(phones[2])
    #expect(rungOut.call == nil)
    #expect(!rungOut.isScreenLit)
    // Unlocked: the second call as a banner.
    let unlocked = try #require(phones[4])
    #expect(!unlocked.isLocked)
    #expect(unlocked.call?.caller == "Bo")
    #expect(scenario.behaviours.contains("incoming call"))
    #expect(!html.contains("<script>alert"))
    #expect(html.contains("Ana &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
    #expect(html.contains("aria-label=\"Incoming call at"))
    #expect(html.contains("<article class=\"call-banner\" data-push=\"bo\">"))
  }
}
