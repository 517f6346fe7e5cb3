package import Foundation
package import Testing

/// Golden files for outputs people read (transcripts, JSON reports, HTML).
///
/// A golden file is stored beside the test. When it is missing, or when `RECORD_SNAPSHOTS=1`,
/// the actual text is written and the test fails (so a recording is never a pass). Otherwise the
/// texts are compared and a line diff is reported.
package enum Golden {
  /// Compares `actual` with the golden file at `url`, recording it when asked or missing.
  package static func assertMatches(
    _ actual: String, golden url: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    let expected = try? String(contentsOf: url, encoding: .utf8)
    if record || expected == nil {
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record(
          "Recorded golden file \(url.lastPathComponent); run again without RECORD_SNAPSHOTS",
          sourceLocation: sourceLocation)
      } catch {
        Issue.record("Could not record \(url.path): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let expected, expected != actual else { return }
    Issue.record(
      "Output differs from \(url.lastPathComponent):\n\(lineDiff(expected: expected, actual: actual))",
      sourceLocation: sourceLocation)
  }

  /// A readable `-expected` / `+actual` line diff.
  package static func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let difference = new.difference(from: old)
    var lines: [String] = []
    for change in difference {
      switch change {
      case .remove(let offset, let line, _): lines.append("-\(offset + 1): \(line)")
      case .insert(let offset, let line, _): lines.append("+\(offset + 1): \(line)")
      }
    }
    return lines.prefix(80).joined(separator: "\n")
  }
}
