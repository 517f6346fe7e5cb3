public import PushCore
import PushPayload

/// A diagnostic about one push: what `expect.diagnostics` compares (`code`, `push`, …).
///
/// Payload, header, localization and presentation findings all land here with the push id, so
/// a report can say which push raised what (Rules.md, introduction).
public struct PushDiagnostic: Sendable, Hashable {
  /// The push id, or `nil` for a finding about the device or app.
  public var push: String?
  /// The finding.
  public var diagnostic: Diagnostic

  /// Creates a diagnostic record.
  package init(push: String?, diagnostic: Diagnostic) {
    self.push = push
    self.diagnostic = diagnostic
  }

  /// Shortcut: the stable code (`loc-key-missing`).
  public var code: DiagnosticCode { diagnostic.code }

  /// The member `key` of ``json`` (`nil` when it has none), without building the object: what
  /// a check of some fields of a finding reads.
  package func member(_ key: String) -> JSONValue? {
    let text: String? =
      switch key {
      case "code": diagnostic.code.rawValue
      case "push": push
      case "severity": diagnostic.severity.rawValue
      case "path": diagnostic.path
      case "message": diagnostic.message
      case "source": diagnostic.source.rawValue
      default: nil
      }
    return text.map { JSONValue(.string($0)) }
  }

  /// As JSON: `code`, `push`, `severity`, `path`, `message`, `source`.
  package var json: JSONValue {
    var object = JSONObject()
    object.append(JSONMember(key: "code", value: .init(.string(diagnostic.code.rawValue))))
    if let push { object.append(JSONMember(key: "push", value: .init(.string(push)))) }
    object.append(JSONMember(key: "severity", value: .init(.string(diagnostic.severity.rawValue))))
    if let path = diagnostic.path {
      object.append(JSONMember(key: "path", value: .init(.string(path))))
    }
    object.append(JSONMember(key: "message", value: .init(.string(diagnostic.message))))
    object.append(JSONMember(key: "source", value: .init(.string(diagnostic.source.rawValue))))
    return JSONValue(.object(object))
  }
}
