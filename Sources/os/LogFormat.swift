import Foundation

/// `os_log`'s `printf` formats, written without ever handing `String(format:)` an argument of
/// the wrong type (Rules.md §9.11).
///
/// `String(format:)` reads each argument as its conversion says: an `Int` given to `%@` or `%s`
/// is read as a pointer, and the whole process ends. So each conversion is checked against its
/// argument first (``LogSpecifier``, ``LogArgument``), and what does not fit is written into
/// the line the way the unified log shows a value it cannot decode:
/// `<decode: mismatch for [%@] got [Int]>`, `<decode: missing data>`. The rest of the line is
/// written as usual, and the app goes on.
enum LogFormat {
  /// The most columns a width or precision asks for (a `*` argument could ask for millions).
  static let largestWidth = 4_096

  /// `format` with `args`: `%%` is `%`, each conversion its argument when they fit, else a
  /// `<decode: …>` note; a `%` followed by no conversion is written as it stands.
  /// - Complexity: O(n) in the length of the format and of what it writes.
  static func render(_ format: String, _ args: [any CVarArg]) -> String {
    render(format, args, redacting: false)
  }

  /// `format` with `args` as the device's log keeps it: a value it does not keep
  /// (``LogSpecifier/keepsValueInLog``) is `<private>` (Rules.md §9.11).
  static func renderRedacted(_ format: String, _ args: [any CVarArg]) -> String {
    render(format, args, redacting: true)
  }

  private static func render(_ format: String, _ args: [any CVarArg], redacting: Bool) -> String {
    var line = ""
    var next = 0
    var scalars = format.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "%" else {
        line.unicodeScalars.append(scalar)
        continue
      }
      if scalars.first == "%" {
        scalars.removeFirst()
        line += "%"
        continue
      }
      switch LogSpecifier.parse(&scalars) {
      case .specifier(let specifier):
        let value = specifier.render(args, next: &next)
        line +=
          !redacting || specifier.keepsValueInLog || value.hasPrefix("<decode:")
          ? value : "<private>"
      case .text(let text): line += text
      }
    }
    return line
  }
}
