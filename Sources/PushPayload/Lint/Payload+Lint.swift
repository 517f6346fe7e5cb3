extension Payload {
  /// Lint: advice about a payload APNs accepts but that probably does not do what the sender
  /// meant (issue 2; model-decisions.md §1, §2, §5).
  ///
  /// - Parameters:
  ///   - verdict: APNs's verdict on the same request (push type, size, limit).
  ///   - headers: the request headers.
  ///   - app: the receiving app's categories, sounds and entitlements, when known.
  ///   - ignoredTopLevelKeys: top-level keys to leave out of the custom-key checks.
  public func lint(
    verdict: APNsVerdict, headers: PushHeaders, app: AppFacts?,
    ignoredTopLevelKeys: Set<String> = []
  ) -> [Diagnostic] {
    var linter = PayloadLinter(
      payload: self, verdict: verdict, headers: headers, app: app,
      ignoredTopLevelKeys: ignoredTopLevelKeys)
    linter.run()
    return linter.diagnostics
  }
}

/// The lint rules, one method each.
struct PayloadLinter {
  let payload: Payload
  let verdict: APNsVerdict
  let headers: PushHeaders
  let app: AppFacts?
  let ignoredTopLevelKeys: Set<String>
  var diagnostics: [Diagnostic] = []

  init(
    payload: Payload, verdict: APNsVerdict, headers: PushHeaders, app: AppFacts?,
    ignoredTopLevelKeys: Set<String>
  ) {
    self.payload = payload
    self.verdict = verdict
    self.headers = headers
    self.app = app
    self.ignoredTopLevelKeys = ignoredTopLevelKeys
  }

  mutating func run() {}
}
