import PushPayload

extension Route {
  /// The route as the scenario format writes it: `{"route": name, "params": {...}}`, with the
  /// parameters in name order so reports are stable (ScenarioFormat.md, `expect.routes`).
  package var json: JSONValue {
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
  package var jsonText: String { json.jsonText }
}

extension Array where Element == Route {
  /// The routes in order as a JSON array, the shape of `expect.routes` (for reports).
  package var json: JSONValue { JSONValue(.array(map(\.json))) }

  /// ``json`` as compact JSON text.
  package var jsonText: String { json.jsonText }
}
