public import Foundation
import PushCore
import PushPayload
import PushScenario

/// The behaviour documentation site: `index.html`, a page per scenario, a stylesheet and the
/// attachment images, written by `pushsim docs` (CommandLine.md).
///
/// The pages are static HTML5 in UTF-8: they fetch nothing (no fonts, scripts or images from
/// anywhere; the only script is the index's inline search filter) and work from a `file://`
/// URL in any browser. Pages are built from `HTMLNode`s, which escape every text and attribute
/// value when they render. The output is deterministic (no wall-clock time, stable order), so
/// it can be kept under version control.
public struct DocsSite: Sendable {
  /// The scenarios, in the order the index lists them.
  package let scenarios: [DocsScenario]
  /// Each scenario's page file name (`chat-thread.html`), unique within the site.
  package let pageNames: [String]

  /// Creates a site; page names come from the scenario files' names.
  /// - Complexity: O(n) in the number of scenarios.
  package init(scenarios: [DocsScenario]) {
    self.scenarios = scenarios
    self.pageNames = Self.pageNames(forFiles: scenarios.map(\.file))
  }

  /// The page file names for scenario files, in order: the file's name without `.json`, as a
  /// slug (`index` and `style` are taken by the site). A slug several files share goes to the
  /// first of them; each later one gets the first of `-2`, `-3`… that is free, free meaning
  /// that no file has it as its own slug and no earlier file was given it, so `A.json`,
  /// `a-2.json`, `a.json` give `a.html`, `a-2.html`, `a-3.html`. Names are compared without
  /// case (file systems may fold it; slugs are lowercase anyway), and depend only on the list,
  /// so every run names the pages alike.
  /// - Complexity: O(n) in the number of files, plus the suffixes tried past taken names.
  package static func pageNames(forFiles files: [String]) -> [String] {
    let slugs = files.enumerated().map { offset, file in
      let fileName = file.split(separator: "/").last.map(String.init) ?? file
      let stem = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
      return HTML.slug(stem, fallback: "scenario-\(offset + 1)").lowercased()
    }
    // First pass: each slug goes to the first file that has it.
    var taken: Set<String> = ["index", "style"]
    var names: [String?] = slugs.map { taken.insert($0).inserted ? $0 : nil }
    // Second pass: the others, in order, take the next free suffix of their slug.
    var nextSuffix: [String: Int] = [:]
    for index in names.indices where names[index] == nil {
      let slug = slugs[index]
      var suffix = nextSuffix[slug, default: 2]
      while taken.contains("\(slug)-\(suffix)") { suffix += 1 }
      let name = "\(slug)-\(suffix)"
      taken.insert(name)
      nextSuffix[slug] = suffix + 1
      names[index] = name
    }
    return names.map { ($0 ?? "scenario") + ".html" }
  }

  /// The folder (relative to the site) where a page's assets go: `<page>-files`.
  package static func assetFolder(forPage pageName: String) -> String {
    (pageName.hasSuffix(".html") ? String(pageName.dropLast(5)) : pageName) + "-files"
  }

  /// Writes the site into `directory` (created if needed): `style.css`, one page per scenario
  /// with its assets, and `index.html` last. Returns the files written.
  public func write(to directory: URL) throws -> [URL] {
    var writer = try Writer(directory: directory)
    for (scenario, pageName) in zip(scenarios, pageNames) {
      writer.record(scenario, files: try Writer.writePage(scenario, named: pageName, in: directory))
    }
    return try writer.finish()
  }

  /// Writes the markup `write` streams into `url`, chunk by chunk, as `Data.write(to:options:
  /// .atomic)` would write it whole: into a temporary file beside it, renamed over `url` once
  /// complete, so a reader never sees half a page and a failed write leaves the old one.
  static func writeStreamed(to url: URL, _ write: (inout HTMLStream) -> Void) throws {
    let folder = url.deletingLastPathComponent()
    let partial = folder.appendingPathComponent(".\(url.lastPathComponent).partial")
    // A leftover, or a link planted under that name, is removed (a link itself, not what it
    // points to), so the page is written into a new file of its own.
    try? FileManager.default.removeItem(at: partial)
    guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
      throw SiteWriteError("cannot create \(partial.path)")
    }
    var failure: (any Error)?
    do {
      let handle = try FileHandle(forWritingTo: partial)
      var stream = HTMLStream { chunk in
        do {
          try handle.write(contentsOf: Data(chunk.utf8))
          return true
        } catch {
          failure = error
          return false
        }
      }
      write(&stream)
      stream.finish()
      try handle.close()
      if let failure { throw failure }
      guard rename(partial.path, url.path) == 0 else {
        throw SiteWriteError("cannot rename \(partial.path) to \(url.lastPathComponent)")
      }
    } catch {
      try? FileManager.default.removeItem(at: partial)
      throw error
    }
  }

  /// A site file's path inside the output folder must not pass through a symbolic link (an
  /// existing `assets` link to elsewhere would make the site write outside the folder).
  static func refuseLinks(from directory: URL, to target: URL) throws {
    var current = directory
    let base = directory.pathComponents.count
    for component in target.pathComponents.dropFirst(base) {
      current.appendPathComponent(component)
      let type = try? FileManager.default.attributesOfItem(atPath: current.path)[.type]
      if type as? FileAttributeType == .typeSymbolicLink {
        throw SiteWriteError(
          "\(current.path) is a symbolic link; the site is written only inside \(directory.path)")
      }
    }
  }

  /// Why the site could not be written.
  public struct SiteWriteError: Error, CustomStringConvertible {
    /// The message.
    public var description: String
    init(_ description: String) { self.description = description }
  }

  // MARK: - Index

  /// `index.html`: every scenario with its name, description, result and behaviours, and a
  /// search box that filters by name (`index.html#word` opens it filtered by `word`).
  package func indexPage() -> String {
    let passed = scenarios.filter(\.passed).count
    let failed = scenarios.count - passed
    return Self.document(title: "PushSim: what the phone shows", bodyClass: "index") {
      element("header", ["class": "page-head"]) {
        "\n"
        element("h1") { "What the phone shows" }
        "\n"
        element("p", ["class": "lede"]) {
          "\(scenarios.count) scenarios played by PushSim: \(passed) passed, \(failed) failed. "
          "Each page shows, step by step, the push sent and the lock screen it produces."
        }
        "\n"
        element("label", ["class": "search"]) {
          "Filter by name "
          element(
            "input",
            [
              "id": "search", "type": "search", "placeholder": "thread, badge, Focus…",
              "autocomplete": "off",
            ])
        }
        "\n"
      }
      "\n"
      element("main") {
        "\n"
        element("ul", ["class": "scenario-list", "id": "scenarios"]) {
          "\n"
          for (scenario, pageName) in zip(scenarios, pageNames) {
            Self.indexItem(scenario, pageName: pageName)
            "\n"
          }
        }
        "\n"
        element("p", ["id": "no-match", "hidden": true]) { "No scenario has that in its name." }
        "\n"
      }
      "\n"
      element("script") { HTMLNode.trusted(Self.searchScript) }
      "\n"
    }
  }

  /// A scenario in the index: its result and name linking to its page, its description and
  /// behaviours. `data-name` is what the search box matches.
  private static func indexItem(_ scenario: DocsScenario, pageName: String) -> HTMLNode {
    let result = scenario.passed ? "pass" : "fail"
    return element(
      "li",
      ["class": "scenario-item \(result)", "data-name": scenario.name.lowercased()]
    ) {
      "\n"
      element("a", ["href": pageName]) {
        element("span", ["class": "result \(result)"]) { scenario.passed ? "PASS" : "FAIL" }
        " "
        element("span", ["class": "name"]) { scenario.name }
      }
      "\n"
      if !scenario.description.isEmpty {
        element("p", ["class": "description"]) { scenario.description }
        "\n"
      }
      if !scenario.behaviours.isEmpty {
        behaviourList(scenario.behaviours)
        "\n"
      }
    }
  }

  /// The index's search filter, the only script of the site (a constant).
  private static let searchScript: TrustedHTML = """

    (function () {
      var input = document.getElementById("search");
      var items = document.querySelectorAll("#scenarios > li");
      var none = document.getElementById("no-match");
      function filter() {
        var query = input.value.trim().toLowerCase();
        var shown = 0;
        for (var i = 0; i < items.length; i++) {
          var match = items[i].getAttribute("data-name").indexOf(query) !== -1;
          items[i].hidden = !match;
          if (match) { shown++; }
        }
        none.hidden = shown !== 0;
      }
      input.addEventListener("input", filter);
      // index.html#word opens the index filtered by "word" (a link you can share).
      if (location.hash.length > 1) {
        input.value = decodeURIComponent(location.hash.slice(1));
        filter();
      }
    })();

    """

  // MARK: - Scenario page

  /// The steps a scenario page shows. A longer scenario continues on further pages
  /// (``pageName(_:page:)``), each linked to the one before and after it: a 100,000-push
  /// scenario once made one page of 640 MB, which no browser opens (CommandLine.md, `docs`).
  /// No bundled scenario comes near it, so their pages are as before.
  package static let stepsPerPage = 1_000

  /// How many pages `stepCount` steps take.
  package static func pageCount(steps stepCount: Int) -> Int {
    max(1, (stepCount + stepsPerPage - 1) / stepsPerPage)
  }

  /// The file name of page `page` (from 1) of the scenario whose page is `pageName`:
  /// `chat.html`, then `chat.2.html`, `chat.3.html`… (a page name from ``pageNames(forFiles:)``
  /// has no dot before `.html`, so no scenario's page is ever taken).
  package static func pageName(_ pageName: String, page: Int) -> String {
    guard page > 1 else { return pageName }
    let stem = pageName.hasSuffix(".html") ? String(pageName.dropLast(5)) : pageName
    return "\(stem).\(page).html"
  }

  /// A scenario's page: its timeline, step by step, with the phone after each step (the first
  /// ``stepsPerPage`` steps, and links to the pages after, for a longer scenario).
  package func page(for scenario: DocsScenario) -> String {
    let pageName =
      zip(scenarios, pageNames).first { $0.0.file == scenario.file && $0.0.name == scenario.name }?
      .1 ?? Self.pageNames(forFiles: [scenario.file]).first ?? "scenario.html"
    return HTMLStream.text { Self.writePage(for: scenario, named: pageName, to: &$0) }
  }

  /// Writes ``page(for:)`` to `stream`, each step's nodes made as they are written.
  /// - Complexity: O(n) in the length of the page; what is held at once is one step's nodes.
  package static func writePage(
    for scenario: DocsScenario, named pageName: String, to stream: inout HTMLStream
  ) {
    let stepCount = max(scenario.stepCount, scenario.steps.count)
    writeDocument(title: scenario.name, bodyClass: "scenario", to: &stream) { stream in
      stream.write(pageHead(scenario))
      stream.write("\n")
      writeTimeline(
        scenario.steps.prefix(stepsPerPage), page: 1, of: pageCount(steps: stepCount),
        stepCount: stepCount, pageName: pageName, to: &stream)
    }
  }

  /// Writes page `page` (from 2) of a long scenario: a short header (the scenario's name and
  /// file, a link to the index) and `steps`, with links to the pages before and after.
  package static func writeContinuationPage(
    page: Int, steps: ArraySlice<DocsStep>, scenario name: String, file: String,
    stepCount: Int, pageName: String, to stream: inout HTMLStream
  ) {
    let pages = pageCount(steps: stepCount)
    writeDocument(title: "\(name) (page \(page) of \(pages))", bodyClass: "scenario", to: &stream) {
      stream in
      stream.write(
        element("header", ["class": "page-head"]) {
          "\n"
          element("nav") { element("a", ["href": "index.html"]) { "\u{2190} All scenarios" } }
          "\n"
          element("h1") { name }
          "\n"
          element("p", ["class": "meta"]) { element("code") { file } }
          "\n"
        })
      stream.write("\n")
      writeTimeline(
        steps, page: page, of: pages, stepCount: stepCount, pageName: pageName, to: &stream)
    }
  }

  /// The timeline of one page, between links to the other pages when there are several
  /// (`pageName` is the scenario's first page's name).
  private static func writeTimeline(
    _ steps: ArraySlice<DocsStep>, page: Int, of pages: Int, stepCount: Int,
    pageName: String, to stream: inout HTMLStream
  ) {
    let main = element("main")
    let timeline = element("ol", ["class": "timeline"])
    let links =
      pages > 1
      ? pageLinks(steps, page: page, of: pages, stepCount: stepCount, pageName: pageName) : nil
    stream.open(main)
    stream.write("\n")
    if let links {
      stream.write(links)
      stream.write("\n")
    }
    stream.open(timeline)
    stream.write("\n")
    for step in steps {
      stream.write(Self.step(step))
      stream.write("\n")
    }
    stream.close(timeline)
    stream.write("\n")
    if let links {
      stream.write(links)
      stream.write("\n")
    }
    stream.close(main)
    stream.write("\n")
  }

  /// `Page 2 of 5, steps 1001–2000 of 4321 · ← Previous page · Next page →`.
  private static func pageLinks(
    _ steps: ArraySlice<DocsStep>, page: Int, of pages: Int, stepCount: Int, pageName name: String
  ) -> HTMLNode {
    let first = steps.first?.number ?? 0
    let last = steps.last?.number ?? 0
    return element("nav", ["class": "pages"]) {
      "Page \(page) of \(pages), steps \(first)\u{2013}\(last) of \(stepCount)"
      if page > 1 {
        " \u{00B7} "
        element("a", ["href": Self.pageName(name, page: page - 1), "rel": "prev"]) {
          "\u{2190} Previous page"
        }
      }
      if page < pages {
        " \u{00B7} "
        element("a", ["href": Self.pageName(name, page: page + 1), "rel": "next"]) {
          "Next page \u{2192}"
        }
      }
    }
  }

  /// A scenario page's header: its name, result, file, description, behaviours, failures
  /// that belong to no step, and the legend.
  private static func pageHead(_ scenario: DocsScenario) -> HTMLNode {
    let result = scenario.passed ? "pass" : "fail"
    return element("header", ["class": "page-head"]) {
      "\n"
      element("nav") { element("a", ["href": "index.html"]) { "\u{2190} All scenarios" } }
      "\n"
      element("h1") { scenario.name }
      "\n"
      element("p", ["class": "meta"]) {
        element("span", ["class": "result \(result)"]) { scenario.passed ? "PASS" : "FAIL" }
        " "
        element("code") { scenario.file }
      }
      "\n"
      if !scenario.description.isEmpty {
        element("p", ["class": "lede"]) { scenario.description }
        "\n"
      }
      if !scenario.behaviours.isEmpty {
        Self.behaviourList(scenario.behaviours)
        "\n"
      }
      if !scenario.failures.isEmpty {
        element("ul", ["class": "failures"]) {
          "\n"
          for failure in scenario.failures {
            element("li") { failure }
            "\n"
          }
        }
        "\n"
      }
      Self.legend
      "\n"
    }
  }

  /// The behaviours a scenario shows, on one line.
  private static func behaviourList(_ behaviours: [String]) -> HTMLNode {
    element("ul", ["class": "behaviours"]) {
      for behaviour in behaviours {
        element("li") { behaviour }
      }
    }
  }

  /// A step of the timeline: its text (title, note, push, checks, failures, device log) and
  /// the phone after it.
  private static func step(_ step: DocsStep) -> HTMLNode {
    let failed = !step.failures.isEmpty
    return element(
      "li",
      ["class": "step step-\(step.kind)\(failed ? " failed" : "")", "id": "step-\(step.number)"]
    ) {
      "\n"
      element("div", ["class": "step-text"]) {
        "\n"
        element("h2") {
          element("a", ["class": "anchor", "href": "#step-\(step.number)"]) { "\(step.number)" }
          " "
          element("span", ["class": "offset"]) { Self.offset(step.offset) }
          " "
          step.title
        }
        "\n"
        if let note = step.note, !note.isEmpty {
          element("p", ["class": "note"]) { note }
          "\n"
        }
        if let push = step.push {
          Self.push(push)
          "\n"
        }
        if step.kind == "expect" {
          if failed {
            let made = max(step.checkCount, step.failures.count)
            element("p", ["class": "checks fail"]) {
              "\(step.failures.count) of \(made) \(made == 1 ? "check" : "checks") failed"
            }
          } else {
            element("p", ["class": "checks pass"]) {
              step.checkCount == 1 ? "1 check holds" : "\(step.checkCount) checks hold"
            }
          }
          "\n"
        }
        if failed {
          element("ul", ["class": "failures"]) {
            "\n"
            for failure in step.failures {
              Self.failure(failure)
              "\n"
            }
          }
          "\n"
        }
        if !step.events.isEmpty {
          element("details", ["class": "events", "open": step.push != nil || step.kind != "push"]) {
            element("summary") { "Device log (\(step.events.count))" }
            "\n"
            element("ul") {
              "\n"
              for event in step.events {
                Self.event(event)
                "\n"
              }
            }
            "\n"
          }
          "\n"
        }
      }
      "\n"
      phones(step)
    }
  }

  /// A failed check: its path, what went wrong, and the expected and actual values.
  private static func failure(_ failure: DocsFailure) -> HTMLNode {
    element("li") {
      if let path = failure.path {
        element("code") { path }
        " "
      }
      failure.message
      if let expected = failure.expected {
        element("br")
        element("span", ["class": "label"]) { "expected" }
        " "
        element("code") { expected }
      }
      if let actual = failure.actual {
        " "
        element("span", ["class": "label"]) { "actual" }
        " "
        element("code") { actual }
      }
    }
  }

  /// A line of the device log: when, which push, what, whose rule, and why.
  private static func event(_ event: DocsEvent) -> HTMLNode {
    element("li", ["class": "event source-\(event.source.rawValue)"]) {
      element("span", ["class": "offset"]) { offset(event.offset) }
      " "
      if let push = event.push {
        element("code") { push }
        " "
      }
      element("b") { event.kind }
      " "
      sourceTag(event.source)
      " "
      event.reason
    }
  }

  /// The phone as the user acts (a long press) and after the step, each with the texts it
  /// had to cut shown in full; nothing when the step shows no phone.
  private static func phones(_ step: DocsStep) -> HTMLNode {
    let phones = [("Long press", step.gesture), ("Then", step.phone)].compactMap { label, phone in
      phone.map { (label, $0) }
    }
    guard !phones.isEmpty else { return .fragment([]) }
    return fragment {
      element("div", ["class": "step-phone"]) {
        "\n"
        for (label, phone) in phones {
          let drawing = phone.drawing()
          if phones.count > 1 {
            element("p", ["class": "phone-label"]) { label }
            "\n"
          }
          drawing.node
          if !drawing.truncations.isEmpty {
            element("ul", ["class": "cuts"]) {
              "\n"
              for cut in drawing.truncations {
                element("li") {
                  Self.diagnostic(cut.diagnostic, push: cut.push)
                  element("blockquote", ["class": "full-text"]) { cut.fullText }
                }
                "\n"
              }
            }
            "\n"
          }
        }
      }
      "\n"
    }
  }

  /// A push as sent: APNs's verdict, the headers, the payload listing and the diagnostics.
  private static func push(_ push: DocsPush) -> HTMLNode {
    let verdict = push.accepted ? "accepted" : "rejected"
    return element("div", ["class": "push"]) {
      "\n"
      element("p", ["class": "verdict \(verdict)"]) {
        element("span", ["class": "label"]) { "APNs" }
        " "
        element("b") { "\(push.httpStatus)" }
        " "
        verdict
        if let reason = push.reason {
          " "
          element("code") { reason }
        }
        " "
        element("span", ["class": "bytes"]) { "\(push.bytes) bytes" }
      }
      "\n"
      if !push.headers.isEmpty {
        element("table", ["class": "headers"]) {
          "\n"
          for header in push.headers {
            element("tr") {
              element("th") { header.name }
              element("td") { element("code") { header.value } }
            }
            "\n"
          }
        }
        "\n"
      }
      element("pre", ["class": "payload"]) {
        if let payload = push.payload {
          PayloadListing(usedPaths: push.usedPaths, diagnostics: push.diagnostics).node(payload)
        } else {
          push.rawText
        }
      }
      "\n"
      if !push.diagnostics.isEmpty {
        element("ul", ["class": "diagnostics"]) {
          "\n"
          for diagnostic in push.diagnostics {
            element("li") { Self.diagnostic(diagnostic, push: nil) }
            "\n"
          }
        }
        "\n"
      }
    }
  }

  // MARK: - Shared pieces

  /// A diagnostic with its severity, source tag, code, path and message.
  static func diagnostic(_ diagnostic: Diagnostic, push: String?) -> HTMLNode {
    let severity = diagnostic.severity.rawValue
    return element(
      "span",
      ["class": "diag severity-\(severity) source-\(diagnostic.source.rawValue)"]
    ) {
      sourceTag(diagnostic.source)
      " "
      element("span", ["class": "severity"]) { severity }
      if let push {
        " "
        element("code") { push }
      }
      " "
      element("code", ["class": "code"]) { diagnostic.code.rawValue }
      if let path = diagnostic.path {
        " "
        element("code", ["class": "path"]) { path }
      }
      " "
      diagnostic.message
    }
  }

  /// The visible source tag: documented behaviour (APNs, iOS), PushSim's model, or lint.
  static func sourceTag(_ source: DiagnosticSource) -> HTMLNode {
    let label: String
    // Constants: the model's title keeps its apostrophe as the pages have always written it.
    let title: TrustedHTML
    switch source {
    case .apns:
      label = "APNs"
      title = "documented APNs server behaviour"
    case .device:
      label = "iOS"
      title = "documented iOS behaviour"
    case .model:
      label = "model"
      title = "PushSim's model where Apple is silent (Rules.md)"
    case .lint:
      label = "lint"
      title = "advice: legal, but probably not what the sender meant"
    }
    return element("span", ["class": "tag tag-\(source.rawValue)", "title": title]) { label }
  }

  /// What the source tags and the payload marks mean, at the top of every scenario page.
  static let legend = element("p", ["class": "legend"]) {
    "Sources: "
    sourceTag(.apns)
    " "
    sourceTag(.device)
    " documented behaviour · "
    sourceTag(.model)
    // Constant prose: its apostrophe is written as is (escaped text would write `&#39;`).
    HTMLNode.trusted(" PushSim's choice where Apple is silent · ")
    sourceTag(.lint)
    " advice. In payloads, "
    element("mark", ["class": "k-used"]) { "read" }
    " keys were used, "
    element("mark", ["class": "k-warning"]) { "warned" }
    " and "
    element("mark", ["class": "k-error"]) { "errors" }
    " are named by a diagnostic."
  }

  /// The line at the foot of every page.
  static let footer = element("footer") {
    "Generated by "
    element("code") { "pushsim docs" }
    // Constant prose: its apostrophe is written as is (escaped text would write `&#39;`).
    HTMLNode.trusted(". Drawings are PushSim's model of iOS, not screenshots.")
  }

  /// A whole page: the doctype, the head with `title` and the stylesheet, and a body of class
  /// `bodyClass` holding `content` and the footer.
  static func document(
    title: String, bodyClass: String, @HTMLBuilder _ content: () -> [HTMLNode]
  ) -> String {
    HTMLStream.text { stream in
      writeDocument(title: title, bodyClass: bodyClass, to: &stream) { stream in
        for node in content() { stream.write(node) }
      }
    }
  }

  /// Writes ``document(title:bodyClass:_:)`` to `stream`, `content` writing the body's content.
  static func writeDocument(
    title: String, bodyClass: String, to stream: inout HTMLStream,
    content: (inout HTMLStream) -> Void
  ) {
    let html = element("html", ["lang": "en"])
    let body = element("body", ["class": bodyClass])
    stream.write(.trusted("<!DOCTYPE html>"))
    stream.write("\n")
    stream.open(html)
    stream.write("\n")
    stream.write(
      element("head") {
        "\n"
        element("meta", ["charset": "utf-8"])
        "\n"
        element("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"])
        "\n"
        element("meta", ["name": "color-scheme", "content": "light dark"])
        "\n"
        element("title") { title }
        "\n"
        element("link", ["rel": "stylesheet", "href": "style.css"])
        "\n"
      })
    stream.write("\n")
    stream.open(body)
    stream.write("\n")
    content(&stream)
    stream.write(footer)
    stream.write("\n")
    stream.close(body)
    stream.write("\n")
    stream.close(html)
    stream.write("\n")
  }

  /// `+0:00:05` (or `+0:00:01.250` with milliseconds), as `pushsim run` prints times.
  static func offset(_ seconds: TimeInterval) -> String {
    // Saturated far beyond the longest scenario (ScenarioTime.longestDuration), never trapping.
    let clamped = seconds.isFinite ? min(max(0, seconds), 1e13) : 0
    let milliseconds = Int((clamped * 1000).rounded())
    let whole = milliseconds / 1000
    let fraction = milliseconds % 1000
    let hours = whole / 3600
    let minutes = (whole % 3600) / 60
    let secs = whole % 60
    var text = "+\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(secs < 10 ? "0" : "")\(secs)"
    if fraction != 0 {
      let digits = String(fraction)
      text += "." + String(repeating: "0", count: 3 - digits.count) + digits
    }
    return text
  }
}
