import PushPayload

extension ScenarioResult {
  /// The final state's `diagnostics` by push id, in the order the device raised them: what
  /// the text and JSON reports show under each push's `received` event.
  var findingsByPush: [String: [JSONValue]] {
    var found: [String: [JSONValue]] = [:]
    for finding in state["diagnostics"]?.arrayValue ?? [] {
      guard let push = finding["push"]?.stringValue else { continue }
      found[push, default: []].append(finding)
    }
    return found
  }
}
