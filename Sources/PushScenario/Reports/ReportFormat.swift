/// The formats the commands write (`--format`, CommandLine.md), read the same way by all.
public enum ReportFormat: String, Sendable, CaseIterable {
  /// Lines for people (the default).
  case text
  /// JSON for tools.
  case json
  /// JUnit XML for CI (`pushsim run` only).
  case junit

  /// Reads `--format`; `nil` is ``text``.
  ///
  /// - Parameter allowed: the formats the command writes.
  /// - Returns: the format, or the error line for a format the command does not write:
  ///   `unknown format 'xml'; expected one of text, json`.
  public static func parse(_ value: String?, allowed: [ReportFormat]) -> Result<
    ReportFormat, UnknownFormat
  > {
    guard let value else { return .success(.text) }
    guard let format = ReportFormat(rawValue: value), allowed.contains(format) else {
      return .failure(UnknownFormat(value: value, allowed: allowed))
    }
    return .success(format)
  }

  /// A `--format` the command does not write.
  public struct UnknownFormat: Error, Sendable, CustomStringConvertible {
    /// What was given.
    public var value: String
    /// What the command writes.
    public var allowed: [ReportFormat]
    /// `unknown format 'xml'; expected one of text, json`.
    public var description: String {
      "unknown format '\(value)'; expected one of \(allowed.map(\.rawValue).joined(separator: ", "))"
    }
  }
}
