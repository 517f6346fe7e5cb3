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
