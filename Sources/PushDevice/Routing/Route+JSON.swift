public import PushPayload

extension Route {
  /// The route as the scenario format writes it: `{"route": name, "params": {...}}`, with the
  /// parameters in name order so reports are stable (scenario-format.md, `expect.routes`).
  public var json: JSONValue {
    var parameters = JSONObject()
    for name in params.keys.sorted() {
      if let value = params[name] { parameters.append(JSONMember(key: name, value: value.json)) }
    }
    return JSONValue(
      .object(
        JSONObject([
          JSONMember(key: "route", value: JSONValue(.string(name))),
          JSONMember(key: "params", value: JSONValue(.object(parameters))),
        ])))
  }

  /// ``json`` as compact JSON text: `{"route":"chat","params":{"chatId":"chat_4521"}}`.
  public var jsonText: String { RouteJSONWriter.text(json) }
}

extension Array where Element == Route {
  /// The routes in order as a JSON array, the shape of `expect.routes` (for reports).
  public var json: JSONValue { JSONValue(.array(map(\.json))) }

  /// ``json`` as compact JSON text.
  public var jsonText: String { RouteJSONWriter.text(json) }
}

/// Compact JSON text for route values and reasons (RFC 8259: strings escaped, members in order).
///
/// Kept small and internal to routing: routes hold only strings, numbers and Booleans.
enum RouteJSONWriter {
  /// `value` as compact JSON text. A non-finite number (only possible from an out-of-range
  /// literal such as `1e400`) is written as `null`, which is what JSON can express.
  static func text(_ value: JSONValue) -> String {
    var output = ""
    write(value, to: &output)
    return output
  }

  private static func write(_ value: JSONValue, to output: inout String) {
    switch value.kind {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .number(let number): output += numberText(number)
    case .string(let text): writeString(text, to: &output)
    case .array(let elements):
      output += "["
      for (offset, element) in elements.enumerated() {
        if offset > 0 { output += "," }
        write(element, to: &output)
      }
      output += "]"
    case .object(let object):
      output += "{"
      for (offset, key) in object.keys.enumerated() {
        if offset > 0 { output += "," }
        writeString(key, to: &output)
        output += ":"
        if let member = object[key] { write(member, to: &output) }
      }
      output += "}"
    }
  }

  private static func numberText(_ number: JSONNumber) -> String {
    if let integer = number.integer { return String(integer) }
    let double = number.double
    guard double.isFinite else { return "null" }
    if double.rounded() == double, abs(double) < 1e15, let integer = Int(exactly: double) {
      return String(integer)
    }
    return "\(double)"
  }

  private static func writeString(_ text: String, to output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
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
