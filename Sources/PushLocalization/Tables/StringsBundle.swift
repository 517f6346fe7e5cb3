public import Foundation
public import PushCore

/// An app's strings folder as the device sees it: one `Localizable` table per localization.
///
/// The folder holds `<lang>.lproj/Localizable.strings` and `Localizable.stringsdict` (and
/// `Base.lproj`), and any number of `*.xcstrings` catalogs. For each localization the table is
/// the `.strings` entries, then the `.stringsdict` entries on top (Localization.md §2.2), then the
/// entries every catalog in the folder has for that language (Rules.md §3). A file missing
/// from a localization is taken from `Base.lproj` when that has it (CFBundle's resource search
/// order, Localization.md §4.3). A table that fails to parse counts as empty, with an error
/// (Localization.md §2.2).
public struct StringsBundle: Sendable {
  /// The app's development region (`CFBundleDevelopmentRegion`).
  public var developmentRegion: String
  /// The table for each localization (`.lproj` names without the extension, catalog languages).
  public var tables: [String: StringsTable]

  /// Creates a bundle from tables (for tests and library users).
  public init(developmentRegion: String, tables: [String: StringsTable] = [:]) {
    self.developmentRegion = developmentRegion
    self.tables = tables
  }

  /// The localizations, sorted (`Base` included when the folder has it).
  public var localizations: [String] { tables.keys.sorted() }

  /// The table of a localization (spelled as in ``localizations``; compared case-insensitively
  /// with `_` = `-`); an empty table when there is none.
  public func table(for localization: String) -> StringsTable {
    if let table = tables[localization] { return table }
    let wanted = LanguageTag(localization).normalized
    for (name, table) in tables where LanguageTag(name).normalized == wanted { return table }
    return StringsTable()
  }

  /// The localization a device with these preferred languages uses (Rules.md §3).
  public func match(preferredLanguages: [String]) -> LanguageMatcher.Match {
    LanguageMatcher(developmentRegion: developmentRegion)
      .match(preferred: preferredLanguages, available: localizations)
  }

  /// Loads a strings folder.
  ///
  /// Every file's findings are returned; the bundle always loads (unreadable or broken files
  /// count as empty tables). File names in diagnostics are relative to `folder`'s parent, e.g.
  /// `Strings/es.lproj/Localizable.strings`.
  public static func load(
    folder: URL, developmentRegion: String
  ) -> (StringsBundle, [Diagnostic]) {
    var diagnostics: [Diagnostic] = []
    var bundle = StringsBundle(developmentRegion: developmentRegion)
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else {
      diagnostics.append(
        Diagnostic(
          .error, code: .unreadableFile, location: .file(folder.path),
          message: "cannot read the strings folder", source: .device))
      return (bundle, diagnostics)
    }
    let prefix = folder.lastPathComponent
    var stringsTables: [String: StringsTable] = [:]
    var dictTables: [String: StringsTable] = [:]
    for name in names.sorted() where name.hasSuffix(".lproj") {
      let localization = String(name.dropLast(".lproj".count))
      let lproj = folder.appendingPathComponent(name)
      let stringsURL = lproj.appendingPathComponent("Localizable.strings")
      let dictURL = lproj.appendingPathComponent("Localizable.stringsdict")
      // Every .lproj folder is a localization, with or without a Localizable table (Localization.md
      // §4.3: CFBundle lists the .lproj directory names); without one, its keys are missing.
      bundle.tables[localization] = StringsTable()
      if manager.fileExists(atPath: stringsURL.path) {
        let file = StringsFile.read(
          contentsOf: stringsURL, name: "\(prefix)/\(name)/Localizable.strings")
        diagnostics += file.diagnostics
        stringsTables[localization] = file.table
      }
      if manager.fileExists(atPath: dictURL.path) {
        let file = StringsdictFile.read(
          contentsOf: dictURL, name: "\(prefix)/\(name)/Localizable.stringsdict")
        diagnostics += file.diagnostics
        dictTables[localization] = file.table
      }
    }
    let base = bundle.tables.keys.first { $0.lowercased() == "base" }
    for localization in bundle.tables.keys {
      let strings = stringsTables[localization] ?? base.flatMap { stringsTables[$0] }
      let dict = dictTables[localization] ?? base.flatMap { dictTables[$0] }
      bundle.tables[localization] = (strings ?? StringsTable()).overridden(
        by: dict ?? StringsTable())
    }
    for name in names.sorted() where name.hasSuffix(".xcstrings") {
      let catalog = StringCatalog.read(
        contentsOf: folder.appendingPathComponent(name), name: "\(prefix)/\(name)")
      diagnostics += catalog.diagnostics
      for (language, table) in catalog.tables {
        let existing =
          bundle.tables.first { LanguageTag($0.key).normalized == LanguageTag(language).normalized }
        let key = existing?.key ?? language
        bundle.tables[key] = (existing?.value ?? StringsTable()).overridden(by: table)
      }
    }
    return (bundle, diagnostics)
  }
}
