import Foundation

extension Device {
  /// Formats a category text (`categorySummaryFormat`, `hiddenPreviewsBodyPlaceholder`):
  /// `%u` (and the other integer conversions) prints `count`, `%@` prints `argument`, `%%`
  /// prints `%` (spec §4; model-decisions.md §4, §5 step 8).
  func formatCategoryText(_ format: String, count: Int, argument: String) -> String {
    CategoryTextFormat.format(format, count: count, argument: argument)
  }
}

/// The tiny format language of category texts: one number, one string.
enum CategoryTextFormat {
  /// Formats `format`; unknown conversions are printed as written.
  static func format(_ format: String, count: Int, argument: String) -> String {
    var output = ""
    var characters = format[...]
    while let next = characters.first {
      characters = characters.dropFirst()
      guard next == "%" else {
        output.append(next)
        continue
      }
      var spec = characters
      // Optional position `n$`, then length modifiers, then the conversion.
      let digits = spec.prefix(while: \.isNumber)
      if !digits.isEmpty, spec.dropFirst(digits.count).first == "$" {
        spec = spec.dropFirst(digits.count + 1)
      }
      let modifiers = spec.prefix(while: { "lhqzjt".contains($0) })
      spec = spec.dropFirst(modifiers.count)
      guard let conversion = spec.first else {
        output.append("%")
        continue
      }
      switch conversion {
      case "%": output.append("%")
      case "u", "d", "i": output += String(count)
      case "@": output += argument
      default:
        output.append("%")
        continue
      }
      characters = spec.dropFirst()
    }
    return output
  }
}
