/// Chooses the app localization a device uses, as Rules.md §3 decides (after Apple's
/// Technical Q&A QA1828, Localization.md §4.3).
///
/// For each preferred language in order, the first app localization that is
/// 1. the same tag (case-insensitive, `_` = `-`, implied scripts filled in), else
/// 2. the same language and script with the preference's region dropped (`es-MX` → `es`,
///    `sr-Latn-RS` → `sr-Latn`, `zh-TW` → `zh-Hant`).
///
/// Never the reverse: `en` does not pick `en-GB`. A script must match, so `sr-Latn` never picks
/// `sr` (Cyrillic). No match for any preference: the development region. `Base.lproj` counts as
/// the development region. `source: model` for the parts Apple leaves undocumented.
public struct LanguageMatcher: Sendable, Hashable {
  /// How a localization was chosen.
  public enum Reason: String, Sendable, Hashable, Codable {
    /// The preference names this localization exactly.
    case exact
    /// The preference's region was dropped to find it (`es-MX` → `es`).
    case regionDropped
    /// No preference matched: the development region.
    case developmentRegion
  }

  /// The outcome of a language choice.
  public struct Match: Sendable, Hashable {
    /// The chosen localization, spelled as the app spells it (`es`, `sr-Latn`, `Base`).
    public var localization: String
    /// The language whose plural rules and formatting apply: the localization, or the
    /// development region when the localization is `Base`.
    public var language: String
    /// The preferred language that picked it, `nil` for the development-region fallback.
    public var preference: String?
    /// How it was chosen.
    public var reason: Reason
  }

  /// The app's development region (`CFBundleDevelopmentRegion`).
  public var developmentRegion: String

  /// Creates a matcher for an app whose development region is `developmentRegion`.
  public init(developmentRegion: String) {
    self.developmentRegion = developmentRegion
  }

  /// Chooses among `available` (the app's localizations: `.lproj` names and catalog languages)
  /// for a device whose preferred languages are `preferred`.
  ///
  /// - Complexity: O(preferences × localizations).
  public func match(preferred: [String], available: [String]) -> Match {
    let hasBase = available.contains { $0.lowercased() == "base" }
    var candidates = available.filter { $0.lowercased() != "base" }.map { ($0, LanguageTag($0)) }
    let development = LanguageTag(developmentRegion)
    if hasBase, !candidates.contains(where: { $0.1.isSameLocale(as: development) }) {
      // Base.lproj holds the development region's resources (Localization.md §4.3, CF-Locale).
      candidates.append(("Base", development))
    }
    for preference in preferred {
      let wanted = LanguageTag(preference)
      if let exact = candidates.first(where: { $0.1.isSameLocale(as: wanted) }) {
        return Match(
          localization: exact.0, language: language(of: exact.0), preference: preference,
          reason: .exact)
      }
      guard wanted.region != nil else { continue }
      if let general = candidates.first(where: {
        $0.1.region == nil && $0.1.language == wanted.language
          && $0.1.effectiveScript == wanted.effectiveScript
      }) {
        return Match(
          localization: general.0, language: language(of: general.0), preference: preference,
          reason: .regionDropped)
      }
    }
    let fallback =
      candidates.first(where: { $0.1.isSameLocale(as: development) })?.0 ?? developmentRegion
    return Match(
      localization: fallback, language: language(of: fallback), preference: nil,
      reason: .developmentRegion)
  }

  private func language(of localization: String) -> String {
    localization.lowercased() == "base" ? developmentRegion : localization
  }
}
