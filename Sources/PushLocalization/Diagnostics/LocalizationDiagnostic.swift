/// One finding about an app's strings tables or about localizing an alert.
///
/// PushLocalization imports nothing of PushSim's own (Architecture.md), so it has its own
/// diagnostic type; the device layer converts it to `PushPayload.Diagnostic`. A finding inside a
/// strings file carries `file`, `line` and `column` (Architecture.md, house style 5); a finding
/// about a payload field carries its JSON `path` (`aps.alert.title-loc-key`). `source` says whose
/// rule it is (Rules.md, introduction).
public struct LocalizationDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
  /// How serious a finding is.
  public enum Severity: String, Sendable, Hashable, Codable, CaseIterable {
    /// The device shows something other than what the sender meant, or a table is unusable.
    case error
    /// Probably a mistake.
    case warning
    /// For information.
    case info
  }

  /// Whose rule a finding rests on (Rules.md, introduction).
  public enum Source: String, Sendable, Hashable, Codable, CaseIterable {
    /// Documented iOS behaviour.
    case device
    /// A PushSim model decision where Apple is silent.
    case model
    /// Advice: legal, but probably not what the author meant.
    case lint
  }

  /// How bad it is.
  public var severity: Severity
  /// A stable kebab-case identifier (`loc-key-missing`, `silent-truncation`).
  public var code: String
  /// What happened, in plain words.
  public var message: String
  /// The strings file the finding is in, if any (as given to the reader).
  public var file: String?
  /// 1-based line in `file` (lines end at LF, CR or CRLF, as CoreFoundation counts them).
  public var line: Int?
  /// 1-based column in `file`, counted in Unicode scalars.
  public var column: Int?
  /// A JSON path into the payload (`aps.alert.loc-args[1]`) when the finding is about one.
  public var path: String?
  /// Whose rule this is.
  public var source: Source

  /// Creates a diagnostic.
  public init(
    _ severity: Severity, code: String, message: String, source: Source, file: String? = nil,
    line: Int? = nil, column: Int? = nil, path: String? = nil
  ) {
    self.severity = severity
    self.code = code
    self.message = message
    self.source = source
    self.file = file
    self.line = line
    self.column = column
    self.path = path
  }

  /// Where the finding is: `file:line:column`, `file`, the JSON path, or `nil`.
  public var location: String? {
    if let file {
      guard let line else { return file }
      return "\(file):\(line):\(column ?? 1)"
    }
    return path
  }

  /// `location: severity: message [code]`, the shape compilers print.
  public var description: String {
    let prefix = location.map { "\($0): " } ?? ""
    return "\(prefix)\(severity.rawValue): \(message) [\(code)]"
  }
}

extension LocalizationDiagnostic {
  /// A table file that cannot be read: the device loads nothing from it (Localization.md
  /// §2.2: a table that fails to load counts as empty).
  public static func unreadableFile(_ file: String) -> LocalizationDiagnostic {
    LocalizationDiagnostic(
      .error, code: "unreadable-file", message: "cannot read the file", source: .device,
      file: file)
  }
}
