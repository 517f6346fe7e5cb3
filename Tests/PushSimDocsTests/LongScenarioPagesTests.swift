import Foundation
import PushScenario
import PushSimDocs
import PushSimTestSupport
import Testing

/// Issue 36: a 100,000-push scenario made one page of 640 MB, which no browser opens, and its
/// documentation held every step's drawing until the page was written (1.03 GB). A long
/// scenario's steps go on pages of `DocsSite.stepsPerPage`, linked from one to the next, and
/// `pushsim docs` writes the pages after the first while the scenario plays.
@Suite struct LongScenarioPagesTests {
  /// A push, then `waits` steps of one second, and a check at the end.
  static func scenario(waits: Int) throws -> Scenario {
    var text = """
      { "name": "Long", "steps": [
        { "push": { "id": "m1", "payload": { "aps": { "alert": { "title": "Hi" } } } } },

      """
    for _ in 0..<waits { text += #"    { "wait": "1s" },"# + "\n" }
    text += #"    { "expect": { "push": { "m1": { "status": "delivered" } } } } ] }"# + "\n"
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("long.json")
    return try ScenarioLoader().decode(bytes: Array(text.utf8), path: "long.json", url: url)
  }

  @Test func aLongScenarioIsSplitIntoLinkedPages() async throws {
    let perPage = DocsSite.stepsPerPage
    let stepCount = 2 * perPage + 50
    let folder = try TemporaryFolder("pushsim-long-docs")
    let (passed, failed) = try await DocsGenerator().writeSite(
      for: [Self.scenario(waits: stepCount - 2)], to: folder.url)
    #expect(passed == 1 && failed == 0)
    func page(_ name: String) throws -> String {
      try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)
    }
    let first = try page("long.html")
    let second = try page("long.2.html")
    let third = try page("long.3.html")
    #expect(!FileManager.default.fileExists(atPath: folder.path("long.4.html")))
    #expect(first.contains("Page 1 of 3, steps 1\u{2013}\(perPage) of \(stepCount)"))
    #expect(first.contains(#"href="long.2.html" rel="next""#))
    #expect(first.contains(#"id="step-\#(perPage)""#))
    #expect(!first.contains(#"id="step-\#(perPage + 1)""#))
    #expect(first.contains("PASS"))
    #expect(second.contains(#"id="step-\#(perPage + 1)""#))
    #expect(second.contains(#"href="long.html" rel="prev""#))
    #expect(second.contains(#"href="long.3.html" rel="next""#))
    #expect(
      third.contains("Page 3 of 3, steps \(2 * perPage + 1)\u{2013}\(stepCount) of \(stepCount)"))
    #expect(third.contains(#"id="step-\#(stepCount)""#))
    #expect(!third.contains(#"rel="next""#))
    #expect(third.contains("1 check holds"))
    // The site written from a whole page in memory (`DocsSite.write(to:)`) is the same.
    let whole = try TemporaryFolder("pushsim-long-docs-whole")
    let site = await DocsGenerator().site(for: [try Self.scenario(waits: stepCount - 2)])
    _ = try site.write(to: whole.url)
    for name in ["long.html", "long.2.html", "long.3.html", "index.html"] {
      let inMemory = try String(
        contentsOf: whole.url.appendingPathComponent(name), encoding: .utf8)
      #expect(inMemory == (try page(name)), "\(name)")
    }
  }

  @Test func aScenarioOfOnePageHasNoPageLinks() async throws {
    let site = await DocsGenerator().site(for: [try Self.scenario(waits: 3)])
    let scenario = try #require(site.scenarios.first)
    #expect(!site.page(for: scenario).contains("class=\"pages\""))
  }
}
