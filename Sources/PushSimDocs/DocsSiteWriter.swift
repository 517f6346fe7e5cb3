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
        DocsSite.writePage(for: scenario, to: &stream)
      }
      var written = [url]
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
}
