/// A BCP 47 language tag reduced to what iOS's language choice looks at: language, script and
/// region.
///
/// Tags compare case-insensitively with `_` and `-` equal (Rules.md §3). A missing
/// script is implied where Rules.md §3 says so: `sr` means `sr-Cyrl`; `zh` means
/// `zh-Hans`, except with the regions `TW`, `HK` and `MO`, where it means `zh-Hant`.
public struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
  /// The tag as written (for display).
  public var original: String
  /// Lowercased primary language subtag (`en`, `sr`, `zh`).
  public var language: String
  /// Lowercased script subtag as written (`latn`), or `nil`.
  public var script: String?
  /// Lowercased region subtag (`mx`, `419`), or `nil`.
  public var region: String?

  /// Parses a tag such as `sr-Latn-RS`, `pt_BR`, `zh-Hant`, `es-419`.
  ///
  /// Subtags after the region (variants, extensions) are ignored.
  public init(_ tag: String) {
    original = tag
    let parts = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
    language = parts.first ?? ""
    script = nil
    region = nil
    for part in parts.dropFirst() {
      if part.count == 4, script == nil, region == nil, part.allSatisfy(\.isLetter) {
        script = part
      } else if region == nil,
        (part.count == 2 && part.allSatisfy(\.isLetter))
          || (part.count == 3 && part.allSatisfy(\.isNumber))
      {
        region = part
      } else {
        break
      }
    }
  }

  /// The script the tag means: the written one, else the implied one (`sr` → `cyrl`,
  /// `zh` → `hans`, `zh-TW`/`zh-HK`/`zh-MO` → `hant`), else `nil`.
  public var effectiveScript: String? {
    if let script { return script }
    switch language {
    case "sr": return "cyrl"
    case "zh":
      if let region, ["tw", "hk", "mo"].contains(region) { return "hant" }
      return "hans"
    default: return nil
    }
  }

  /// The normalized form: lowercase, `-` separated (`sr-latn-rs`).
  public var normalized: String {
    [language, script, region].compactMap { $0 }.joined(separator: "-")
  }

  /// Whether two tags name the same language, script and region once implied scripts are
  /// filled in (`zh-TW` and `zh-Hant-TW` are the same).
  public func isSameLocale(as other: LanguageTag) -> Bool {
    language == other.language && effectiveScript == other.effectiveScript
      && region == other.region
  }

  /// The tag as written.
  public var description: String { original }
}
