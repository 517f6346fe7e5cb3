package import Foundation
package import PushCore
import Synchronization

/// The files of an app's strings folder that ``StringsBundle/load(folder:developmentRegion:)``
/// parses, with their bytes, read at one moment: the folder's entries, each localization's
/// `Localizable.strings` and `Localizable.stringsdict`, and every `*.xcstrings` catalog.
struct StringsFolder: Sendable, Equatable {
  /// The folder.
  let folder: URL
  /// The folder's entries, sorted; `nil` when the folder cannot be listed.
  let names: [String]?
  /// The bytes of each table file there is, by its path in the folder
  /// (`es.lproj/Localizable.strings`, `Orders.xcstrings`); `nil` bytes for a file that exists
  /// but cannot be read. A localization's table file that does not exist has no entry.
  let files: [String: Data?]

  /// Reads `folder`'s table files.
  static func read(_ folder: URL) -> StringsFolder {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: folder.path).sorted() else {
      return StringsFolder(folder: folder, names: nil, files: [:])
    }
    var files: [String: Data?] = [:]
    /// Records the file at `path` in the folder: its bytes, or `nil` bytes when it exists but
    /// cannot be read (a missing file is left out).
    func note(_ path: String) {
      let url = folder.appendingPathComponent(path)
      if let bytes = try? Data(contentsOf: url) {
        files[path] = .some(bytes)
      } else if manager.fileExists(atPath: url.path) {
        files[path] = .some(nil)
      }
    }
    for name in names where name.hasSuffix(".lproj") {
      note("\(name)/Localizable.strings")
      note("\(name)/Localizable.stringsdict")
    }
    for name in names where name.hasSuffix(".xcstrings") { note(name) }
    return StringsFolder(folder: folder, names: names, files: files)
  }
}

/// Strings folders this process has parsed, with the bytes each was parsed from, so a folder
/// loaded again with the same bytes is not parsed again (a suite's scenarios share one
/// folder; its tables took about 2 ms to parse for each scenario's device).
///
/// A load reads the folder's table files every time and compares their bytes with the ones
/// parsed before: a changed, added or removed file is parsed anew, so what a load gives
/// depends only on the files as they are, as if nothing were kept. At most
/// ``capacity`` folders are kept.
package final class StringsFolderCache: Sendable {
  /// The cache ``StringsBundle/load(folder:developmentRegion:)`` uses.
  package static let shared = StringsFolderCache()

  /// How many folders are kept; loading one more forgets them all.
  package static let capacity = 16

  private struct Entry {
    let contents: StringsFolder
    let developmentRegion: String
    let loaded: (bundle: StringsBundle, diagnostics: [Diagnostic])
  }

  private struct State {
    var entries: [String: Entry] = [:]
    var parses = 0
  }

  private let state = Mutex(State())

  /// Creates an empty cache.
  package init() {}

  /// How many times this cache has parsed a folder (a load it answered from what it kept
  /// does not count).
  package var parses: Int { state.withLock { $0.parses } }

  /// ``StringsBundle/load(folder:developmentRegion:)`` of `folder`: parsed when its files'
  /// bytes (or the development region) differ from the last load of the same folder.
  package func load(folder: URL, developmentRegion: String) -> (StringsBundle, [Diagnostic]) {
    let contents = StringsFolder.read(folder)
    let key = folder.standardizedFileURL.path
    let kept = state.withLock { state -> Entry? in
      guard let entry = state.entries[key], entry.developmentRegion == developmentRegion,
        entry.contents == contents
      else { return nil }
      return entry
    }
    if let kept { return kept.loaded }
    // Parsed outside the lock: loads of other folders, on other threads, do not wait.
    let loaded = StringsBundle.parse(contents, developmentRegion: developmentRegion)
    state.withLock { state in
      state.parses += 1
      if state.entries[key] == nil, state.entries.count >= Self.capacity {
        state.entries.removeAll()
      }
      state.entries[key] = Entry(
        contents: contents, developmentRegion: developmentRegion, loaded: loaded)
    }
    return loaded
  }
}
