public import PushCore
import Synchronization

/// Everything PushSim says about one push request before the device sees it: APNs's verdict,
/// the payload as the device reads it, and lint (Behavior.md §1–§2; Rules.md §1–§2).
///
/// This is what `pushsim validate` prints. Diagnostics come in a fixed order: the verdict's,
/// then duplicate keys, then reading (wrong types), then lint.
public struct PayloadValidation: Sendable {
  /// APNs's answer.
  public var verdict: APNsVerdict {
    get { parts.verdict }
    set { parts = parts.with { $0.verdict = newValue } }
  }
  /// The parsed body, when it is JSON.
  public var document: JSONDocument? {
    get { parts.document }
    set { parts = parts.with { $0.document = newValue } }
  }
  /// Why the body is not JSON, when it is not.
  public var syntaxError: JSONSyntaxError? {
    get { parts.syntaxError }
    set { parts = parts.with { $0.syntaxError = newValue } }
  }
  /// The payload as the device reads it, when the body is a JSON object (even when APNs
  /// rejects the request, so every finding can be shown at once).
  public var payload: Payload? {
    get { parts.payload }
    set { parts = parts.with { $0.payload = newValue } }
  }
  /// Every finding, in order: verdict, duplicate keys, reading, lint.
  public var diagnostics: [Diagnostic] {
    get { parts.diagnostics }
    set { parts = parts.with { $0.diagnostics = newValue } }
  }

  /// Everything above, in one shared object: a validation is copied and destroyed as one
  /// reference, not as its dozens of strings, arrays and tree nodes (`validate --jsonl` moves
  /// one per line between threads; copying the fields one by one was ~5% of its time).
  ///
  /// Read in place by the JSON result and the totals (`parts.verdict.accepted`): the getters
  /// above return copies, and a copy of the verdict retains and releases its strings and its
  /// diagnostics for one field.
  private(set) var parts: Parts

  /// The stored values. Immutable, so copies share it safely; a setter above stores a new one.
  final class Parts: Sendable {
    let verdict: APNsVerdict
    let syntaxError: JSONSyntaxError?
    let diagnostics: [Diagnostic]
    /// The body's tree and payload, when they were built with the verdict.
    private let built: BuiltTree?
    /// A body read in place (``PayloadValidation/init(readingInPlace:headers:app:)``): its
    /// tree and payload are built from it on first use, once, and shared by every copy.
    private let unbuiltBody: ArraySlice<UInt8>?
    private let builtLater = Mutex<BuiltTree?>(nil)

    /// The tree and payload: given, or built from the body read in place. The payload is read
    /// again from the tree by the reader that read it in place, so it holds the same `aps`.
    private var tree: BuiltTree {
      if let built { return built }
      return builtLater.withLock { later in
        if let later { return later }
        // The tape has checked these bytes, so they parse.
        let document = unbuiltBody.flatMap { try? JSONDocument(parsing: Array($0)) }
        let made = BuiltTree(
          document: document,
          payload: document.map { Payload(json: $0.root, pushType: verdict.pushType) })
        later = made
        return made
      }
    }

    var document: JSONDocument? { tree.document }
    var payload: Payload? { tree.payload }

    /// Values with their tree built.
    init(
      verdict: APNsVerdict, syntaxError: JSONSyntaxError?, diagnostics: [Diagnostic],
      document: JSONDocument?, payload: Payload?
    ) {
      self.verdict = verdict
      self.syntaxError = syntaxError
      self.diagnostics = diagnostics
      self.built = BuiltTree(document: document, payload: payload)
      self.unbuiltBody = nil
    }

    /// Values for a body read in place, whose tree is built when first asked for.
    init(verdict: APNsVerdict, diagnostics: [Diagnostic], unbuiltBody: ArraySlice<UInt8>) {
      self.verdict = verdict
      self.syntaxError = nil
      self.diagnostics = diagnostics
      self.built = nil
      self.unbuiltBody = unbuiltBody
    }

    /// A copy with one value changed.
    func with(_ change: (inout Values) -> Void) -> Parts {
      var values = Values(
        verdict: verdict, document: document, syntaxError: syntaxError, payload: payload,
        diagnostics: diagnostics)
      change(&values)
      return Parts(
        verdict: values.verdict, syntaxError: values.syntaxError,
        diagnostics: values.diagnostics, document: values.document, payload: values.payload)
    }

    struct Values {
      var verdict: APNsVerdict
      var document: JSONDocument?
      var syntaxError: JSONSyntaxError?
      var payload: Payload?
      var diagnostics: [Diagnostic]
    }
  }

  /// A body's tree and the payload read from it, when it is JSON.
  final class BuiltTree: Sendable {
    let document: JSONDocument?
    let payload: Payload?

    init(document: JSONDocument?, payload: Payload?) {
      self.document = document
      self.payload = payload
    }
  }

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
    let isBlank = Self.isBlank(body)
    // Each value is bound once and handed on, the document never unwrapped into a copy:
    // copying an optional document or payload goes through generic witnesses, which cost
    // several percent of `validate --jsonl`.
    let document: JSONDocument?
    var syntaxError: JSONSyntaxError?
    if isBlank {
      document = nil
    } else {
      do {
        document = try JSONDocument(parsing: body)
      } catch {
        document = nil
        syntaxError = error
      }
    }
    let root = document?.root
    var byteCount = body.count
    if ignoredTopLevelKeys.contains(APNsFile.targetBundleKey), let root {
      byteCount = APNsFile.payloadByteCount(of: body, root: root)
    }
    let verdict = APNsVerdict.judge(
      byteCount: byteCount, isBlank: isBlank, root: root, syntaxError: syntaxError,
      headers: headers)
    guard let root, root.isObject else {
      self.init(
        verdict: verdict, document: document, syntaxError: syntaxError, payload: nil,
        diagnostics: verdict.diagnostics)
      return
    }
    let read = Payload(
      json: root, pushType: verdict.pushType, ignoredTopLevelKeys: ignoredTopLevelKeys)
    let advice =
      lint
      ? read.lint(
        verdict: verdict, headers: headers, app: app, ignoredTopLevelKeys: ignoredTopLevelKeys)
      : []
    self.init(
      verdict: verdict, document: document, syntaxError: nil, payload: read,
      diagnostics: Self.findings(
        verdict: verdict, duplicatesIn: document, reading: read.diagnostics, lint: advice))
  }

  /// Validates a request body exactly as ``init(body:headers:app:lint:ignoredTopLevelKeys:)``
  /// does (the same verdict, findings and payload), reading it in place (``JSONTape``): only
  /// `aps` is read, and the body's tree and ``payload`` are built when first asked for. For a
  /// stream of bodies whose results are written and dropped (`pushsim validate --jsonl`).
  ///
  /// A body that is blank or not JSON, whose root is not an object, or that repeats a key or
  /// writes one with an escape is read as a tree. The body may be a slice of a larger buffer
  /// (a line of a chunk read from a stream): the validation keeps that buffer until it is
  /// dropped. `tapeStorage` is room to read the body in, reused from one body to the next by a
  /// caller that validates many on one thread.
  ///
  /// The headers and app facts are borrowed, not copied and destroyed for each body (an
  /// initializer's parameters are otherwise its own).
  package init(
    readingInPlace body: ArraySlice<UInt8>, headers: borrowing PushHeaders = PushHeaders(),
    app: borrowing AppFacts? = nil, tapeStorage: JSONTapeStorage = JSONTapeStorage()
  ) {
    guard !Self.isBlank(body), let tape = try? JSONTape(reading: body, into: tapeStorage),
      tape.hasPlainKeys,
      tape.entries.first?.kind == .object
    else {
      self.init(body: Array(body), headers: copy headers, app: copy app)
      return
    }
    self = tape.withRoot(in: body) { root in
      PayloadValidation(root: root, of: body, headers: headers, app: app)
    }
  }

  /// The validation of a body read in place whose root is an object.
  private init(
    root: JSONTapeValue, of body: ArraySlice<UInt8>, headers: borrowing PushHeaders,
    app: borrowing AppFacts?
  ) {
    let verdict = APNsVerdict.judge(
      byteCount: body.count, isBlank: false, root: root, syntaxError: nil, headers: headers)
    // The findings in their order (the verdict's, reading, lint; a body read in place repeats
    // no key) go into one list, handed from the reader to the linter: it stays the verdict's
    // own when nothing is added, and is copied once, not merged from three, when something is.
    var reader = PayloadReader(pushType: verdict.pushType)
    reader.diagnostics = verdict.diagnostics
    var aps = APS()
    reader.readRoot(root, into: &aps)
    var linter = PayloadLinter(
      verdict: verdict, headers: headers, app: copy app, ignoredTopLevelKeys: [])
    swap(&linter.diagnostics, &reader.diagnostics)
    linter.run(aps: aps, root: root)
    parts = Parts(verdict: verdict, diagnostics: linter.diagnostics, unbuiltBody: body)
  }

  /// Whether the body is empty or only whitespace.
  private static func isBlank(_ body: some Collection<UInt8>) -> Bool {
    body.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
  }

  /// Every finding in order: the verdict's, duplicate keys, reading, lint.
  private static func findings(
    verdict: APNsVerdict, duplicatesIn document: JSONDocument?, reading: [Diagnostic],
    lint: [Diagnostic]
  ) -> [Diagnostic] {
    let duplicateCount = document?.duplicateKeys.count ?? 0
    // The verdict's array is shared, not copied, when nothing is added to it (the usual
    // case): appending even nothing to a shared array copies it. Otherwise the list is
    // allocated once at its final size, not grown by each part appended.
    var diagnostics = verdict.diagnostics
    let added = duplicateCount + reading.count + lint.count
    if added > 0 {
      diagnostics.reserveCapacity(diagnostics.count + added)
      if duplicateCount > 0, let document {
        Self.appendDuplicateKeys(of: document, to: &diagnostics)
      }
      diagnostics += reading
      diagnostics += lint
    }
    return diagnostics
  }

  /// A warning for each key written twice in one object (Rules.md §1: the last one wins).
  private static func appendDuplicateKeys(
    of document: JSONDocument, to diagnostics: inout [Diagnostic]
  ) {
    for duplicate in document.duplicateKeys {
      let first = document.position(ofByte: duplicate.firstKeyRange.lowerBound)
      diagnostics.append(
        Diagnostic(
          .warning, code: .duplicateKey, path: duplicate.path.description,
          message: "key \(JSONWriter.quoted(duplicate.key)) appears more than once in the "
            + "same object (first at line \(first.line)); the last one wins", source: .lint))
    }
  }

  /// Stores the parts.
  private init(
    verdict: APNsVerdict, document: JSONDocument?, syntaxError: JSONSyntaxError?,
    payload: Payload?, diagnostics: [Diagnostic]
  ) {
    parts = Parts(
      verdict: verdict, syntaxError: syntaxError, diagnostics: diagnostics, document: document,
      payload: payload)
  }

  /// The verdict for a body known only by its size, too large to be worth reading (a streamed
  /// line far over every limit): APNs rejects it with 413 before looking inside.
  public init(oversizedBodyOf byteCount: Int, headers: PushHeaders = PushHeaders()) {
    let verdict = APNsVerdict.judge(
      byteCount: byteCount, isBlank: false, root: JSONValue?.none, syntaxError: nil,
      headers: headers)
    self.init(
      verdict: verdict, document: nil, syntaxError: nil, payload: nil,
      diagnostics: verdict.diagnostics)
  }

  /// Whether any diagnostic is an error (APNs rejects, or lint found an error).
  public var hasErrors: Bool { parts.diagnostics.contains { $0.severity == .error } }

  /// Whether APNs accepts the request: `verdict.accepted`, read without copying the verdict
  /// (`validate --jsonl` counts it for every line).
  package var isAccepted: Bool { parts.verdict.accepted }

  /// How many diagnostics are errors and how many warnings, counted in place (the totals of
  /// `validate --jsonl`); `errors > 0` is ``hasErrors``.
  package var severityCounts: (errors: Int, warnings: Int) {
    var errors = 0
    var warnings = 0
    let diagnostics = parts.diagnostics
    for index in diagnostics.indices {
      switch diagnostics[index].severity {
      case .error: errors += 1
      case .warning: warnings += 1
      case .info: break
      }
    }
    return (errors, warnings)
  }

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
