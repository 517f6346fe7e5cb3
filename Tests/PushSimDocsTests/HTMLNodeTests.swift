import Foundation
import PushCore
import PushPayload
import PushSimDocs
import PushSimTestSupport
import Testing

/// The node tree the site is built from: text and attribute values are escaped when they
/// render, void elements have no end tag, attributes keep their order.
@Suite struct HTMLNodeTests {
  @Test func textIsEscapedWhenItRenders() {
    let hostile = "</script><script>alert('x')</script> & \"q\"\u{0}"
    #expect(
      HTMLNode.text(hostile).html
        == "&lt;/script&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;\u{FFFD}"
    )
    let inside = element("p", ["class": "note"]) { hostile }
    #expect(
      inside.html
        == "<p class=\"note\">&lt;/script&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; "
        + "&amp; &quot;q&quot;\u{FFFD}</p>")
    // Text that needs nothing stays as it is, whatever its script.
    #expect(HTMLNode.text("Здраво · Crème brûlée 漢").html == "Здраво · Crème brûlée 漢")
  }

  @Test func attributeValuesAreEscapedSoTheyCannotCloseTheirQuotes() {
    let link = element("a", ["href": "x\" onclick=\"steal()", "title": "<'&>"]) { "go" }
    #expect(
      link.html
        == "<a href=\"x&quot; onclick=&quot;steal()\" title=\"&lt;&#39;&amp;&gt;\">go</a>")
  }

  @Test func attributesKeepTheirOrderAndNilOrFalseLeavesThemOut() {
    let none: String? = nil
    let details = element(
      "details", ["class": "events", "id": none, "open": true, "hidden": false, "lang": "sr"])
    #expect(details.html == "<details class=\"events\" open lang=\"sr\"></details>")
  }

  @Test func constantsAreWrittenAsTheyAre() {
    #expect(HTMLNode.trusted("<!DOCTYPE html>").html == "<!DOCTYPE html>")
    let tag = element("span", ["title": "PushSim's model" as TrustedHTML]) { "model" }
    #expect(tag.html == "<span title=\"PushSim's model\">model</span>")
  }

  @Test func voidElementsHaveNoEndTagAndNoContent() {
    #expect(element("br").html == "<br>")
    #expect(
      element("img", ["class": "thumb", "src": "a&b.png", "alt": "attachment"]).html
        == "<img class=\"thumb\" src=\"a&amp;b.png\" alt=\"attachment\">")
    #expect(element("input", ["id": "search"]) { "dropped" }.html == "<input id=\"search\">")
    #expect(element("meta", ["charset": "utf-8"]).endTagLength == 0)
    // Other elements always close, even empty.
    #expect(element("div", ["class": "plate"]).html == "<div class=\"plate\"></div>")
    #expect(element("div").endTagLength == "</div>".utf8.count)
  }

  @Test func theBuilderTakesConditionsLoopsAndSwitches() {
    let items = ["a<", "b&"]
    let marked = true
    let list = element("ul") {
      for item in items {
        element("li") { item }
      }
      if marked {
        element("li", ["class": "marked"]) { "yes" }
      } else {
        "never"
      }
      switch items.count {
      case 2: "two"
      default: []
      }
      fragment {
        element("br")
        "\n"
      }
    }
    #expect(
      list.html
        == "<ul><li>a&lt;</li><li>b&amp;</li><li class=\"marked\">yes</li>two<br>\n</ul>")
  }

  @Test func renderedLengthCountsUTF8Bytes() {
    let node = element("b", ["title": "«é»"]) { "Ана & co" }
    #expect(node.renderedLength == node.html.utf8.count)
    #expect(node.renderedLength > node.html.count)
  }
}

/// Every string that comes from a scenario, a payload or the device lands escaped in the
/// pages, wherever the page puts it.
@Suite struct HostileTextTests {
  /// Text that would open a script, close an attribute or start an element if written as is.
  static let hostile = "</script><script>alert(\"x\")</script><hostile a='1'> & \" onmouseover=\"y"
  static let escaped =
    "&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;hostile a=&#39;1&#39;&gt; "
    + "&amp; &quot; onmouseover=&quot;y"

  static var card: PhoneSnapshot.Card {
    PhoneSnapshot.Card(
      push: hostile, appName: hostile, title: hostile, subtitle: hostile,
      body: String(repeating: hostile + " ", count: 8), date: DocsSampleSite.start,
      interruptionLevel: .timeSensitive, hidesPreview: false, thumbnail: hostile)
  }

  static var scenario: DocsScenario {
    let hostile = Self.hostile
    let payload = JSONValue(
      .object(
        JSONObject([
          JSONMember(key: hostile, value: JSONValue(.string(hostile))),
          JSONMember(key: "list", value: JSONValue(.array([JSONValue(.string(hostile))]))),
        ])))
    let diagnostic = Diagnostic(
      .warning, code: .wrongType, path: "list[0]", message: hostile, source: .model)
    let activity = PhoneSnapshot.Activity(
      id: hostile, type: hostile, appName: hostile, state: hostile,
      fields: [.init(name: hostile, value: hostile)], alert: .init(title: hostile, body: hostile))
    var locked = PhoneSnapshot(
      time: DocsSampleSite.start, focus: hostile, isMuted: true, badge: 1, appName: hostile,
      groups: [.init(thread: hostile, leading: card, moreCount: 1, summary: hostile)],
      longPress: .init(
        card: card,
        actions: [
          .init(
            identifier: hostile, title: hostile, opensApp: false, textInputPlaceholder: hostile)
        ], chosen: hostile),
      sound: hostile)
    locked.activities = [activity]
    var unlocked = PhoneSnapshot(
      time: DocsSampleSite.start, isLocked: false, appName: hostile, banner: card)
    unlocked.island = .init(presentation: .minimal, activity: activity, detached: activity)
    return DocsScenario(
      name: hostile, description: hostile, file: hostile, passed: false, behaviours: [hostile],
      failures: [hostile],
      steps: [
        DocsStep(
          number: 1, offset: 0, kind: hostile, title: hostile, note: hostile,
          push: DocsPush(
            id: hostile, payload: payload, rawText: hostile, bytes: 1,
            headers: [(name: hostile, value: hostile)], accepted: false, httpStatus: 400,
            reason: hostile, diagnostics: [diagnostic], usedPaths: [hostile]),
          events: [
            DocsEvent(offset: 0, kind: hostile, push: hostile, source: .device, reason: hostile)
          ],
          failures: [
            DocsFailure(path: hostile, expected: hostile, actual: hostile, message: hostile)
          ],
          phone: unlocked, gesture: locked),
        DocsStep(
          number: 2, offset: 1, kind: "push", title: "raw",
          push: DocsPush(id: "r", payload: nil, rawText: hostile, bytes: 1)),
      ])
  }

  /// The element names the site writes; anything else in a page came from input.
  static let siteElements: Set<String> = [
    "html", "head", "meta", "title", "link", "body", "header", "nav", "h1", "h2", "p", "label",
    "input", "main", "ul", "ol", "li", "a", "span", "code", "b", "br", "div", "details",
    "summary", "table", "tr", "th", "td", "pre", "mark", "del", "figure", "figcaption",
    "section", "article", "img", "dl", "dt", "dd", "blockquote", "footer", "script", "svg",
    "rect", "path", "circle",
  ]

  /// The names of every start and end tag in `html`.
  static func elementNames(in html: String) throws -> Set<String> {
    let pattern = try NSRegularExpression(pattern: "</?([A-Za-z][A-Za-z0-9-]*)")
    let range = NSRange(html.startIndex..., in: html)
    return Set(
      pattern.matches(in: html, range: range).compactMap { match in
        Range(match.range(at: 1), in: html).map { String(html[$0]) }
      })
  }

  @Test func aHostileScenarioPageShowsItsTextAndRunsNothing() throws {
    let site = DocsSite(scenarios: [Self.scenario])
    let page = site.page(for: site.scenarios[0])
    let names = try Self.elementNames(in: page)
    #expect(names.isSubset(of: Self.siteElements), "\(names.subtracting(Self.siteElements))")
    #expect(!page.contains("<script"))
    #expect(!page.contains("<hostile"))
    #expect(!page.contains("\" onmouseover"))
    #expect(!page.contains("a='1'"))
    // Shown, escaped, in every place it was given: title, text, attributes, payload, drawing.
    #expect(page.components(separatedBy: Self.escaped).count > 40)
    #expect(page.contains("<title>\(Self.escaped)</title>"))
    #expect(page.contains("data-thread=\"\(Self.escaped)\""))
    #expect(page.contains("<dd>\(Self.escaped)</dd>"))
    #expect(page.contains("<pre class=\"payload\">\(Self.escaped)</pre>"))
    #expect(page.contains("title=\"wrong-type (model): \(Self.escaped)\""))
  }

  @Test func aHostileIndexHasOnlyItsOwnScript() throws {
    let index = DocsSite(scenarios: [Self.scenario]).indexPage()
    let names = try Self.elementNames(in: index)
    #expect(names.isSubset(of: Self.siteElements), "\(names.subtracting(Self.siteElements))")
    #expect(index.components(separatedBy: "<script").count == 2)
    #expect(index.components(separatedBy: "</script>").count == 2)
    #expect(index.contains("<span class=\"name\">\(Self.escaped)</span>"))
    #expect(index.contains("data-name=\"\(Self.escaped.lowercased())\""))
  }
}

/// No source file of the site builds markup out of strings: markup comes from `HTMLNode`s,
/// so a value cannot reach a page unescaped. Only the renderer (`HTMLNode.swift`) writes tags.
@Suite struct StringBuiltMarkupTests {
  /// Lines that build markup from strings: a tag in a string literal on a line with an
  /// interpolation, a tag literal joined with `+`, or a call to an escape function.
  static func stringBuiltMarkup(in source: String) throws -> [String] {
    let tag = #"(?<![.])</?[a-z][a-z0-9]*[ >\\/]"#
    let patterns = try [
      // "<li>\(name)</li>", and the same in a multi-line literal.
      NSRegularExpression(pattern: tag + #".*\\\(|\\\(.*"# + tag),
      // html += "<li>" + name, "<b>" + name
      NSRegularExpression(pattern: #"\+=?\s*"[^\n]*"# + tag + "|" + tag + #"[^\n]*"\s*\+"#),
      // HTML.escape(name)
      NSRegularExpression(pattern: #"\bescape\("#),
    ]
    return source.split(separator: "\n", omittingEmptySubsequences: false).compactMap {
      line -> String? in
      let text = String(line)
      guard !text.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { return nil }
      let range = NSRange(text.startIndex..., in: text)
      let found = patterns.contains { $0.firstMatch(in: text, range: range) != nil }
      return found ? text : nil
    }
  }

  @Test func theScanFindsMarkupBuiltFromStrings() throws {
    for line in [
      #"    html += "<li class=\"x\">\(HTML.escape(name))</li>""#,
      #"    output += "<span class=\"j-key\">" + key"#,
      #"    let cell = "<td>" + value + "</td>""#,
      #"    <title>\(title)</title>"#,
      #"    let safe = escape(name)"#,
    ] {
      #expect(try Self.stringBuiltMarkup(in: line) == [line])
    }
    for line in [
      #"    element("li", ["class": "step-\(kind)"]) { name }"#,
      #"    "<rect x=\"5\" y=\"10.5\" fill=\"currentColor\"/>","#,
      #"    for index in 0..<plates { "\(index)" }"#,
      #"    /// `<figure class="phone">` with "\(label)""#,
      #"    let names: Set<String> = ["\(a)"]"#,
    ] {
      #expect(try Self.stringBuiltMarkup(in: line).isEmpty, "\(line)")
    }
  }

  @Test func theSiteBuildsMarkupOnlyThroughNodes() throws {
    let folder = Repository.url("Sources/PushSimDocs")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") && $0 != "HTMLNode.swift" }
    // The files that draw pages are scanned (a wrong folder must not pass with nothing read).
    #expect(
      Set(["DocsSite.swift", "PhoneSnapshot+HTML.swift", "PayloadListing.swift"])
        .isSubset(of: Set(files)))
    for file in files.sorted() {
      let source = try String(
        contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let offenders = try Self.stringBuiltMarkup(in: source)
      #expect(
        offenders.isEmpty,
        "\(file) builds markup from strings:\n\(offenders.joined(separator: "\n"))")
    }
  }
}
