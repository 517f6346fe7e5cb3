/// One finding about a push: an APNs rule, a documented iOS behaviour, a PushSim model decision,
/// or lint advice.
///
/// Diagnostics are data, never errors: a payload with wrong types still produces a `Payload`
/// and a list of these. `path` is a JSON path into the payload (`aps.alert.title-loc-args[1]`),
/// a header name (`apns-priority`), or `nil` when the finding is about the whole request.
public struct Diagnostic: Sendable, Hashable, Codable {
  /// How serious a finding is.
  public enum Severity: String, Sendable, Hashable, Codable, CaseIterable {
    case error
    case warning
    case info
  }

  /// How bad it is.
  public var severity: Severity
  /// A stable kebab-case identifier (`badge-not-integer`, `loc-key-missing`).
  public var code: String
  /// Where it is: a JSON path, a header name, or `file:line:column` for strings tables.
  public var path: String?
  /// What happened, in plain words.
  public var message: String
  /// Whose rule this is: see ``DiagnosticSource``.
  public var source: DiagnosticSource

  /// Creates a diagnostic.
  public init(
    _ severity: Severity, code: String, path: String? = nil, message: String,
    source: DiagnosticSource
  ) {
    self.severity = severity
    self.code = code
    self.path = path
    self.message = message
    self.source = source
  }
}

/// Whose rule a diagnostic or event rests on (Rules.md, introduction).
public enum DiagnosticSource: String, Sendable, Hashable, Codable, CaseIterable {
  /// Documented APNs server behaviour.
  case apns
  /// Documented iOS behaviour.
  case device
  /// A PushSim model decision where Apple is silent (Rules.md).
  case model
  /// Advice: legal, but probably not what the sender meant.
  case lint
}
