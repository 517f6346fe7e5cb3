import Foundation
import PushCore
import PushSimTestSupport
import Testing

@testable import PushLocalization

/// A strings folder loaded again with the same bytes is not parsed again, and a load gives
/// what parsing the folder's files as they are gives: a changed, added or removed file, or
/// another development region, is read anew.
@Suite struct StringsFolderCacheTests {
  /// A fresh folder named `Strings` holding `files` (path in the folder → text), inside a
  /// folder of its own that the caller removes.
  static func folder(_ files: [String: String]) throws -> URL {
    let strings = Dictionary(uniqueKeysWithValues: files.map { ("Strings/\($0.key)", $0.value) })
    return try TemporaryFolder.writing(strings, prefix: "pushsim-strings-cache")
      .appendingPathComponent("Strings")
  }

  static let english = #""greeting" = "Hello %@";"#
  static let spanish = #""greeting" = "Hola %@";"#
  static let catalog = """
    { "sourceLanguage": "en", "version": "1.0", "strings": { "order": { "localizations": {
      "cs": { "stringUnit": { "state": "translated", "value": "Objednávka" } } } } } }
    """

  @Test func anUnchangedFolderIsParsedOnce() throws {
    let folder = try Self.folder([
      "en.lproj/Localizable.strings": Self.english,
      "es.lproj/Localizable.strings": Self.spanish,
      "Orders.xcstrings": Self.catalog,
    ])
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let cache = StringsFolderCache()
    let first = cache.load(folder: folder, developmentRegion: "en")
    let second = cache.load(folder: folder, developmentRegion: "en")
    #expect(cache.parses == 1)
    #expect(second.0.tables == first.0.tables)
    #expect(second.0.table(for: "es")["greeting"] == .format("Hola %@"))
    #expect(second.0.table(for: "cs")["order"] == .format("Objednávka"))
  }

  @Test func aChangedAddedOrRemovedFileOrAnotherRegionIsReadAnew() throws {
    let folder = try Self.folder(["en.lproj/Localizable.strings": Self.english])
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let cache = StringsFolderCache()
    _ = cache.load(folder: folder, developmentRegion: "en")

    // The same length, other bytes.
    try Data(#""greeting" = "Howdy %@";"#.utf8).write(
      to: folder.appendingPathComponent("en.lproj/Localizable.strings"))
    let changed = cache.load(folder: folder, developmentRegion: "en")
    #expect(changed.0.table(for: "en")["greeting"] == .format("Howdy %@"))

    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("es.lproj"), withIntermediateDirectories: true)
    try Data(Self.spanish.utf8).write(
      to: folder.appendingPathComponent("es.lproj/Localizable.strings"))
    let added = cache.load(folder: folder, developmentRegion: "en")
    #expect(added.0.localizations == ["en", "es"])

    try FileManager.default.removeItem(
      at: folder.appendingPathComponent("es.lproj/Localizable.strings"))
    let removed = cache.load(folder: folder, developmentRegion: "en")
    #expect(removed.0.table(for: "es")["greeting"] == nil)

    let otherRegion = cache.load(folder: folder, developmentRegion: "es")
    #expect(otherRegion.0.developmentRegion == "es")
    #expect(cache.parses == 5)
  }

  /// A kept load gives the findings too (a broken table is reported for every device).
  @Test func findingsComeBackWithAKeptLoad() throws {
    let folder = try Self.folder([
      "en.lproj/Localizable.strings": #""greeting" = "Hello""#,
      "Broken.xcstrings": "{ not json",
    ])
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let cache = StringsFolderCache()
    let fresh = StringsBundle.parse(StringsFolder.read(folder), developmentRegion: "en").1
    #expect(fresh.count >= 2)
    #expect(cache.load(folder: folder, developmentRegion: "en").1 == fresh)
    #expect(cache.load(folder: folder, developmentRegion: "en").1 == fresh)
    #expect(cache.parses == 1)
  }

  @Test func aFolderThatCannotBeListedIsAnErrorEveryTime() {
    let missing = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-no-such-folder-\(UUID().uuidString)")
    let cache = StringsFolderCache()
    for _ in 0..<2 {
      let (bundle, found) = cache.load(folder: missing, developmentRegion: "en")
      #expect(bundle.tables.isEmpty)
      #expect(found.map(\.code) == [.unreadableFile])
    }
  }

  @Test func pastItsCapacityTheCacheStartsAgain() throws {
    let folders = try (0...StringsFolderCache.capacity).map { _ in
      try Self.folder(["en.lproj/Localizable.strings": Self.english])
    }
    defer {
      for folder in folders {
        try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
      }
    }
    let cache = StringsFolderCache()
    for folder in folders { _ = cache.load(folder: folder, developmentRegion: "en") }
    _ = cache.load(folder: folders[0], developmentRegion: "en")
    #expect(cache.parses == folders.count + 1)
    _ = cache.load(folder: folders[0], developmentRegion: "en")
    #expect(cache.parses == folders.count + 1)
  }
}
