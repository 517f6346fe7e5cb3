public import PushPayload

/// JSON text from a ``JSONValue``: compact (for messages) or indented (for reports, which the
/// payload layer's compact `JSONWriter` does not do). Members keep their order, numbers keep
/// the text they were written with, and non-ASCII text is written as UTF-8.
public enum JSONText {
  /// `{"a":1,"b":[true,null]}` (the payload layer's writer).
  public static func compact(_ value: JSONValue) -> String { value.jsonText }

  /// Indented by two spaces, one member per line, `": "` after keys.
  public static func pretty(_ value: JSONValue) -> String {
    pretty(value, level: 0)
  }

  /// Indented as a value nested `level` deep (its closing bracket indented `level` times), for
  /// reports written piece by piece.
  static func pretty(_ value: JSONValue, level: Int) -> String {
    var output = ""
    write(value, into: &output, indent: "  ", level: level)
    return output
  }

  private static func write(
    _ value: JSONValue, into output: inout String, indent: String?, level: Int
  ) {
    switch value.kind {
    case .null: output += "null"
    case .bool(let bool): output += bool ? "true" : "false"
    case .number(let number): output += number.text
    case .string(let string): writeString(string, into: &output)
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "[]"
        return
      }
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        newline(&output, indent: indent, level: level + 1)
        write(element, into: &output, indent: indent, level: level + 1)
      }
      newline(&output, indent: indent, level: level)
      output += "]"
    case .object(let object):
      guard !object.members.isEmpty else {
        output += "{}"
        return
      }
      output += "{"
      for (index, member) in object.members.enumerated() {
        if index > 0 { output += "," }
        newline(&output, indent: indent, level: level + 1)
        writeString(member.key, into: &output)
        output += indent == nil ? ":" : ": "
        write(member.value, into: &output, indent: indent, level: level + 1)
      }
      newline(&output, indent: indent, level: level)
      output += "}"
    }
  }

  private static func newline(_ output: inout String, indent: String?, level: Int) {
    guard let indent else { return }
    output += "\n"
    for _ in 0..<level { output += indent }
  }

  private static func writeString(_ string: String, into output: inout String) {
    output += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}
