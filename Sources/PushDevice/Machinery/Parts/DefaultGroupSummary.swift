import PushLocalization

/// The summary line under a group whose category has no `categorySummaryFormat`
/// ("3 more notifications"), in the device's language and grammatical for every count.
///
/// iOS writes this line itself, in the system language, and Apple does not publish its text:
/// the wording here is PushSim's (`source: model`, Rules.md §4). The system language is the
/// device's most preferred language; a language missing from the table reads in English. The
/// count picks a form by the language's CLDR plural category (``PluralRules``), so Czech says
/// "1 další oznámení", "3 další oznámení" and "5 dalších oznámení".
package enum DefaultGroupSummary {
  /// `%u` formats by plural category, for each language (and script, for Serbian).
  static let formats: [String: [PluralCategory: String]] = [
    "en": [.one: "%u more notification", .other: "%u more notifications"],
    "es": [
      .one: "%u notificación más", .many: "%u de notificaciones más",
      .other: "%u notificaciones más",
    ],
    "cs": [
      .one: "%u další oznámení", .few: "%u další oznámení", .many: "%u dalšího oznámení",
      .other: "%u dalších oznámení",
    ],
    "sr-cyrl": [
      .one: "још %u обавештење", .few: "још %u обавештења",
      .other: "још %u обавештења",
    ],
    "sr-latn": [
      .one: "još %u obaveštenje", .few: "još %u obaveštenja",
      .other: "još %u obaveštenja",
    ],
  ]

  /// The languages the table covers (Serbian in both scripts).
  package static var languages: [String] { formats.keys.sorted() }

  /// The `%u` format for `count` other notifications on a device whose preferred languages are
  /// `languages` (most preferred first).
  package static func format(count: Int, languages: [String]) -> String {
    let tag = LanguageTag(languages.first ?? "en")
    let key = tag.language == "sr" ? "sr-\(tag.effectiveScript ?? "cyrl")" : tag.language
    guard let forms = formats[key] else { return format(count: count, languages: ["en"]) }
    let category = PluralRules.forLanguage(tag.original).category(for: PluralOperands(count))
    return forms[category] ?? forms[.other] ?? "%u"
  }
}
