import Foundation

/// Where a command writes (`run --output FILE`, `docs --out DIR`), checked against what it
/// reads before anything is written: a report written over its own scenario, or a site
/// written among its inputs, would lose them (Rules.md §9.8). Paths are compared fully
/// resolved, symbolic links included.
package enum OutputTarget {
  /// Why writing at `path` (relative to `directory`) would overwrite or mix with `inputs`, as
  /// the rest of a sentence (`is the scenario /x/a.json`, `holds the payload file …`, `lies
  /// inside the strings folder …`), or `nil` when it would not. A file output conflicts with
  /// an input it is, or a strings folder it lies in; a folder output (`isFolder`) also with
  /// an input it holds.
  package static func conflict(
    writingAt path: String, in directory: URL, isFolder: Bool, with inputs: [ScenarioInput]
  ) -> String? {
    let output = resolved(URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL)
    var seen = Set<ScenarioInput>()
    for input in inputs where seen.insert(input).inserted {
      let target = resolved(URL(fileURLWithPath: input.path).standardizedFileURL)
      if target == output { return "is the \(input.kind.rawValue) \(target)" }
      if isFolder, FileCheck.isInside(target, folder: output) {
        return "holds the \(input.kind.rawValue) \(target)"
      }
      if input.kind == .stringsFolder, FileCheck.isInside(output, folder: target) {
        return "lies inside the \(input.kind.rawValue) \(target)"
      }
    }
    return nil
  }

  /// The path with symbolic links resolved; for a path that does not exist yet, its nearest
  /// existing folder resolved and the rest appended.
  static func resolved(_ url: URL) -> String {
    if let real = FileCheck.realPath(url.path) { return real }
    let parent = url.deletingLastPathComponent()
    guard parent.path != url.path else { return url.path }
    let base = resolved(parent)
    return (base.hasSuffix("/") ? base : base + "/") + url.lastPathComponent
  }
}
