import PushCore

extension PayloadValidation {
  /// Writes the JSON result of `pushsim validate --format json` (CommandLine.md):
  /// `{"accepted", "httpStatus", "reason", "pushType", "bytes", "limit", "diagnostics": [...]}`,
  /// preceded by `"line": N` for `--jsonl`.
  public func writeJSON(into writer: inout JSONWriter, line: Int? = nil) {
    // Fixed text in as few pieces as possible: this runs once per line of `--jsonl`, and each
    // append costs about as much as writing a short string. The verdict and the diagnostics
    // are read where they are stored, not copied out.
    let verdict = parts.verdict
    let plain = verdict.accepted && verdict.httpStatus == 200 && verdict.reason == nil
    if let line {
      writer.raw("{\"line\":")
      writer.integer(line)
      if plain {
        writer.raw(",\"accepted\":true,\"httpStatus\":200,\"reason\":null,\"pushType\":")
      } else {
        writer.raw(",\"accepted\":")
      }
    } else if plain {
      writer.raw("{\"accepted\":true,\"httpStatus\":200,\"reason\":null,\"pushType\":")
    } else {
      writer.raw("{\"accepted\":")
    }
    if !plain {
      writer.bool(verdict.accepted)
      writer.raw(",\"httpStatus\":")
      writer.integer(verdict.httpStatus)
      writer.raw(",\"reason\":")
      writer.string(verdict.reason?.rawValue)
      writer.raw(",\"pushType\":")
    }
    Self.writePushType(verdict.pushType, into: &writer)
    writer.integer(verdict.bytes)
    if verdict.limit == 4096 {
      writer.raw(",\"limit\":4096,\"diagnostics\":[")
    } else {
      writer.raw(",\"limit\":")
      writer.integer(verdict.limit)
      writer.raw(",\"diagnostics\":[")
    }
    let diagnostics = parts.diagnostics
    for index in diagnostics.indices {
      if index > 0 { writer.raw(byte: UInt8(ascii: ",")) }
      // The inferred push type is the most common finding (often the only one): its JSON is
      // written once, with the closing brackets when it is the last.
      if Self.isInferredAlert(diagnostics, at: index) {
        if index == diagnostics.count - 1 {
          writer.raw(Self.inferredAlertJSONClosing)
          return
        }
        writer.raw(Self.inferredAlertJSON)
        continue
      }
      Self.writeDiagnostic(diagnostics[index], into: &writer)
    }
    writer.raw("]}")
  }

  /// Whether the diagnostic at `index` equals ``APNsVerdict/inferredAlert``, compared field by
  /// field in place (comparing whole values copied each diagnostic out of the array).
  private static func isInferredAlert(_ diagnostics: [Diagnostic], at index: Int) -> Bool {
    let inferred = APNsVerdict.inferredAlert
    return diagnostics[index].code == inferred.code
      && diagnostics[index].severity == inferred.severity
      && diagnostics[index].source == inferred.source
      && diagnostics[index].location == inferred.location
      && diagnostics[index].message == inferred.message
  }

  /// Writes the push type as a JSON string (or `null`) and the key that follows it, in one
  /// piece.
  private static func writePushType(_ pushType: PushType?, into writer: inout JSONWriter) {
    switch pushType {
    case nil: writer.raw("null,\"bytes\":")
    case .alert: writer.raw("\"alert\",\"bytes\":")
    case .background: writer.raw("\"background\",\"bytes\":")
    case .complication: writer.raw("\"complication\",\"bytes\":")
    case .controls: writer.raw("\"controls\",\"bytes\":")
    case .fileprovider: writer.raw("\"fileprovider\",\"bytes\":")
    case .liveactivity: writer.raw("\"liveactivity\",\"bytes\":")
    case .location: writer.raw("\"location\",\"bytes\":")
    case .mdm: writer.raw("\"mdm\",\"bytes\":")
    case .pushtotalk: writer.raw("\"pushtotalk\",\"bytes\":")
    case .voip: writer.raw("\"voip\",\"bytes\":")
    case .widgets: writer.raw("\"widgets\",\"bytes\":")
    }
  }

  /// One diagnostic as a JSON object.
  static func diagnosticJSON(_ diagnostic: Diagnostic) -> [UInt8] {
    var writer = JSONWriter()
    writeDiagnostic(diagnostic, into: &writer)
    return writer.bytes
  }

  /// Writes one diagnostic as `{"severity", "code", "path", "message", "source"}` (CommandLine.md).
  static func writeDiagnostic(_ diagnostic: Diagnostic, into writer: inout JSONWriter) {
    // Severity and source are fixed words: written as they are, with the keys around them.
    switch diagnostic.severity {
    case .error: writer.raw("{\"severity\":\"error\",\"code\":")
    case .warning: writer.raw("{\"severity\":\"warning\",\"code\":")
    case .info: writer.raw("{\"severity\":\"info\",\"code\":")
    }
    writer.string(diagnostic.code.rawValue)
    writer.raw(",\"path\":")
    writer.string(diagnostic.path)
    writer.raw(",\"message\":")
    writer.string(diagnostic.message)
    switch diagnostic.source {
    case .apns: writer.raw(",\"source\":\"apns\"}")
    case .device: writer.raw(",\"source\":\"device\"}")
    case .model: writer.raw(",\"source\":\"model\"}")
    case .lint: writer.raw(",\"source\":\"lint\"}")
    }
  }

  static let inferredAlertJSON = diagnosticJSON(APNsVerdict.inferredAlert)
  static let inferredAlertJSONClosing = inferredAlertJSON + Array("]}".utf8)

  /// The JSON result as text (see ``writeJSON(into:line:)``).
  public func jsonText(line: Int? = nil) -> String {
    var writer = JSONWriter()
    writeJSON(into: &writer, line: line)
    return writer.text
  }

  /// The text report of `pushsim validate`: a summary line, then one line per diagnostic in
  /// compiler style (`file:line:column: warning: aps.badge: … [badge-string, device]`).
  ///
  /// - Parameters:
  ///   - name: the file name to print (`<stdin>` for standard input).
  ///   - line: for `--jsonl`, the input line the payload came from; positions then name it.
  ///   - color: whether to colour severities (ANSI).
  ///   - skippingMalformed: leave out the malformed-payload line (printed on standard error).
  public func textReport(
    name: String, line: Int? = nil, color: Bool = false, skippingMalformed: Bool = false
  ) -> String {
    var text = name
    if let line { text += ":\(line)" }
    let type = verdict.pushType?.rawValue ?? "unknown"
    let inferred = verdict.pushTypeWasInferred ? " (inferred)" : ""
    if verdict.accepted {
      text += ": accepted: \(verdict.httpStatus), \(type) push\(inferred)"
    } else {
      text +=
        ": rejected: \(verdict.httpStatus) \(verdict.reason?.rawValue ?? ""), \(type) push\(inferred)"
    }
    text += ", \(verdict.bytes) of \(verdict.limit) bytes\n"
    for diagnostic in diagnostics {
      if skippingMalformed, diagnostic.code == APNsReason.malformedPayload.code { continue }
      text += name
      if let position = position(of: diagnostic) {
        if let line {
          text += ":\(line + position.line - 1):\(position.column)"
        } else {
          text += ":\(position.line):\(position.column)"
        }
      } else if let line {
        text += ":\(line)"
      }
      text += ": " + Self.severityLabel(diagnostic.severity, color: color) + ": "
      // Paths and messages quote payload text: no control character reaches the terminal.
      if let path = diagnostic.path, !path.isEmpty { text += TerminalText.escaped(path) + ": " }
      text += TerminalText.escaped(diagnostic.message)
      text += " [\(diagnostic.code), \(diagnostic.source.rawValue)]\n"
    }
    return text
  }

  private static func severityLabel(_ severity: Diagnostic.Severity, color: Bool) -> String {
    guard color else { return severity.rawValue }
    switch severity {
    case .error: return "\u{1B}[1;31merror\u{1B}[0m"
    case .warning: return "\u{1B}[1;35mwarning\u{1B}[0m"
    case .info: return "\u{1B}[1;36minfo\u{1B}[0m"
    }
  }
}
