import Foundation

extension DocsSite {
  /// Writes a site a scenario at a time, so what a run holds does not grow with the suite:
  /// `style.css` first, each scenario's page (streamed, ``DocsSite/writePage(for:to:)``) and
  /// assets as soon as it has played, and `index.html` last, from what each scenario says of
  /// itself (its name, description, result and behaviours; its steps are not kept).
  ///
  /// A page touches no file but its own and its assets', so pages may be written from several
  /// tasks at once (``writePage(_:named:in:)``) and recorded in the suite's order after.
  package struct Writer {
    /// The site folder.
    let directory: URL
    /// The scenarios recorded so far, without their steps and assets.
    private var indexed: [DocsScenario] = []
    /// The files written so far.
    private var written: [URL] = []

    /// Creates `directory` if needed and writes the stylesheet into it.
    package init(directory: URL) throws {
      self.directory = directory
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try save(DocsStyle.css, "style.css")
    }

    /// Writes `scenario`'s page into `directory` as `pageName`, and its assets; returns the
    /// files written.
    package static func writePage(
      _ scenario: DocsScenario, named pageName: String, in directory: URL
    ) throws -> [URL] {
      let url = directory.appendingPathComponent(pageName)
      try DocsSite.refuseLinks(from: directory, to: url)
      try DocsSite.writeStreamed(to: url) { stream in
        DocsSite.writePage(for: scenario, named: pageName, to: &stream)
      }
      var written = [url]
      // Steps past the first page's, when the scenario holds them all (``DocsSite/write(to:)``).
      let continuation = DocsSite.ContinuationPages(directory: directory, pageName: pageName)
      let stepCount = max(scenario.stepCount, scenario.steps.count)
      var page = 2
      var start = DocsSite.stepsPerPage
      while start < scenario.steps.count {
        let end = min(start + DocsSite.stepsPerPage, scenario.steps.count)
        written.append(
          try continuation.write(
            page: page, steps: scenario.steps[start..<end], scenario: scenario.name,
            file: scenario.file, stepCount: stepCount))
        page += 1
        start = end
      }
      for asset in scenario.assets {
        let target = directory.appendingPathComponent(asset.path)
        try DocsSite.refuseLinks(from: directory, to: target)
        try FileManager.default.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try asset.data.write(to: target, options: .atomic)
        written.append(target)
      }
      return written
    }

    /// Lists `scenario` in the index, after those recorded before it, with the files its page
    /// wrote.
    package mutating func record(_ scenario: DocsScenario, files: [URL]) {
      indexed.append(Self.indexEntry(scenario))
      written += files
    }

    /// What the index keeps of a scenario: all but its steps and assets.
    package static func indexEntry(_ scenario: DocsScenario) -> DocsScenario {
      var entry = scenario
      entry.steps = []
      entry.assets = []
      return entry
    }

    /// Writes `index.html`, listing every scenario recorded; returns the files written.
    package mutating func finish() throws -> [URL] {
      try save(DocsSite(scenarios: indexed).indexPage(), "index.html")
      return written
    }

    /// Writes `text` into the site file `name`.
    private mutating func save(_ text: String, _ name: String) throws {
      let url = directory.appendingPathComponent(name)
      try DocsSite.refuseLinks(from: directory, to: url)
      try Data(text.utf8).write(to: url, options: .atomic)
      written.append(url)
    }
  }

  /// Where a long scenario's pages after the first go (``DocsSite/stepsPerPage``): written a
  /// page at a time, while the scenario plays (``DocsGenerator/writeSite(for:to:jobs:)``) or
  /// after it (``DocsSite/write(to:)``).
  package struct ContinuationPages: Sendable {
    /// The site folder.
    let directory: URL
    /// The scenario's first page's name.
    let pageName: String

    /// Writes page `page` (from 2) holding `steps`; returns its file.
    func write(
      page: Int, steps: some Collection<DocsStep>, scenario name: String, file: String,
      stepCount: Int
    ) throws(DocsSite.SiteWriteError) -> URL {
      let url = directory.appendingPathComponent(DocsSite.pageName(pageName, page: page))
      let steps = ArraySlice(steps)
      do {
        try DocsSite.refuseLinks(from: directory, to: url)
        try DocsSite.writeStreamed(to: url) { stream in
          DocsSite.writeContinuationPage(
            page: page, steps: steps, scenario: name, file: file, stepCount: stepCount,
            pageName: pageName, to: &stream)
        }
      } catch let error as DocsSite.SiteWriteError {
        throw error
      } catch {
        throw DocsSite.SiteWriteError("cannot write \(url.path): \(error.localizedDescription)")
      }
      return url
    }
  }
}
