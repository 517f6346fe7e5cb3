/// Names for the documentation site's files and URL fragments.
///
/// The pages themselves are built from `HTMLNode`s, which escape every text and attribute
/// value when they render.
package enum HTML {
  /// A name safe for a file and a URL fragment: lowercase ASCII letters, digits and `-`.
  ///
  /// Letters outside ASCII are dropped, so `"Тест: ¡Hola!"` gives `"hola"`; an empty result
  /// becomes `fallback`.
  package static func slug(_ text: String, fallback: String) -> String {
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
