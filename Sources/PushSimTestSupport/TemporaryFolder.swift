package import Foundation

/// A fresh folder in the temporary directory, removed when the value is released; tests write
/// scenarios, payloads and app files into it to run `pushsim` on them.
package final class TemporaryFolder: @unchecked Sendable {
  /// The folder.
  package let url: URL

  /// Creates an empty folder whose name starts with `prefix`.
  package init(_ prefix: String = "pushsim-test") throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of `name` inside the folder.
  package func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes `text` to `name` (creating folders on the way) and returns its path.
  @discardableResult
  package func write(_ name: String, _ text: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file.path
  }
}

extension TemporaryFolder {
  /// Writes `files` (path in the folder → text, folders created on the way) into a new folder
  /// named `prefix-<UUID>` in the temporary directory and returns it; the caller removes it.
  package static func writing(_ files: [String: String], prefix: String) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString)")
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root
  }
}
