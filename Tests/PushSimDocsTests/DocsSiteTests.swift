import Foundation
import PushCore
import PushPayload
import PushScenario
import PushSimDocs
import PushSimTestSupport
import Testing

@Suite struct DocsSiteTests {
  @Test func escapesEveryUntrustedString() {
    #expect(
      HTMLNode.text("<script>alert('x')</script> & \"q\"").html
        == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;")
    let site = DocsSampleSite.site
    let page = site.page(for: DocsSampleSite.localizedScenario)
    #expect(!page.contains("<script>alert"))
    #expect(page.contains("&lt;script&gt;alert(&#39;owned&#39;)&lt;/script&gt;"))
    #expect(!page.contains("<b>ready</b>"))
    #expect(!page.contains("<i>render</i>"))
    #expect(page.contains("Здраво! Како си?"))
    #expect(page.contains("Crème brûlée"))
  }

  @Test func pageNamesAreUniqueSlugsOfTheFileNames() {
    let scenarios = [
      "Scenarios/chat.json", "Other/chat.json", "Scenarios/Ünïcode é.json", "index.json",
    ]
    .map { DocsScenario(name: $0, file: $0, passed: true) }
    #expect(
      DocsSite(scenarios: scenarios).pageNames
        == ["chat.html", "chat-2.html", "n-code.html", "index-2.html"])
  }

  /// A made-up name is never one a later file's own name takes, or one already made
  /// (`A.json`, `a-2.json`, `a.json` once gave two pages the name `a-2.html`); names compare
  /// without case, since file systems may fold it.
  @Test(arguments: [
    (["A.json", "a-2.json", "a.json"], ["a.html", "a-2.html", "a-3.html"]),
    (["a.json", "A.json", "a-2.json"], ["a.html", "a-3.html", "a-2.html"]),
    (
      ["x/a.json", "y/a.json", "a-2.json", "a-3.json"],
      ["a.html", "a-4.html", "a-2.html", "a-3.html"]
    ),
    (
      ["Index.json", "index-2.json", "STYLE.json"],
      ["index-3.html", "index-2.html", "style-2.html"]
    ),
  ])
  func madeUpPageNamesAreFree(files: [String], expected: [String]) {
    let names = DocsSite.pageNames(forFiles: files)
    #expect(names == expected)
    #expect(Set(names.map { $0.lowercased() }).count == files.count)
  }

  @Test func offsetsReadLikeTheRunTranscript() {
    let step = { (offset: Double) in
      DocsScenario(
        name: "t", file: "t.json", passed: true,
        steps: [DocsStep(number: 1, offset: offset, kind: "wait", title: "Wait")])
    }
    for (seconds, text) in [(0.0, "+0:00:00"), (5, "+0:00:05"), (3725.25, "+1:02:05.250")] {
      let site = DocsSite(scenarios: [step(seconds)])
      #expect(site.page(for: site.scenarios[0]).contains(">\(text)<"))
    }
  }

  @Test func payloadListingMarksKeysAndStrikesOverriddenDuplicates() {
    let payload = JSONValue(
      .object(
        JSONObject([
          JSONMember(key: "badge", value: 1),
          JSONMember(key: "badge", value: "two"),
          JSONMember(key: "chat-id", value: "<c>"),
          JSONMember(key: "list", value: [1, "a\n\"b\""]),
        ])))
    let listing = PayloadListing(
      usedPaths: ["chat-id"],
      diagnostics: [
        Diagnostic(
          .error, code: .badgeNotInteger, path: "badge", message: "not <int>", source: .device),
        Diagnostic(.warning, code: .locArgNotString, path: "list[1]", message: "m", source: .lint),
      ])
    let html = listing.html(payload)
    #expect(
      html.contains(
        "<del title=\"a later duplicate of this key wins\"><span class=\"j-key\">&quot;badge&quot;</span></del>: <span class=\"j-num\">1</span>"
      ))
    #expect(
      html.contains(
        "<mark class=\"k-error\" title=\"badge-not-integer (device): not &lt;int&gt;\"><span class=\"j-key\">&quot;badge&quot;</span></mark>"
      ))
    #expect(html.contains("<mark class=\"k-used\""))
    #expect(html.contains("&quot;&lt;c&gt;&quot;"))
    #expect(
      html.contains(
        "<mark class=\"k-warning\" title=\"loc-arg-not-string (lint): m\"><span class=\"j-str\">&quot;a\\n\\&quot;b\\&quot;&quot;</span></mark>"
      ))
  }

  @Test func indexListsEveryScenarioWithItsResultAndAFilter() {
    let index = DocsSampleSite.site.indexPage()
    #expect(index.contains("href=\"localized.html\""))
    #expect(index.contains("href=\"empty.html\""))
    #expect(
      index.contains("data-name=\"localized: cyrillic and accents &lt;i&gt;render&lt;/i&gt;\""))
    #expect(index.contains("<span class=\"result fail\">FAIL</span>"))
    #expect(index.contains("<span class=\"result pass\">PASS</span>"))
    #expect(index.contains("1 passed, 1 failed"))
    #expect(index.contains("<input id=\"search\""))
    // Offline: nothing is fetched from anywhere.
    for page in [
      index, DocsSampleSite.site.page(for: DocsSampleSite.localizedScenario),
    ] {
      #expect(!page.contains("http://"))
      #expect(!page.contains("https://"))
      #expect(!page.contains("src=\"//"))
    }
  }

  @Test func sampleSiteMatchesGoldenFiles() {
    let site = DocsSampleSite.site
    let snapshots = Repository.folder().appendingPathComponent("Snapshots/Docs")
    Golden.assertMatches(
      site.indexPage(), golden: snapshots.appendingPathComponent("sample-index.html"))
    Golden.assertMatches(
      site.page(for: site.scenarios[0]),
      golden: snapshots.appendingPathComponent("sample-localized.html"))
  }

  @Test func writesPagesStylesheetAndAssets() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-docs-sample-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let written = try DocsSampleSite.site.write(to: folder)
    // PUSHSIM_DOCS_PREVIEW=DIR also writes the sample site there, to look at in a browser.
    if let preview = ProcessInfo.processInfo.environment["PUSHSIM_DOCS_PREVIEW"] {
      _ = try DocsSampleSite.site.write(to: URL(fileURLWithPath: preview))
    }
    let names = Set(written.map { $0.path.replacingOccurrences(of: folder.path + "/", with: "") })
    #expect(
      names == [
        "style.css", "index.html", "localized.html", "empty.html", "localized-files/sneakers.png",
      ])
    // Light and dark variants, system fonts only, nothing fetched.
    let css = try String(contentsOf: folder.appendingPathComponent("style.css"), encoding: .utf8)
    #expect(css.contains("@media (prefers-color-scheme: dark)"))
    #expect(css.contains("-apple-system"))
    #expect(!css.contains("@import") && !css.contains("url(") && !css.contains("@font-face"))
    let copied = try Data(contentsOf: folder.appendingPathComponent("localized-files/sneakers.png"))
    #expect(
      copied
        == (try Data(contentsOf: DocsSampleSite.fixtures.appendingPathComponent("sneakers.png"))))
  }

  /// A page longer than many chunks is written to its file as ``DocsSite/page(for:)`` renders
  /// it; a page that cannot be put in place (a folder has its name) fails with a message and
  /// leaves no partial file.
  @Test func aLongPageIsStreamedToItsFileWhole() async throws {
    var steps: [String] = []
    for index in 0..<300 {
      steps.append(
        """
        { "push": { "id": "p\(index)", "payload": { "aps": { "alert": { "title": "<b>\(index)</b>",
          "body": "Mensaje número \(index) & más" }, "thread-id": "t\(index % 7)" } } } }
        """)
    }
    let text = """
      { "name": "Long", "device": { "locked": false }, "steps": [ \(steps.joined(separator: ",\n")) ] }
      """
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("long.json")
    let scenario = try ScenarioLoader().decode(bytes: Array(text.utf8), path: "long.json", url: url)
    let site = DocsSite(scenarios: [await DocsGenerator().document(scenario, assetFolder: "x")])
    let expected = site.page(for: site.scenarios[0])
    #expect(expected.utf8.count > 10 * HTMLStream.chunkSize)
    let folder = try TemporaryFolder()
    _ = try site.write(to: folder.url)
    let written = try String(
      contentsOf: folder.url.appendingPathComponent("long.html"), encoding: .utf8)
    #expect(written == expected)

    // A link planted where the partial file goes is replaced, not written through.
    let planted = try TemporaryFolder()
    let elsewhere = try TemporaryFolder()
    let target = elsewhere.url.appendingPathComponent("outside.html")
    try FileManager.default.createSymbolicLink(
      at: planted.url.appendingPathComponent(".long.html.partial"), withDestinationURL: target)
    _ = try site.write(to: planted.url)
    #expect(!FileManager.default.fileExists(atPath: target.path))
    #expect(
      try String(contentsOf: planted.url.appendingPathComponent("long.html"), encoding: .utf8)
        == expected)

    let blocked = try TemporaryFolder()
    try FileManager.default.createDirectory(
      at: blocked.url.appendingPathComponent("long.html/inside"), withIntermediateDirectories: true)
    #expect(throws: (any Error).self) { try site.write(to: blocked.url) }
    let left = try FileManager.default.contentsOfDirectory(atPath: blocked.url.path)
    #expect(!left.contains { $0.hasSuffix(".partial") })
  }
}
