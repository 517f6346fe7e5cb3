import Testing

@testable import PushDevice

/// The byte-by-byte width of ASCII text is the width character by character, so a fit (and a
/// `text-truncated` finding) does not depend on which path measured it.
@Suite struct TextFitWidthTests {
  @Test func everyASCIICharacterHasItsMeasuredWidth() {
    for code in 0..<128 {
      let character = Character(Unicode.Scalar(UInt8(code)))
      #expect(TextFit.width(of: character) == TextFit.measuredWidth(of: character))
    }
  }

  /// Every scalar of the Basic Multilingual Plane, and a sample of the others.
  static var loneScalars: [Unicode.Scalar] {
    (Array(0..<0x1_0000) + Array(stride(from: 0x1_0000, to: 0x11_0000, by: 37))).compactMap {
      Unicode.Scalar(UInt32($0))
    }
  }

  @Test func aCharacterOfOneScalarHasItsMeasuredWidthWithoutComparisons() {
    var mismatches: [String] = []
    for scalar in Self.loneScalars {
      let character = Character(scalar)
      let measured = TextFit.measuredWidth(of: character)
      if TextFit.width(of: character) != measured
        || (scalar.value >= 0x530 && TextFit.measuredWidth(ofLoneScalar: scalar) != measured)
      {
        mismatches.append("U+" + String(scalar.value, radix: 16, uppercase: true))
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
  }

  @Test(arguments: [
    "Mensaje 12: Listo!", "iIlL MmWw (x) [y] \"z\" 100%", "línea\nnueva", "a\r\nb", "\r",
    "Ana 1 ¿Cómo estás?", "你好 world", "👍🏽 ok", "",
  ])
  func aTextIsTheSumOfItsCharacters(text: String) {
    let characterByCharacter = text.reduce(0) { $0 + TextFit.measuredWidth(of: $1) }
    #expect(TextFit.width(of: text) == characterByCharacter)
    #expect(TextFit.width(of: text[...]) == characterByCharacter)
  }
}
