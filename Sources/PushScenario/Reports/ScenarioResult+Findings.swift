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
    case device(diagnostics: [PushDiagnostic], positions: [String: [Int]])
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
    var positions: [String: [Int]] = [:]
    for (position, diagnostic) in diagnostics.enumerated() {
      guard let push = diagnostic.push else { continue }
      positions[push, default: []].append(position)
    }
    source = .device(diagnostics: diagnostics, positions: positions)
  }

  /// Writes the findings about `push` as a `diagnostics` member of the object open in `out`
  /// (nothing when there are none): what ``subscript(_:)`` gives, without building it.
  func write(_ push: String, to out: inout PrettyJSONStream) {
    switch source {
    case .json(let found):
      guard let values = found[push] else { return }
      out.field("diagnostics", value: JSONValue(.array(values)))
    case .device(let diagnostics, let positions):
      guard let positions = positions[push] else { return }
      out.field("diagnostics")
      out.openArray()
      for position in positions {
        out.element()
        diagnostics[position].write(to: &out)
      }
      out.close()
    }
  }

  /// The findings about `push`, `nil` when there are none.
  subscript(push: String) -> [JSONValue]? {
    switch source {
    case .json(let found): return found[push]
    case .device(let diagnostics, let positions):
      return positions[push].map { $0.map { diagnostics[$0].json } }
    }
  }
}
