import Foundation
import PushLocalization

extension Device {
  /// Formats a category text (`categorySummaryFormat`, `hiddenPreviewsBodyPlaceholder`) in the
  /// device's language: when the app's table has an entry named like the text (a `.stringsdict`
  /// plural, say), that entry is the format. `%u` prints `count`, `%@` prints `argument`
  /// (Behavior.md §4; Rules.md §4, §5 step 8).
  func formatCategoryText(_ format: String, count: Int, argument: String) -> String {
    let number = FormatArgument.number(count)
    let text = FormatArgument.text(argument)
    let stringFirst = Self.stringComesFirst(in: format)
    return localizer.format(format, arguments: stringFirst ? [text, number] : [number, text]).text
  }

  /// Whether the first conversion of `format` is `%@` (so the string argument goes first).
  static func stringComesFirst(in format: String) -> Bool {
    var afterPercent = false
    for character in format {
      if afterPercent {
        if character == "%" {
          afterPercent = false
          continue
        }
        if character == "@" { return true }
        if "udiD".contains(character) || character == "#" { return false }
        if character.isLetter && !"lhqzjt".contains(character) { return false }
        continue
      }
      afterPercent = character == "%"
    }
    return false
  }
}
