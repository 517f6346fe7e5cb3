/// One finding about a push, a strings table or an app: an APNs rule, a documented iOS
/// behaviour, a PushSim model decision, or lint advice (Codes.md lists every code).
///
/// Diagnostics are data, never errors: a payload with wrong types still produces a `Payload`
/// and a list of these. ``location`` says where the finding is: a JSON path into the payload
/// (`aps.alert.title-loc-args[1]`), a header (`apns-priority`), a position in a file (a strings
/// table), or `nil` when the finding is about the whole request.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
  /// How serious a finding is.
  public enum Severity: String, Sendable, Hashable, Codable, CaseIterable {
    /// The input cannot work as sent: APNs rejects it, a table does not load.
    case error
    /// It works, but not as it seems.
    case warning
    /// A hint.
    case info
  }

  /// How bad it is.
  public var severity: Severity
  /// Which finding it is: one of the ``DiagnosticCode`` constants.
  public var code: DiagnosticCode
  /// Where it is: a JSON path, a header or a file position; `nil` for the whole input.
  public var location: DiagnosticLocation?
  /// What happened, in plain words.
  public var message: String
  /// Whose rule this is: see ``DiagnosticSource``.
  public var source: DiagnosticSource

  /// Creates a diagnostic.
  public init(
    _ severity: Severity, code: DiagnosticCode, location: DiagnosticLocation? = nil,
    message: String, source: DiagnosticSource
  ) {
    self.severity = severity
    self.code = code
    self.location = location
    self.message = message
    self.source = source
  }

  /// Creates a diagnostic about the value at a JSON path in the payload (`nil`: the whole
  /// payload).
  public init(
    _ severity: Severity, code: DiagnosticCode, path: String?, message: String,
    source: DiagnosticSource
  ) {
    self.init(
      severity, code: code, location: path.map(DiagnosticLocation.jsonPath), message: message,
      source: source)
  }

  /// The location as printed: the JSON path, the header name, or `file:line:column`; `nil` for
  /// the whole input. This is the `path` field of JSON reports.
  public var path: String? { location?.description }

  /// `location: severity: message [code]`, the shape compilers print.
  public var description: String {
    let prefix = path.map { "\($0): " } ?? ""
    return "\(prefix)\(severity.rawValue): \(message) [\(code.rawValue)]"
  }

  private enum CodingKeys: String, CodingKey {
    case severity, code, path, message, source
  }

  /// Decodes the shape ``encode(to:)`` writes; a `path` comes back as a JSON path, since the
  /// printed form does not say which kind of location it was.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      try container.decode(Severity.self, forKey: .severity),
      code: try container.decode(DiagnosticCode.self, forKey: .code),
      path: try container.decodeIfPresent(String.self, forKey: .path),
      message: try container.decode(String.self, forKey: .message),
      source: try container.decode(DiagnosticSource.self, forKey: .source))
  }

  /// Encodes `severity`, `code`, `path` (the printed location), `message` and `source`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(severity, forKey: .severity)
    try container.encode(code, forKey: .code)
    try container.encodeIfPresent(path, forKey: .path)
    try container.encode(message, forKey: .message)
    try container.encode(source, forKey: .source)
  }
}

/// Where a diagnostic is.
public enum DiagnosticLocation: Sendable, Hashable, CustomStringConvertible {
  /// A JSON path into the payload (`aps.alert.loc-args[1]`, `aps.badge`).
  case jsonPath(String)
  /// An HTTP/2 request header of the push (`apns-priority`).
  case header(String)
  /// A position in a file (a strings table): the file as given to the reader, its 1-based line
  /// (lines end at LF, CR or CRLF) and 1-based column in Unicode scalars, when known.
  case file(String, line: Int? = nil, column: Int? = nil)

  /// The file of a file position, else `nil`.
  public var file: String? {
    if case .file(let file, _, _) = self { file } else { nil }
  }

  /// The 1-based line of a file position, when known.
  public var line: Int? {
    if case .file(_, let line, _) = self { line } else { nil }
  }

  /// The 1-based column (in Unicode scalars) of a file position, when known.
  public var column: Int? {
    if case .file(_, _, let column) = self { column } else { nil }
  }

  /// The location as printed: the path, the header name, `file:line:column` (the column is 1
  /// when only the line is known), or `file` alone.
  public var description: String {
    switch self {
    case .jsonPath(let path): path
    case .header(let name): name
    case .file(let file, let line, let column):
      if let line { "\(file):\(line):\(column ?? 1)" } else { file }
    }
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
