public import PushLocalization
public import PushPayload

extension Diagnostic {
  /// A localization finding as a payload diagnostic: the same severity, code and source; the
  /// JSON path it concerns, else the table's `file:line:column` (Rules.md §3).
  public init(_ found: LocalizationDiagnostic) {
    let severity: Severity =
      switch found.severity {
      case .error: .error
      case .warning: .warning
      case .info: .info
      }
    let source: DiagnosticSource =
      switch found.source {
      case .device: .device
      case .model: .model
      case .lint: .lint
      }
    self.init(
      severity, code: found.code, path: found.path ?? found.location, message: found.message,
      source: source)
  }
}
