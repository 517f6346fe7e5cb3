import PushPayload

/// JSON text from a ``JSONValue``: compact (for messages) or indented (for reports), both
/// written by the payload layer's `JSONWriter`. Members keep their order, numbers keep
/// the text they were written with, and non-ASCII text is written as UTF-8.
package enum JSONText {
  /// `{"a":1,"b":[true,null]}` (the payload layer's writer).
  public static func compact(_ value: JSONValue) -> String { value.jsonText }

  /// Indented by two spaces, one member per line, `": "` after keys.
  public static func pretty(_ value: JSONValue) -> String {
    pretty(value, level: 0)
  }

  /// Indented as a value nested `level` deep (its closing bracket indented `level` times), for
  /// reports written piece by piece. Written into one byte buffer by the payload layer's
  /// writer (a string append per character cost more than playing the scenario).
  static func pretty(_ value: JSONValue, level: Int) -> String {
    var writer = JSONWriter()
    writer.prettyValue(value, level: level)
    return writer.text
  }
}
