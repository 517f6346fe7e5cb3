import PushDevice
import PushPayload

extension ScenarioResult {
  /// The final state's `diagnostics` by push id, in the order the device raised them: what
  /// the text and JSON reports show under each push's `received` event.
  var findingsByPush: PushFindings {
    switch final {
    case .value(let state): PushFindings(state: state)
    case .device(let device): PushFindings(diagnostics: device.diagnostics)
    }
  }
}

/// Each push's findings (the final state's `diagnostics` objects with its id), in the order
/// the device raised them. For a played scenario only the positions are indexed and each
/// object is built when its push is reported, so a long scenario's findings are not all JSON
/// at once.
struct PushFindings {
  private let source: Source

  private enum Source {
    case json([String: [JSONValue]])
    /// Each push's first finding, and for each finding the position of its push's next one
    /// (`-1`: none): a chain, not an array per push.
    case device(diagnostics: [PushDiagnostic], first: [String: Int], next: [Int])
  }

  /// The findings in a final state's `diagnostics`.
  init(state: JSONValue) {
    var found: [String: [JSONValue]] = [:]
    for finding in state["diagnostics"]?.arrayValue ?? [] {
      guard let push = finding["push"]?.stringValue else { continue }
      found[push, default: []].append(finding)
    }
    source = .json(found)
  }

  /// The findings among a device's diagnostics.
  init(diagnostics: [PushDiagnostic]) {
    var first: [String: Int] = [:]
    var next = [Int](repeating: -1, count: diagnostics.count)
    // Last to first: each finding links to the one its push raised after it.
    for position in diagnostics.indices.reversed() {
      guard let push = diagnostics[position].push else { continue }
      if let following = first.updateValue(position, forKey: push) { next[position] = following }
    }
    source = .device(diagnostics: diagnostics, first: first, next: next)
  }

  /// Writes the findings about `push` as a `diagnostics` member of the object open in `out`
  /// (nothing when there are none): what ``subscript(_:)`` gives, without building it.
  func write(_ push: String, to out: inout PrettyJSONStream) {
    switch source {
    case .json(let found):
      guard let values = found[push] else { return }
      out.field("diagnostics", value: JSONValue(.array(values)))
    case .device(let diagnostics, let first, let next):
      guard let start = first[push] else { return }
      out.field("diagnostics")
      out.openArray()
      Self.walk(from: start, diagnostics, next) { finding in
        out.element()
        finding.write(to: &out)
      }
      out.close()
    }
  }

  /// The findings about `push` that a transcript shows under it
  /// (``TextReporter/isShownInText(severity:code:)``); the others are not built.
  func shownInText(_ push: String) -> [JSONValue] {
    switch source {
    case .json(let found):
      return (found[push] ?? []).filter {
        TextReporter.isShownInText(
          severity: $0["severity"]?.stringValue, code: $0["code"]?.stringValue)
      }
    case .device(let diagnostics, let first, let next):
      var shown: [JSONValue] = []
      guard let start = first[push] else { return shown }
      Self.walk(from: start, diagnostics, next) { finding in
        let diagnostic = finding.diagnostic
        if TextReporter.isShownInText(
          severity: diagnostic.severity.rawValue, code: diagnostic.code.rawValue)
        {
          shown.append(finding.json)
        }
      }
      return shown
    }
  }

  /// The findings about `push`, `nil` when there are none.
  subscript(push: String) -> [JSONValue]? {
    switch source {
    case .json(let found): return found[push]
    case .device(let diagnostics, let first, let next):
      guard let start = first[push] else { return nil }
      var found: [JSONValue] = []
      Self.walk(from: start, diagnostics, next) { found.append($0.json) }
      return found
    }
  }

  /// Calls `body` with each of a device's findings about one push, in the order it raised them,
  /// following the chain from the push's first finding, at `start`.
  private static func walk(
    from start: Int, _ diagnostics: [PushDiagnostic], _ next: [Int],
    _ body: (PushDiagnostic) -> Void
  ) {
    var position = start
    while position >= 0 {
      body(diagnostics[position])
      position = next[position]
    }
  }
}
