public import PushCore

/// Everything PushSim says about one push request before the device sees it: APNs's verdict,
/// the payload as the device reads it, and lint (Behavior.md §1–§2; Rules.md §1–§2).
///
/// This is what `pushsim validate` prints. Diagnostics come in a fixed order: the verdict's,
/// then duplicate keys, then reading (wrong types), then lint.
public struct PayloadValidation: Sendable {
  /// APNs's answer.
  public var verdict: APNsVerdict
  /// The parsed body, when it is JSON.
  public var document: JSONDocument?
  /// Why the body is not JSON, when it is not.
  public var syntaxError: JSONSyntaxError?
  /// The payload as the device reads it, when the body is a JSON object (even when APNs
  /// rejects the request, so every finding can be shown at once).
  public var payload: Payload?
  /// Every finding, in order: verdict, duplicate keys, reading, lint.
  public var diagnostics: [Diagnostic]

  /// Validates a request body with its headers.
  ///
  /// - Parameters:
  ///   - body: the exact bytes APNs would receive.
  ///   - headers: the request headers, as given.
  ///   - app: facts about the receiving app (categories, sounds, entitlements), when known.
  ///   - lint: whether to add lint advice (the verdict and reading diagnostics always come).
  ///   - ignoredTopLevelKeys: top-level keys that are not part of the payload, such as
  ///     `Simulator Target Bundle` in `.apns` files: they are not read and their bytes are not
  ///     counted (APNs never receives them; see ``APNsFile``). Positions stay the file's.
  public init(
    body: [UInt8], headers: PushHeaders = PushHeaders(), app: AppFacts? = nil, lint: Bool = true,
    ignoredTopLevelKeys: Set<String> = []
  ) {
    var document: JSONDocument?
    var syntaxError: JSONSyntaxError?
    let isBlank = body.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    if !isBlank {
      do {
        document = try JSONDocument(parsing: body)
      } catch {
        syntaxError = error
      }
    }
    var byteCount = body.count
    if ignoredTopLevelKeys.contains(APNsFile.targetBundleKey), let root = document?.root {
      byteCount = APNsFile.payloadByteCount(of: body, root: root)
    }
    let verdict = APNsVerdict.judge(
      byteCount: byteCount, isBlank: isBlank, root: document?.root, syntaxError: syntaxError,
      headers: headers)
    var diagnostics = verdict.diagnostics
    var payload: Payload?
    if let document, document.root.objectValue != nil {
      let read = Payload(
        document: document, pushType: verdict.pushType, ignoredTopLevelKeys: ignoredTopLevelKeys)
      for duplicate in document.duplicateKeys {
        let first = document.position(ofByte: duplicate.firstKeyRange.lowerBound)
        diagnostics.append(
          Diagnostic(
            .warning, code: .duplicateKey, path: duplicate.path.description,
            message: "key \(JSONWriter.quoted(duplicate.key)) appears more than once in the "
              + "same object (first at line \(first.line)); the last one wins", source: .lint))
      }
      diagnostics += read.diagnostics
      if lint {
        diagnostics += read.lint(
          verdict: verdict, headers: headers, app: app, ignoredTopLevelKeys: ignoredTopLevelKeys)
      }
      payload = read
    }
    // Stored last, so the values move into place instead of being copied.
    self.diagnostics = diagnostics
    self.payload = payload
    self.syntaxError = syntaxError
    self.document = document
    self.verdict = verdict
  }

  /// The verdict for a body known only by its size, too large to be worth reading (a streamed
  /// line far over every limit): APNs rejects it with 413 before looking inside.
  public init(oversizedBodyOf byteCount: Int, headers: PushHeaders = PushHeaders()) {
    let verdict = APNsVerdict.judge(
      byteCount: byteCount, isBlank: false, root: nil, syntaxError: nil, headers: headers)
    self.verdict = verdict
    self.document = nil
    self.syntaxError = nil
    self.payload = nil
    self.diagnostics = verdict.diagnostics
  }

  /// Whether any diagnostic is an error (APNs rejects, or lint found an error).
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// The position in the body of the value a diagnostic's path names, when it names one.
  public func position(of diagnostic: Diagnostic) -> SourcePosition? {
    if diagnostic.code == APNsReason.malformedPayload.code, let syntaxError {
      return syntaxError.position
    }
    guard let document, let path = diagnostic.path, let parsed = JSONPath(parsing: path),
      !parsed.isRoot, let value = document.root.value(at: parsed)
    else { return nil }
    if diagnostic.code == .duplicateKey || diagnostic.code == .unknownKeyInAps
      || diagnostic.code == .shadowedApsKey,
      let member = document.root.member(at: parsed)
    {
      return document.position(ofByte: member.keyRange.lowerBound)
    }
    return document.position(ofByte: value.byteRange.lowerBound)
  }
}
