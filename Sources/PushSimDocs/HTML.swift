/// Escaping for text that goes into the documentation site's HTML.
///
/// Every string that came from a scenario, a payload or a strings table is untrusted: a
/// `<script>` in a notification body must show as text, never run. Everything the site writes
/// passes through ``HTML/escape(_:)`` (text and attribute values alike, so one function is
/// enough: it escapes `&`, `<`, `>`, `"` and `'`).
public enum HTML {
  /// `text` with the five HTML-significant characters replaced by entities.
  ///
  /// Safe in element content and in quoted attribute values.
  /// - Complexity: O(n) in the length of `text`.
  public static func escape(_ text: some StringProtocol) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\u{0}": result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A name safe for a file and a URL fragment: lowercase ASCII letters, digits and `-`.
  ///
  /// Letters outside ASCII are dropped, so `"Тест: ¡Hola!"` gives `"hola"`; an empty result
  /// becomes `fallback`.
  public static func slug(_ text: String, fallback: String) -> String {
    var result = ""
    var pendingDash = false
    for scalar in text.lowercased().unicodeScalars {
      if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        if pendingDash, !result.isEmpty { result += "-" }
        pendingDash = false
        result.unicodeScalars.append(scalar)
      } else {
        pendingDash = true
      }
      if result.count >= 60 { break }
    }
    return result.isEmpty ? fallback : result
  }
}
