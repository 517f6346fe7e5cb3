/// CLDR cardinal plural rules, copied as text from unicode-org/cldr
/// `common/supplemental/plurals.xml` (commit 004469dc, the newer of the two versions that
/// Localization.md §2.4 read: `es`, `it`, `pt` and `fr` have `many` for multiples of a million).
///
/// Each rule keeps CLDR's `@integer`/`@decimal` samples: the tests check every sample against its
/// category. Covers at least the languages issue 3 lists.
enum CLDRPluralRuleTable {
  /// One `<pluralRules>` element.
  struct Group: Sendable {
    /// Space-separated CLDR locales.
    var locales: String
    /// Category and rule text with samples, in CLDR order.
    var rules: [(category: PluralCategory, condition: String)]
  }

  static let groups: [Group] = [
    Group(
      locales:
        "bm bo dz hnj id ig ii in ja jbo jv jw kde kea km ko lkt lo ms my nqo osa root sah ses sg su th to tpi vi wo yo yue zh",
      rules: [
        (
          .other,
          " @integer 0~15, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
        )
      ]),
    Group(
      locales: "am as bn doi fa gu hi kn pcm zu",
      rules: [
        (.one, "i = 0 or n = 1 @integer 0, 1 @decimal 0.0~1.0, 0.00~0.04"),
        (
          .other,
          " @integer 2~17, 100, 1000, 10000, 100000, 1000000, … @decimal 1.1~2.6, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
        ),
      ]),
    Group(
      locales: "ast de en et fi fy gl ia io ji lij nl sc scn sv sw ur yi",
      rules: [
        (.one, "i = 1 and v = 0 @integer 1"),
        (
          .other,
          " @integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
        ),
      ]),
    Group(
      locales:
        "af an asa az bal bem bez bg brx ce cgg chr ckb dv ee el eo eu fo fur gsw ha haw hu jgo jmc ka kaj kcg kk kkj kl ks ksb ku ky lb lg mas mgo ml mn mr nah nb nd ne nn nnh no nr ny nyn om or os pap ps rm rof rwk saq sd sdh seh sn so sq ss ssy st syr ta te teo tig tk tn tr ts ug uz ve vo vun wae xh xog",
      rules: [
        (.one, "n = 1 @integer 1 @decimal 1.0, 1.00, 1.000, 1.0000"),
        (
          .other,
          " @integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~0.9, 1.1~1.6, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
        ),
      ]),
    Group(
      locales: "da",
      rules: [
        (.one, "n = 1 or t != 0 and i = 0,1 @integer 1 @decimal 0.1~1.6"),
        (
          .other,
          " @integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0, 2.0~3.4, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
        ),
      ]),
    Group(
      locales: "lv prg",
      rules: [
        (
          .zero,
          "n % 10 = 0 or n % 100 = 11..19 or v = 2 and f % 100 = 11..19 @integer 0, 10~20, 30, 40, 50, 60, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
        ),
        (
          .one,
          "n % 10 = 1 and n % 100 != 11 or v = 2 and f % 10 = 1 and f % 100 != 11 or v != 2 and f % 10 = 1 @integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, … @decimal 0.1, 1.0, 1.1, 2.1, 3.1, 4.1, 5.1, 6.1, 7.1, 10.1, 100.1, 1000.1, …"
        ),
        (
          .other,
          " @integer 2~9, 22~29, 102, 1002, … @decimal 0.2~0.9, 1.2~1.9, 10.2, 100.2, 1000.2, …"
        ),
      ]),
    Group(
      locales: "mo ro",
      rules: [
        (.one, "i = 1 and v = 0 @integer 1"),
        (
          .few,
          "v != 0 or n = 0 or n % 100 = 2..19 @integer 0, 2~16, 102, 1002, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
        ),
        (.other, " @integer 20~35, 100, 1000, 10000, 100000, 1000000, …"),
      ]),
    Group(
      locales: "bs hr sh sr",
      rules: [
        (
          .one,
          "v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11 @integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, … @decimal 0.1, 1.1, 2.1, 3.1, 4.1, 5.1, 6.1, 7.1, 10.1, 100.1, 1000.1, …"
        ),
        (
          .few,
          "v = 0 and i % 10 = 2..4 and i % 100 != 12..14 or f % 10 = 2..4 and f % 100 != 12..14 @integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, … @decimal 0.2~0.4, 1.2~1.4, 2.2~2.4, 3.2~3.4, 4.2~4.4, 5.2, 10.2, 100.2, 1000.2, …"
        ),
        (
          .other,
          " @integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0, 0.5~1.0, 1.5~2.0, 2.5~2.7, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
        ),
      ]),
    Group(
      locales: "fr",
      rules: [
        (.one, "i = 0,1 @integer 0, 1 @decimal 0.0~1.5"),
        (
          .many,
          "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5 @integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, … @decimal 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6, …"
        ),
        (
          .other,
          " @integer 2~17, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, … @decimal 2.0~3.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, 1.0001c3, 1.1c3, 2.0001c3, 2.1c3, 3.0001c3, 3.1c3, …"
        ),
      ]),
    Group(
      locales: "pt",
      rules: [
        (.one, "i = 0..1 @integer 0, 1 @decimal 0.0~1.5"),
        (
          .many,
          "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5 @integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, … @decimal 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6, …"
        ),
        (
          .other,
          " @integer 2~17, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, … @decimal 2.0~3.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, 1.0001c3, 1.1c3, 2.0001c3, 2.1c3, 3.0001c3, 3.1c3, …"
        ),
      ]),
    Group(
      locales: "ca it pt_PT",
      rules: [
        (.one, "i = 1 and v = 0 @integer 1"),
        (
          .many,
          "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5 @integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, … @decimal 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6, …"
        ),
        (
          .other,
          " @integer 0, 2~16, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, 1.0001c3, 1.1c3, 2.0001c3, 2.1c3, 3.0001c3, 3.1c3, …"
        ),
      ]),
    Group(
      locales: "es",
      rules: [
        (.one, "n = 1 @integer 1 @decimal 1.0, 1.00, 1.000, 1.0000"),
        (
          .many,
          "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5 @integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, … @decimal 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6, …"
        ),
        (
          .other,
          " @integer 0, 2~16, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, … @decimal 0.0~0.9, 1.1~1.6, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, 1.0001c3, 1.1c3, 2.0001c3, 2.1c3, 3.0001c3, 3.1c3, …"
        ),
      ]),
    Group(
      locales: "sl",
      rules: [
        (.one, "v = 0 and i % 100 = 1 @integer 1, 101, 201, 301, 401, 501, 601, 701, 1001, …"),
        (.two, "v = 0 and i % 100 = 2 @integer 2, 102, 202, 302, 402, 502, 602, 702, 1002, …"),
        (
          .few,
          "v = 0 and i % 100 = 3..4 or v != 0 @integer 3, 4, 103, 104, 203, 204, 303, 304, 403, 404, 503, 504, 603, 604, 703, 704, 1003, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
        ),
        (.other, " @integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …"),
      ]),
    Group(
      locales: "he iw",
      rules: [
        (.one, "i = 1 and v = 0 @integer 1"),
        (.two, "i = 2 and v = 0 @integer 2"),
        (
          .many,
          "v = 0 and n != 0..10 and n % 10 = 0 @integer 20, 30, 40, 50, 60, 70, 80, 90, 100, 1000, 10000, 100000, 1000000, …"
        ),
        (
          .other,
          " @integer 0, 3~17, 101, 1001, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
        ),
      ]),
    Group(
      locales: "cs sk",
      rules: [
        (.one, "i = 1 and v = 0 @integer 1"),
        (.few, "i = 2..4 and v = 0 @integer 2~4"),
        (
          .many,
          "v != 0   @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
        ),
        (.other, " @integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …"),
      ]),
    Group(
      locales: "pl",
      rules: [
        (.one, "i = 1 and v = 0 @integer 1"),
        (
          .few,
          "v = 0 and i % 10 = 2..4 and i % 100 != 12..14 @integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, …"
        ),
        (
          .many,
          "v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14 @integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …"
        ),
        (.other, "   @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
      ]),
    Group(
      locales: "lt",
      rules: [
        (
          .one,
          "n % 10 = 1 and n % 100 != 11..19 @integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, … @decimal 1.0, 21.0, 31.0, 41.0, 51.0, 61.0, 71.0, 81.0, 101.0, 1001.0, …"
        ),
        (
          .few,
          "n % 10 = 2..9 and n % 100 != 11..19 @integer 2~9, 22~29, 102, 1002, … @decimal 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 22.0, 102.0, 1002.0, …"
        ),
        (.many, "f != 0   @decimal 0.1~0.9, 1.1~1.7, 10.1, 100.1, 1000.1, …"),
        (
          .other,
          " @integer 0, 10~20, 30, 40, 50, 60, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
        ),
      ]),
    Group(
      locales: "ru uk",
      rules: [
        (
          .one,
          "v = 0 and i % 10 = 1 and i % 100 != 11 @integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, …"
        ),
        (
          .few,
          "v = 0 and i % 10 = 2..4 and i % 100 != 12..14 @integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, …"
        ),
        (
          .many,
          "v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14 @integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …"
        ),
        (.other, "   @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
      ]),
    Group(
      locales: "be",
      rules: [
        (
          .one,
          "n % 10 = 1 and n % 100 != 11 @integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, … @decimal 1.0, 21.0, 31.0, 41.0, 51.0, 61.0, 71.0, 81.0, 101.0, 1001.0, …"
        ),
        (
          .few,
          "n % 10 = 2..4 and n % 100 != 12..14 @integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, … @decimal 2.0, 3.0, 4.0, 22.0, 23.0, 24.0, 32.0, 33.0, 102.0, 1002.0, …"
        ),
        (
          .many,
          "n % 10 = 0 or n % 10 = 5..9 or n % 100 = 11..14 @integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
        ),
        (.other, "   @decimal 0.1~0.9, 1.1~1.7, 10.1, 100.1, 1000.1, …"),
      ]),
    Group(
      locales: "ga",
      rules: [
        (.one, "n = 1 @integer 1 @decimal 1.0, 1.00, 1.000, 1.0000"),
        (.two, "n = 2 @integer 2 @decimal 2.0, 2.00, 2.000, 2.0000"),
        (
          .few,
          "n = 3..6 @integer 3~6 @decimal 3.0, 4.0, 5.0, 6.0, 3.00, 4.00, 5.00, 6.00, 3.000, 4.000, 5.000, 6.000, 3.0000, 4.0000, 5.0000, 6.0000"
        ),
        (
          .many,
          "n = 7..10 @integer 7~10 @decimal 7.0, 8.0, 9.0, 10.0, 7.00, 8.00, 9.00, 10.00, 7.000, 8.000, 9.000, 10.000, 7.0000, 8.0000, 9.0000, 10.0000"
        ),
        (
          .other,
          " @integer 0, 11~25, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~0.9, 1.1~1.6, 10.1, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
        ),
      ]),
    Group(
      locales: "ar ars",
      rules: [
        (.zero, "n = 0 @integer 0 @decimal 0.0, 0.00, 0.000, 0.0000"),
        (.one, "n = 1 @integer 1 @decimal 1.0, 1.00, 1.000, 1.0000"),
        (.two, "n = 2 @integer 2 @decimal 2.0, 2.00, 2.000, 2.0000"),
        (
          .few,
          "n % 100 = 3..10 @integer 3~10, 103~110, 1003, … @decimal 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 103.0, 1003.0, …"
        ),
        (
          .many,
          "n % 100 = 11..99 @integer 11~26, 111, 1011, … @decimal 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 111.0, 1011.0, …"
        ),
        (
          .other,
          " @integer 100~102, 200~202, 300~302, 400~402, 500~502, 600, 1000, 10000, 100000, 1000000, … @decimal 0.1~0.9, 1.1~1.7, 10.1, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
        ),
      ]),
    Group(
      locales: "cy",
      rules: [
        (.zero, "n = 0 @integer 0 @decimal 0.0, 0.00, 0.000, 0.0000"),
        (.one, "n = 1 @integer 1 @decimal 1.0, 1.00, 1.000, 1.0000"),
        (.two, "n = 2 @integer 2 @decimal 2.0, 2.00, 2.000, 2.0000"),
        (.few, "n = 3 @integer 3 @decimal 3.0, 3.00, 3.000, 3.0000"),
        (.many, "n = 6 @integer 6 @decimal 6.0, 6.00, 6.000, 6.0000"),
        (
          .other,
          " @integer 4, 5, 7~20, 100, 1000, 10000, 100000, 1000000, … @decimal 0.1~0.9, 1.1~1.7, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
        ),
      ]),
  ]
}
