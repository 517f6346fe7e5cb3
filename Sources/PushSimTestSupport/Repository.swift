package import Foundation

/// Paths inside this repository, found from a test file's `#filePath`, so tests need no
/// bundle resources.
package enum Repository {
  /// The repository root (the folder holding `Package.swift`).
  package static let root: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }()

  /// A path relative to the repository root.
  package static func url(_ relativePath: String) -> URL {
    root.appendingPathComponent(relativePath)
  }

  /// The folder beside a test file (`Fixtures/…` lives there).
  package static func folder(of filePath: String = #filePath) -> URL {
    URL(fileURLWithPath: filePath).deletingLastPathComponent()
  }
}
