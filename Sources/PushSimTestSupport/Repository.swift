public import Foundation

/// Paths inside this repository, found from a test file's `#filePath`, so tests need no
/// bundle resources.
public enum Repository {
  /// The repository root (the folder holding `Package.swift`).
  public static let root: URL = {
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
  public static func url(_ relativePath: String) -> URL {
    root.appendingPathComponent(relativePath)
  }

  /// The folder beside a test file (`Fixtures/…` lives there).
  public static func folder(of filePath: String = #filePath) -> URL {
    URL(fileURLWithPath: filePath).deletingLastPathComponent()
  }
}
