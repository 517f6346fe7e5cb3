/// One localization's `Localizable` table: key → value, as CFBundle merges it.
///
/// `.strings` entries first, then `.stringsdict` entries override the same keys (Localization.md
/// §2.2, Rules.md §3), then String Catalog entries for this language. Keys are
/// case-sensitive (Localization.md §1.6). A key missing here is missing: there is no per-key
/// fallback to another language (Localization.md §2.2).
public struct StringsTable: Sendable, Hashable {
  /// The entries by key.
  public var entries: [String: LocalizedValue]

  /// Creates a table.
  public init(entries: [String: LocalizedValue] = [:]) {
    self.entries = entries
  }

  /// Creates a table of plain formats.
  public init(strings: [String: String]) {
    entries = strings.mapValues { .format($0) }
  }

  /// The value for `key`, if the table has it.
  public subscript(key: String) -> LocalizedValue? { entries[key] }

  /// The keys, sorted.
  public var keys: [String] { entries.keys.sorted() }

  /// The number of entries.
  public var count: Int { entries.count }

  /// This table with `other`'s entries on top (same keys: `other` wins).
  public func overridden(by other: StringsTable) -> StringsTable {
    StringsTable(entries: entries.merging(other.entries) { _, new in new })
  }
}
