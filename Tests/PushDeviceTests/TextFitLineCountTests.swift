import Testing

@testable import PushDevice

/// A fit counts lines without building them, scalar by scalar when every scalar is a character
/// of its own: the count (and so whether a text is cut, and the `text-truncated` finding) is
/// the one the greedy wrap gives, character by character, for every kind of text.
@Suite struct TextFitLineCountTests {
  static let fits: [TextFit] = [
    .bannerBody, .lockScreenBody, .titleLine, TextFit(lines: 1, unitsPerLine: 4),
    TextFit(lines: 3, unitsPerLine: 9.5),
  ]

  /// Pieces of text of every kind a payload brings.
  static let pieces: [String] = [
    "a", "Ana", "Mensaje", "número", "¿Cómo", "estás?", "iIlL", "MmWw", "(x)", "100%", "@home",
    " ", " ", "  ", "\n", "\n\n", "\r\n", "\r", "\t",
    "Привет", "ЖЮШЩ", "Ελληνικά", "\u{037E}", "\u{0387}", "ŉ", "ǅ", "ß", "\u{00AD}",
    "e\u{0301}", "i\u{0301}", "a\u{0308}\u{0323}", "\u{0301}", "й", "\u{0483}",
    "你好", "漢字かなカナ", "한국어", "ｆｕｌｌ",
    "👍", "👍🏽", "👩‍👩‍👧", "🏳️‍🌈", "🇪🇸", "❤️", "©", "☺︎", "1️⃣",
    "العربية", "עברית", "हिन्दी", "ไทย",
    "Supercalifragilisticexpialidocious", "ааааааааааааааааааааааааааааааааааааааааааааа",
  ]

  /// A deterministic sample of texts made of those pieces.
  static func sample(count: Int) -> [String] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    return (0..<count).map { _ in
      (0..<next(40)).map { _ in pieces[next(pieces.count)] }.joined()
    }
  }

  @Test func theCountIsTheWrapsForEveryKindOfText() {
    for text in Self.pieces + Self.sample(count: 600) {
      for fit in Self.fits {
        let wrapped = fit.wrap(text).count
        #expect(fit.lineCount(text) == wrapped, "\(fit) \(text.debugDescription)")
        #expect(fit.lineCountByCharacter(text) == wrapped, "\(fit) \(text.debugDescription)")
        #expect(fit.fit(text).neededLines == wrapped)
      }
    }
  }

  /// A text short enough is one line without measuring (`lineCount`): that rests on no
  /// character being wider, per byte of its UTF-8, than ``TextFit/widestUnitsPerByte``.
  @Test func noCharacterIsWiderPerByteThanTheShortcutAssumes() {
    let characters =
      Self.pieces.flatMap { Array($0) }
      + (0..<0x530).compactMap { Unicode.Scalar(UInt32($0)).map(Character.init) }
    for character in characters {
      #expect(
        TextFit.width(of: character)
          <= TextFit.widestUnitsPerByte * Double(character.utf8.count),
        "\(character.debugDescription)")
    }
  }

  @Test func scalarByScalarCountsAsCharacterByCharacter() {
    let simple = Self.sample(count: 600).map { text in
      String(String.UnicodeScalarView(text.unicodeScalars.filter(TextFit.isSingleScalarCharacter)))
    }
    for text in simple {
      for fit in Self.fits {
        #expect(fit.lineCountByScalar(text) == fit.lineCountByCharacter(text))
      }
    }
  }

  @Test func everyScalarMeasuredAloneIsACharacterOfItsOwnWithItsWidth() {
    for value in 0..<TextFit.scalarWidths.count {
      guard let scalar = Unicode.Scalar(UInt32(value)), TextFit.isSingleScalarCharacter(scalar)
      else { continue }
      let alone = String(Character(scalar))
      #expect("a\(alone)b".count == 3, "U+\(String(value, radix: 16))")
      #expect("\(alone)\(alone)".count == 2, "U+\(String(value, radix: 16))")
      #expect("\n\(alone)\n".count == 3, "U+\(String(value, radix: 16))")
      #expect(TextFit.scalarWidths[value] == TextFit.measuredWidth(of: Character(scalar)))
    }
    // Combining marks and a carriage return join their neighbours: measured as characters.
    for value: UInt32 in [0x0D, 0x0300, 0x036F, 0x0483, 0x0489] {
      #expect(Unicode.Scalar(value).map(TextFit.isSingleScalarCharacter) == false)
    }
  }

  @Test func aCutTextKeepsItsFirstLinesAndAnEllipsis() {
    let text =
      "Mensaje número 12 ¿Cómo estás? Te espero en la estación a las ocho y media, "
      + "no llegues tarde porque el tren sale puntual"
    let banner = TextFit.bannerBody.fit(text)
    #expect(banner.isTruncated && banner.neededLines == 3)
    // The two kept lines, joined by the space they broke at, the second ending in "…".
    #expect(
      banner.text
        == "Mensaje número 12 ¿Cómo estás? Te espero en la estación a las ocho y media, no llegues…"
    )
    let lock = TextFit.lockScreenBody.fit(text)
    #expect(lock == TextFit.Result(text: text, isTruncated: false, neededLines: 3))
  }
}
