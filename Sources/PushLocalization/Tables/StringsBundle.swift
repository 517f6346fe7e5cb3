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
  ///
  /// The result depends only on the folder's files as they are now. A folder whose files
  /// hold the same bytes as at an earlier load in this process gives that load's result
  /// without parsing them again (``StringsFolderCache``): the scenarios of a suite share one
  /// strings folder, and parsing it was most of what setting up each scenario's device cost.
  public static func load(
    folder: URL, developmentRegion: String
  ) -> (StringsBundle, [Diagnostic]) {
    StringsFolderCache.shared.load(folder: folder, developmentRegion: developmentRegion)
  }

  /// The bundle and findings of a strings folder's files, read by ``StringsFolder/read(_:)``.
  static func parse(
    _ contents: StringsFolder, developmentRegion: String
  ) -> (StringsBundle, [Diagnostic]) {
    var diagnostics: [Diagnostic] = []
    var bundle = StringsBundle(developmentRegion: developmentRegion)
    let folder = contents.folder
    guard let names = contents.names else {
      diagnostics.append(
        Diagnostic(
          .error, code: .unreadableFile, location: .file(folder.path),
          message: "cannot read the strings folder", source: .device))
      return (bundle, diagnostics)
    }
    let prefix = folder.lastPathComponent
    var stringsTables: [String: StringsTable] = [:]
    var dictTables: [String: StringsTable] = [:]
    // A file that exists but cannot be read is handed to its reader by URL, which reports it
    // as it reports any unreadable file.
    for name in names where name.hasSuffix(".lproj") {
      let localization = String(name.dropLast(".lproj".count))
      let lproj = folder.appendingPathComponent(name)
      let stringsURL = lproj.appendingPathComponent("Localizable.strings")
      let dictURL = lproj.appendingPathComponent("Localizable.stringsdict")
      // Every .lproj folder is a localization, with or without a Localizable table (Localization.md
      // §4.3: CFBundle lists the .lproj directory names); without one, its keys are missing.
      bundle.tables[localization] = StringsTable()
      if let bytes = contents.files["\(name)/Localizable.strings"] {
        let file = "\(prefix)/\(name)/Localizable.strings"
        let read =
          bytes.map { StringsFile.read(data: $0, file: file) }
          ?? StringsFile.read(contentsOf: stringsURL, name: file)
        diagnostics += read.diagnostics
        stringsTables[localization] = read.table
      }
      if let bytes = contents.files["\(name)/Localizable.stringsdict"] {
        let file = "\(prefix)/\(name)/Localizable.stringsdict"
        let read =
          bytes.map {
            StringsdictFile.read(
              data: $0, file: file, language: StringsdictFile.language(of: dictURL))
          } ?? StringsdictFile.read(contentsOf: dictURL, name: file)
        diagnostics += read.diagnostics
        dictTables[localization] = read.table
      }
    }
    let base = bundle.tables.keys.first { $0.lowercased() == "base" }
    for localization in bundle.tables.keys {
      let strings = stringsTables[localization] ?? base.flatMap { stringsTables[$0] }
      let dict = dictTables[localization] ?? base.flatMap { dictTables[$0] }
      bundle.tables[localization] = (strings ?? StringsTable()).overridden(
        by: dict ?? StringsTable())
    }
    for name in names where name.hasSuffix(".xcstrings") {
      let url = folder.appendingPathComponent(name)
      let file = "\(prefix)/\(name)"
      let catalog =
        (contents.files[name] ?? nil).map { StringCatalog.read(data: $0, file: file) }
        ?? StringCatalog.read(contentsOf: url, name: file)
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
