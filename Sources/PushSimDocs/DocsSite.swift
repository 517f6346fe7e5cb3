public import Foundation
import PushCore
import PushPayload
import PushScenario

/// The behaviour documentation site: `index.html`, a page per scenario, a stylesheet and the
/// attachment images, written by `pushsim docs` (CommandLine.md).
///
/// The pages are static HTML5 in UTF-8: they fetch nothing (no fonts, scripts or images from
/// anywhere; the only script is the index's inline search filter) and work from a `file://`
/// URL in any browser. Every untrusted string is escaped (``HTML/escape(_:)``). The output is
/// deterministic (no wall-clock time, stable order), so it can be kept under version control.
public struct DocsSite: Sendable {
  /// The scenarios, in the order the index lists them.
  public let scenarios: [DocsScenario]
  /// Each scenario's page file name (`chat-thread.html`), unique within the site.
  public let pageNames: [String]

  /// Creates a site; page names come from the scenario files' names.
  /// - Complexity: O(n) in the number of scenarios.
  public init(scenarios: [DocsScenario]) {
    self.scenarios = scenarios
    self.pageNames = Self.pageNames(forFiles: scenarios.map(\.file))
  }

  /// The page file names for scenario files, in order: the file's name without `.json`, as a
  /// slug, made unique with `-2`, `-3`… (`index` and `style` are taken by the site).
  /// - Complexity: O(n) in the number of files.
  public static func pageNames(forFiles files: [String]) -> [String] {
    var taken: [String: Int] = ["index": 1, "style": 1]
    var names: [String] = []
    names.reserveCapacity(files.count)
    for (offset, file) in files.enumerated() {
      let fileName = file.split(separator: "/").last.map(String.init) ?? file
      let stem = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
      let base = HTML.slug(stem, fallback: "scenario-\(offset + 1)")
      var name = base
      if let count = taken[base] {
        taken[base] = count + 1
        name = "\(base)-\(count + 1)"
      }
      taken[name, default: 0] += 1
      names.append(name + ".html")
    }
    return names
  }

  /// The folder (relative to the site) where a page's assets go: `<page>-files`.
  public static func assetFolder(forPage pageName: String) -> String {
    (pageName.hasSuffix(".html") ? String(pageName.dropLast(5)) : pageName) + "-files"
  }

  /// Writes the site into `directory` (created if needed): `index.html`, `style.css`, one page
  /// per scenario and each scenario's assets. Returns the files written.
  public func write(to directory: URL) throws -> [URL] {
    let manager = FileManager.default
    try manager.createDirectory(at: directory, withIntermediateDirectories: true)
    var written: [URL] = []
    func save(_ text: String, _ name: String) throws {
      let url = directory.appendingPathComponent(name)
      try Self.refuseLinks(from: directory, to: url)
      try Data(text.utf8).write(to: url, options: .atomic)
      written.append(url)
    }
    try save(DocsStyle.css, "style.css")
    try save(indexPage(), "index.html")
    for (scenario, pageName) in zip(scenarios, pageNames) {
      try save(page(for: scenario), pageName)
      for asset in scenario.assets {
        let target = directory.appendingPathComponent(asset.path)
        try Self.refuseLinks(from: directory, to: target)
        try manager.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try asset.data.write(to: target, options: .atomic)
        written.append(target)
      }
    }
    return written
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
  public func indexPage() -> String {
    let passed = scenarios.filter(\.passed).count
    var html = Self.head(title: "PushSim: what the phone shows")
    html += "<body class=\"index\">\n<header class=\"page-head\">\n"
    html += "<h1>What the phone shows</h1>\n"
    html += "<p class=\"lede\">\(scenarios.count) scenarios played by PushSim: "
    html += "\(passed) passed, \(scenarios.count - passed) failed. "
    html += "Each page shows, step by step, the push sent and the lock screen it produces.</p>\n"
    html += "<label class=\"search\">Filter by name "
    html += "<input id=\"search\" type=\"search\" placeholder=\"thread, badge, Focus…\" "
    html += "autocomplete=\"off\"></label>\n"
    html += "</header>\n<main>\n<ul class=\"scenario-list\" id=\"scenarios\">\n"
    for (scenario, pageName) in zip(scenarios, pageNames) {
      let result = scenario.passed ? "pass" : "fail"
      html +=
        "<li class=\"scenario-item \(result)\" data-name=\"\(HTML.escape(scenario.name.lowercased()))\">\n"
      html += "<a href=\"\(HTML.escape(pageName))\"><span class=\"result \(result)\">"
      html += scenario.passed ? "PASS" : "FAIL"
      html += "</span> <span class=\"name\">\(HTML.escape(scenario.name))</span></a>\n"
      if !scenario.description.isEmpty {
        html += "<p class=\"description\">\(HTML.escape(scenario.description))</p>\n"
      }
      if !scenario.behaviours.isEmpty {
        html += "<ul class=\"behaviours\">"
        for behaviour in scenario.behaviours {
          html += "<li>\(HTML.escape(behaviour))</li>"
        }
        html += "</ul>\n"
      }
      html += "</li>\n"
    }
    html += "</ul>\n<p id=\"no-match\" hidden>No scenario has that in its name.</p>\n</main>\n"
    html += """
      <script>
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
      </script>

      """
    html += Self.footer + "</body>\n</html>\n"
    return html
  }

  // MARK: - Scenario page

  /// A scenario's page: its timeline, step by step, with the phone after each step.
  public func page(for scenario: DocsScenario) -> String {
    var html = Self.head(title: scenario.name)
    html += "<body class=\"scenario\">\n<header class=\"page-head\">\n"
    html += "<nav><a href=\"index.html\">\u{2190} All scenarios</a></nav>\n"
    html += "<h1>\(HTML.escape(scenario.name))</h1>\n"
    let result = scenario.passed ? "pass" : "fail"
    html +=
      "<p class=\"meta\"><span class=\"result \(result)\">\(scenario.passed ? "PASS" : "FAIL")</span> "
    html += "<code>\(HTML.escape(scenario.file))</code></p>\n"
    if !scenario.description.isEmpty {
      html += "<p class=\"lede\">\(HTML.escape(scenario.description))</p>\n"
    }
    if !scenario.behaviours.isEmpty {
      html += "<ul class=\"behaviours\">"
      for behaviour in scenario.behaviours { html += "<li>\(HTML.escape(behaviour))</li>" }
      html += "</ul>\n"
    }
    if !scenario.failures.isEmpty {
      html += "<ul class=\"failures\">\n"
      for failure in scenario.failures { html += "<li>\(HTML.escape(failure))</li>\n" }
      html += "</ul>\n"
    }
    html += Self.legend
    html += "</header>\n<main>\n<ol class=\"timeline\">\n"
    for step in scenario.steps {
      html += self.step(step)
    }
    html += "</ol>\n</main>\n" + Self.footer + "</body>\n</html>\n"
    return html
  }

  private func step(_ step: DocsStep) -> String {
    let failed = !step.failures.isEmpty
    var html =
      "<li class=\"step step-\(HTML.escape(step.kind))\(failed ? " failed" : "")\" id=\"step-\(step.number)\">\n"
    html += "<div class=\"step-text\">\n"
    html += "<h2><a class=\"anchor\" href=\"#step-\(step.number)\">\(step.number)</a> "
    html += "<span class=\"offset\">\(Self.offset(step.offset))</span> "
    html += "\(HTML.escape(step.title))</h2>\n"
    if let note = step.note, !note.isEmpty {
      html += "<p class=\"note\">\(HTML.escape(note))</p>\n"
    }
    if let push = step.push { html += self.push(push) }
    if step.kind == "expect" {
      if failed {
        html +=
          "<p class=\"checks fail\">\(step.failures.count) of \(max(step.checkCount, step.failures.count)) checks failed</p>\n"
      } else {
        html += "<p class=\"checks pass\">\(step.checkCount) checks hold</p>\n"
      }
    }
    if failed {
      html += "<ul class=\"failures\">\n"
      for failure in step.failures {
        html += "<li>"
        if let path = failure.path { html += "<code>\(HTML.escape(path))</code> " }
        html += HTML.escape(failure.message)
        if let expected = failure.expected {
          html += "<br><span class=\"label\">expected</span> <code>\(HTML.escape(expected))</code>"
        }
        if let actual = failure.actual {
          html += " <span class=\"label\">actual</span> <code>\(HTML.escape(actual))</code>"
        }
        html += "</li>\n"
      }
      html += "</ul>\n"
    }
    if !step.events.isEmpty {
      html += "<details class=\"events\"\(step.push != nil || step.kind != "push" ? " open" : "")>"
      html += "<summary>Device log (\(step.events.count))</summary>\n<ul>\n"
      for event in step.events {
        html += "<li class=\"event source-\(event.source.rawValue)\">"
        html += "<span class=\"offset\">\(Self.offset(event.offset))</span> "
        if let push = event.push { html += "<code>\(HTML.escape(push))</code> " }
        html += "<b>\(HTML.escape(event.kind))</b> \(Self.sourceTag(event.source)) "
        html += "\(HTML.escape(event.reason))</li>\n"
      }
      html += "</ul>\n</details>\n"
    }
    html += "</div>\n"
    let phones = [("Long press", step.gesture), ("Then", step.phone)].compactMap { label, phone in
      phone.map { (label, $0) }
    }
    if !phones.isEmpty {
      html += "<div class=\"step-phone\">\n"
      for (label, phone) in phones {
        let drawing = phone.drawing()
        if phones.count > 1 { html += "<p class=\"phone-label\">\(label)</p>\n" }
        html += drawing.html
        if !drawing.truncations.isEmpty {
          html += "<ul class=\"cuts\">\n"
          for cut in drawing.truncations {
            html += "<li>\(Self.diagnostic(cut.diagnostic, push: cut.push))"
            html +=
              "<blockquote class=\"full-text\">\(HTML.escape(cut.fullText))</blockquote></li>\n"
          }
          html += "</ul>\n"
        }
      }
      html += "</div>\n"
    }
    html += "</li>\n"
    return html
  }

  private func push(_ push: DocsPush) -> String {
    var html = "<div class=\"push\">\n"
    let verdict = push.accepted ? "accepted" : "rejected"
    html += "<p class=\"verdict \(verdict)\"><span class=\"label\">APNs</span> "
    html += "<b>\(push.httpStatus)</b> "
    html += push.accepted ? "accepted" : "rejected"
    if let reason = push.reason { html += " <code>\(HTML.escape(reason))</code>" }
    html += " <span class=\"bytes\">\(push.bytes) bytes</span></p>\n"
    if !push.headers.isEmpty {
      html += "<table class=\"headers\">\n"
      for header in push.headers {
        html +=
          "<tr><th>\(HTML.escape(header.name))</th><td><code>\(HTML.escape(header.value))</code></td></tr>\n"
      }
      html += "</table>\n"
    }
    html += "<pre class=\"payload\">"
    if let payload = push.payload {
      html += PayloadListing(usedPaths: push.usedPaths, diagnostics: push.diagnostics).html(payload)
    } else {
      html += HTML.escape(push.rawText)
    }
    html += "</pre>\n"
    if !push.diagnostics.isEmpty {
      html += "<ul class=\"diagnostics\">\n"
      for diagnostic in push.diagnostics {
        html += "<li>\(Self.diagnostic(diagnostic, push: nil))</li>\n"
      }
      html += "</ul>\n"
    }
    html += "</div>\n"
    return html
  }

  // MARK: - Shared pieces

  /// A diagnostic with its severity, source tag, code, path and message.
  static func diagnostic(_ diagnostic: Diagnostic, push: String?) -> String {
    var html =
      "<span class=\"diag severity-\(diagnostic.severity.rawValue) source-\(diagnostic.source.rawValue)\">"
    html += sourceTag(diagnostic.source)
    html += " <span class=\"severity\">\(diagnostic.severity.rawValue)</span>"
    if let push { html += " <code>\(HTML.escape(push))</code>" }
    html += " <code class=\"code\">\(HTML.escape(diagnostic.code.rawValue))</code>"
    if let path = diagnostic.path { html += " <code class=\"path\">\(HTML.escape(path))</code>" }
    html += " \(HTML.escape(diagnostic.message))</span>"
    return html
  }

  /// The visible source tag: documented behaviour (APNs, iOS), PushSim's model, or lint.
  static func sourceTag(_ source: DiagnosticSource) -> String {
    let label: String
    let title: String
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
    return "<span class=\"tag tag-\(source.rawValue)\" title=\"\(title)\">\(label)</span>"
  }

  static let legend =
    "<p class=\"legend\">Sources: \(sourceTag(.apns)) \(sourceTag(.device)) documented behaviour · "
    + "\(sourceTag(.model)) PushSim's choice where Apple is silent · \(sourceTag(.lint)) advice. "
    + "In payloads, <mark class=\"k-used\">read</mark> keys were used, "
    + "<mark class=\"k-warning\">warned</mark> and <mark class=\"k-error\">errors</mark> "
    + "are named by a diagnostic.</p>\n"

  static let footer =
    "<footer>Generated by <code>pushsim docs</code>. Drawings are PushSim's model of iOS, "
    + "not screenshots.</footer>\n"

  static func head(title: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <title>\(HTML.escape(title))</title>
    <link rel="stylesheet" href="style.css">
    </head>

    """
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
