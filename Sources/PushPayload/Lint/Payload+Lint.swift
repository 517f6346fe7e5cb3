public import PushCore

extension Payload {
  /// Lint: advice about a payload APNs accepts but that probably does not do what the sender
  /// meant (issue 2; Rules.md §1, §2, §5).
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
      verdict: verdict, headers: headers, app: app, ignoredTopLevelKeys: ignoredTopLevelKeys)
    linter.run(aps: aps, root: json)
    return linter.diagnostics
  }
}

/// The lint rules, one method each.
///
/// Holds only the scalars it needs from the verdict and headers; the payload is passed to
/// ``run(aps:root:)`` and borrowed, not copied (this runs once per line of `validate --jsonl`).
struct PayloadLinter {
  let pushType: PushType?
  let pushTypeWasInferred: Bool
  let bytes: Int
  let limit: Int
  let priority: String?
  let expiration: String?
  let app: AppFacts?
  let ignoredTopLevelKeys: Set<String>
  var diagnostics: [Diagnostic] = []

  init(
    verdict: APNsVerdict, headers: borrowing PushHeaders, app: AppFacts?,
    ignoredTopLevelKeys: Set<String>
  ) {
    self.pushType = verdict.pushType
    self.pushTypeWasInferred = verdict.pushTypeWasInferred
    self.bytes = verdict.bytes
    self.limit = verdict.limit
    self.priority = headers.priority
    self.expiration = headers.expiration
    self.app = app
    self.ignoredTopLevelKeys = ignoredTopLevelKeys
  }

  /// Every rule, for a payload's `aps` as read and its root (a tree, or read in place: the
  /// root's keys are all the rules read of it).
  mutating func run(aps: APS, root: some JSONReadable) {
    pushTypeMatchesPayload(aps, pushType)
    backgroundPriority(pushType)
    pushTypePriority(pushType)
    pushTypeExpiration(pushType)
    if pushType == .liveactivity { liveActivityShape(aps) }
    backgroundPushContent(aps, pushType)
    mutableContentNeedsVisibleAlert(aps)
    unknownKeys(aps)
    shadowedKeys(root)
    if let alert = aps.alert { alertText(alert) }
    entitlements(aps)
    criticalSound(aps)
    nearSizeLimit()
    appFacts(aps)
    missingAPS(root)
    receiverPayload(root)
  }

  // MARK: - Push type and background pushes

  /// `alert` type with a content-available-only payload, and `background` type without
  /// `content-available` (Behavior.md §2.2: the push type must match the payload).
  private mutating func pushTypeMatchesPayload(_ aps: APS, _ pushType: PushType?) {
    guard !pushTypeWasInferred else { return }
    if pushType == .alert, aps.isBackgroundOnly {
      add(
        .warning, .pushTypeMismatch, header: "apns-push-type",
        "apns-push-type is alert but aps holds only content-available: a silent update "
          + "should be sent as background with priority 5")
    } else if pushType == .background, !aps.contentAvailable {
      add(
        .warning, .pushTypeMismatch, header: "apns-push-type",
        "apns-push-type is background but aps has no content-available: 1, so nothing wakes "
          + "the app")
    } else if pushType == .alert || pushType == .background, aps.isLiveActivity {
      add(
        .warning, .pushTypeMismatch, header: "apns-push-type",
        "aps holds Live Activity keys (event, content-state) but apns-push-type is "
          + "\(pushType?.rawValue ?? ""): no activity changes; send it as liveactivity to the "
          + "topic <bundle ID>.push-type.liveactivity (Behavior.md §2.3)", source: .apns)
    } else if pushType == .liveactivity, !aps.isLiveActivity {
      add(
        .warning, .pushTypeMismatch, header: "apns-push-type",
        "apns-push-type is liveactivity but aps has neither event nor content-state: no "
          + "activity changes and nothing is shown", source: .apns)
    }
  }

  /// Priorities per push type (Behavior.md §2.3): Apple documents 5 or 10 for Live Activities
  /// and 10 for Push to Talk.
  private mutating func pushTypePriority(_ pushType: PushType?) {
    switch (pushType, priority) {
    case (.liveactivity, "1"):
      add(
        .warning, .pushTypePriority, header: "apns-priority",
        "Apple documents priority 5 or 10 for liveactivity pushes; what 1 does is undocumented "
          + "(PushSim treats it like 5). Send 5 (not counted against the hourly budget) or 10",
        source: .model)
    case (.pushtotalk, "5"), (.pushtotalk, "1"):
      add(
        .warning, .pushTypePriority, header: "apns-priority",
        "a pushtotalk push must be sent with priority 10 so the audio reaches the person now",
        source: .apns)
    default:
      break
    }
  }

  /// `apns-expiration` for calls and Push to Talk: a late call invitation or transmission is
  /// worse than none (Behavior.md §2.3).
  private mutating func pushTypeExpiration(_ pushType: PushType?) {
    switch pushType {
    case .voip where expiration == nil:
      add(
        .info, .pushTypeExpiration, header: "apns-expiration",
        "a voip push should carry apns-expiration 0 or a few seconds ahead, so APNs does not "
          + "deliver a stale call invitation later", source: .apns)
    case .pushtotalk where expiration != "0":
      add(
        .info, .pushTypeExpiration, header: "apns-expiration",
        "a pushtotalk push should carry apns-expiration: 0, so APNs does not store it for later",
        source: .apns)
    default:
      break
    }
  }

  // MARK: - Live Activities

  /// The shape of a `liveactivity` payload (Behavior.md §1.2): a `timestamp` on every push,
  /// a `content-state` on a start or an update, and dates in seconds.
  private mutating func liveActivityShape(_ aps: APS) {
    guard aps.isLiveActivity else { return }
    if aps.timestamp == nil {
      add(
        .warning, .liveActivityTimestampMissing, "aps.timestamp",
        "a Live Activity push needs a timestamp (UNIX seconds) so the system keeps the newest "
          + "content; PushSim applies a push without one as the newest (model)", source: .apns)
    }
    if aps.contentState == nil, aps.event == "update" || aps.event == "start" {
      add(
        .warning, .liveActivityContentStateMissing, "aps.content-state",
        "an \(aps.event ?? "") without content-state: the activity has nothing new to show",
        source: .apns)
    }
    for (key, value) in [("stale-date", aps.staleDate), ("dismissal-date", aps.dismissalDate)] {
      guard let value, value > Self.millisecondThreshold else { continue }
      add(
        .warning, .liveActivityDateMilliseconds, "aps.\(key)",
        "\(key) \(value < 1e15 ? String(Int(value)) : value.description) looks like milliseconds; ActivityKit reads seconds "
          + "since 1970, so the date lies thousands of years ahead", source: .model)
    }
  }

  /// Seconds since 1970 above this (year 5138) are read as milliseconds sent by mistake.
  static let millisecondThreshold: Double = 100_000_000_000

  /// A background push with priority 10 is rejected only when the header says background;
  /// the inferred case and an omitted priority (which means 10) get a warning.
  private mutating func backgroundPriority(_ pushType: PushType?) {
    guard pushType == .background else { return }
    if priority == nil {
      add(
        .warning, .backgroundPriority, header: "apns-priority",
        "no apns-priority means 10, but a background push must use 5 (Behavior.md §2.2)")
    } else if priority == "10", pushTypeWasInferred {
      add(
        .warning, .backgroundPriority, header: "apns-priority",
        "priority 10 for a content-available-only push: APNs requires 5 for background pushes "
          + "(Behavior.md §2.2)")
    }
  }

  /// A background push (by header) with alert, sound or badge; thread-id or category on a
  /// background push (nothing is shown, so they do nothing).
  private mutating func backgroundPushContent(_ aps: APS, _ pushType: PushType?) {
    let isBackground = pushType == .background || aps.isBackgroundOnly
    guard isBackground else { return }
    if pushType == .background {
      for (key, present) in [
        ("alert", aps.alert != nil), ("sound", aps.sound != nil), ("badge", aps.badge != nil),
      ] where present {
        add(
          .warning, .backgroundPushVisibleContent, "aps.\(key)",
          "a background push shows nothing: '\(key)' is ignored (send it as an alert push)")
      }
    }
    for (key, present) in [("thread-id", aps.threadID != nil), ("category", aps.category != nil)]
    where present {
      add(
        .warning, .backgroundPushGroupingKey, "aps.\(key)",
        "'\(key)' does nothing on a background push: nothing is shown to group or act on")
    }
  }

  /// The service extension runs only for a visible alert (Rules.md §7).
  private mutating func mutableContentNeedsVisibleAlert(_ aps: APS) {
    guard aps.mutableContent, !(aps.alert?.hasVisibleText ?? false) else { return }
    add(
      .warning, .mutableContentWithoutAlert, "aps.mutable-content",
      "mutable-content is set but the alert has no title, subtitle or body: the service "
        + "extension will not run", source: .device)
  }

  // MARK: - Keys

  /// Custom keys inside `aps` or `aps.alert`: APNs ignores them (Behavior.md §1.1). A key one or
  /// two edits from a known one is most likely a typo, so the message names the key it resembles
  /// (`'titel' is not an alert key; it is ignored: did you mean "title"?`).
  ///
  /// `content-changed` is the one key of a `widgets` or `controls` push (Behavior.md §12):
  /// an aps key there, and the key a typo on such a push is matched against first.
  private mutating func unknownKeys(_ aps: APS) {
    let reloadsWidgets = pushType == .widgets || pushType == .controls
    for key in aps.unknownKeys {
      // Push to Talk's service-update push (iOS 17.2): `"ptt-push-type": "service-update"`.
      if key == "ptt-push-type", pushType == .pushtotalk { continue }
      if key == Self.contentChangedKey {
        guard !reloadsWidgets else { continue }
        add(
          .warning, .unknownKeyInAps, JSONPath([.key("aps"), .key(key)]).description,
          "'content-changed' is read only on widgets and controls pushes (apns-push-type "
            + "widgets or controls); on this push it is ignored")
        continue
      }
      let suggestion =
        reloadsWidgets
        ? Self.didYouMean(key, Self.widgetKeysForSuggestion)
        : Self.didYouMean(key, Self.apsKeysForSuggestion)
      add(
        .warning, .unknownKeyInAps, JSONPath([.key("aps"), .key(key)]).description,
        "'\(key)' is not an aps key: "
          + (suggestion ?? "APNs ignores custom keys inside aps; put app data at the top level"))
    }
    for key in aps.alert?.unknownKeys ?? [] {
      let suggestion = Self.didYouMean(key, Self.alertKeysForSuggestion)
      add(
        .warning, .unknownKeyInAps,
        JSONPath([.key("aps"), .key("alert"), .key(key)]).description,
        "'\(key)' is not an alert key; it is ignored" + (suggestion.map { ": \($0)" } ?? ""))
    }
    // iOS reads a sound inside the alert only for Live Activity alerts (Behavior.md §1.3).
    if aps.alert?.sound != nil, pushType != .liveactivity, !aps.isLiveActivity {
      add(
        .warning, .unknownKeyInAps, "aps.alert.sound",
        "'sound' inside alert is read only for Live Activity alerts; on this push no sound "
          + "plays: did you mean aps.sound?", source: .device)
    }
  }

  /// The alert keys a typo is matched against: `sound` is left out, since it is read only in
  /// Live Activity alerts (built once, not per unknown key).
  static let alertKeysForSuggestion = Suggestion.Candidates(
    Alert.knownKeys.subtracting(["sound"]))
  /// The `aps` keys a typo is matched against (prepared once).
  static let apsKeysForSuggestion = Suggestion.Candidates(APS.knownKeys)
  /// The key of a `widgets` or `controls` push: `{"aps": {"content-changed": true}}`.
  static let contentChangedKey = "content-changed"
  /// What a typo on a `widgets` or `controls` push is matched against: their one key only, so
  /// `content-change` is not taken for `content-state`.
  static let widgetKeysForSuggestion = Suggestion.Candidates([contentChangedKey])

  /// `did you mean "title"?` when `key` is a likely typo of one of `known`.
  static func didYouMean(_ key: String, _ known: Suggestion.Candidates) -> String? {
    Suggestion.closest(to: key, among: known).map { "did you mean \"\($0)\"?" }
  }

  /// A top-level key named like an `aps` key, as if it had been put one level too high.
  /// Live Activity names (`timestamp`, `event`, …) are common words, so they are only info.
  private mutating func shadowedKeys(_ root: some JSONReadable) {
    guard let members = root.objectMembers else { return }
    // `aps` itself is not an aps key.
    for member in members {
      guard let known = PayloadReader.apsKey(member.key),
        ignoredTopLevelKeys.isEmpty || !ignoredTopLevelKeys.contains(known.rawValue),
        let warning = Self.shadowedKeyWarnings[known]
      else { continue }
      diagnostics.append(warning)
    }
  }

  /// The `shadowed-aps-key` finding of each `aps` key, made once (its path and message depend
  /// only on the key, and a sender that puts one at the top level does it on every push).
  static let shadowedKeyWarnings: [PayloadReader.APSKey: Diagnostic] = Dictionary(
    uniqueKeysWithValues: PayloadReader.APSKey.allCases.map { known in
      // Spelled as the case's raw value.
      let key = known.rawValue
      let severity: Diagnostic.Severity = liveActivityKeys.contains(key) ? .info : .warning
      return (
        known,
        Diagnostic(
          severity, code: .shadowedApsKey, path: JSONPath([.key(key)]).description,
          message:
            "top-level '\(key)' is a custom key, not aps.\(key): iOS will not act on it here",
          source: .lint)
      )
    })

  static let liveActivityKeys: Set<String> = [
    "timestamp", "event", "content-state", "stale-date", "dismissal-date", "attributes-type",
    "attributes", "input-push-token", "input-push-channel", "url-args",
  ]

  /// No `aps` at all, on a push whose receiver reads it: `alert`, `background`,
  /// `liveactivity`, `widgets` and `controls` (and a push whose type was not sent). The other
  /// receivers take the whole dictionary (PushKit for `voip`, the Location Push Service
  /// Extension, Push to Talk, a watch complication), and Apple documents the `mdm` and
  /// `fileprovider` payloads without `aps` (``receiverPayload(_:)`` checks those).
  private mutating func missingAPS(_ root: some JSONReadable) {
    switch pushType {
    case nil, .alert?, .background?, .liveactivity?, .widgets?, .controls?: break
    default: return
    }
    guard root.isObject, root["aps"] == nil else { return }
    add(
      .warning, .apsMissing, nil,
      "the payload has no 'aps' dictionary: nothing is shown and the app is not woken")
  }

  /// The documented payload of a push type whose receiver is not the app's notification code
  /// (Behavior.md §12): `{"aps": {"content-changed": true}}` for `widgets` and `controls`,
  /// `{"mdm": "<PushMagic>"}` for `mdm`, a top-level `container-identifier` for
  /// `fileprovider`. A payload without it is probably not what the sender meant.
  private mutating func receiverPayload(_ root: some JSONReadable) {
    guard root.isObject else { return }
    let type = pushType?.rawValue ?? ""
    switch pushType {
    case .widgets?, .controls?:
      guard root["aps"]?[Self.contentChangedKey]?.boolValue != true else { return }
      add(
        .warning, .pushTypeMismatch, header: "apns-push-type",
        "apns-push-type is \(type) but aps has no content-changed: true; Apple documents "
          + "{\"aps\": {\"content-changed\": true}} for \(type) pushes")
    case .mdm?:
      guard root["mdm"]?.stringValue == nil else { return }
      add(
        .warning, .pushTypeMismatch, header: "apns-push-type",
        "apns-push-type is mdm but the payload has no 'mdm' string: an MDM push is "
          + "{\"mdm\": \"<PushMagic>\"}, the PushMagic from the device's check-in")
    case .fileprovider?:
      guard root["container-identifier"]?.stringValue == nil else { return }
      add(
        .warning, .pushTypeMismatch, header: "apns-push-type",
        "apns-push-type is fileprovider but the payload has no top-level "
          + "'container-identifier' string: the system cannot tell which enumerator to signal")
    default:
      return
    }
  }

  // MARK: - Alert text

  private mutating func alertText(_ alert: Alert) {
    textRules(
      alert, "title", alert.title, alert.titleLocKey, alert.titleLocArguments, "title-loc-key",
      "title-loc-args")
    textRules(
      alert, "subtitle", alert.subtitle, alert.subtitleLocKey, alert.subtitleLocArguments,
      "subtitle-loc-key", "subtitle-loc-args")
    textRules(
      alert, "body", alert.body, alert.locKey, alert.locArguments, "loc-key", "loc-args")
  }

  /// Literal and loc-key together, loc-args without loc-key, specifiers in literal text.
  private mutating func textRules(
    _ alert: Alert, _ name: String, _ literal: String?, _ locKey: String?, _ locArgs: [String]?,
    _ keyName: String, _ argsName: String
  ) {
    if literal != nil, locKey != nil, alert.form == .dictionary {
      add(
        .warning, .literalAndLocKey, "aps.alert.\(name)",
        "both '\(name)' and '\(keyName)': the localized text wins when the key resolves "
          + "(Rules.md §3); send one")
    }
    if locArgs != nil, locKey == nil {
      add(
        .warning, .locArgsWithoutLocKey, "aps.alert.\(argsName)",
        "'\(argsName)' without '\(keyName)': the arguments are never used")
    }
    if let literal, let specifier = Self.formatSpecifier(in: literal) {
      add(
        .warning, .formatSpecifierInLiteral,
        alert.form == .string ? "aps.alert" : "aps.alert.\(name)",
        "literal \(name) contains '\(specifier)': literal text is shown as is, only "
          + "localized strings are formatted")
    }
  }

  /// The first printf-style specifier (`%@`, `%1$@`, `%d`, `%%`, …) in `text`, if any.
  static func formatSpecifier(in text: String) -> String? {
    // Scanning the contiguous bytes is several times cheaper than UTF8View's index walk.
    let hasPercent =
      text.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "%")) }
      ?? text.utf8.contains(UInt8(ascii: "%"))
    guard hasPercent else { return nil }
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "%" else {
        index += 1
        continue
      }
      var end = index + 1
      while end < scalars.count,
        ("0"..."9").contains(scalars[end]) || scalars[end] == "$"
          || scalars[end] == "." || scalars[end] == "-" || scalars[end] == "+"
          || scalars[end] == "#"
          || scalars[end] == "l" || scalars[end] == "h" || scalars[end] == "q"
          || scalars[end] == "z"
      {
        end += 1
      }
      if end < scalars.count, "@%dDiuUxXoOfFeEgGcCsSpaA".unicodeScalars.contains(scalars[end]) {
        var specifier = String.UnicodeScalarView()
        specifier.append(contentsOf: scalars[index...end])
        return String(specifier)
      }
      index += 1
    }
    return nil
  }

  // MARK: - Interruption level, critical sound, entitlements

  private mutating func entitlements(_ aps: APS) {
    let needs: [(String, String, String)] =
      switch aps.effectiveInterruptionLevel {
      case .timeSensitive:
        [("time-sensitive", "aps.interruption-level", "time-sensitive")]
      case .critical where aps.interruptionLevel == nil:
        [("critical-alerts", "aps.sound.critical", "a critical sound")]
      case .critical:
        [("critical-alerts", "aps.interruption-level", "critical")]
      default: []
      }
    for (entitlement, path, what) in needs {
      if let app {
        if !app.entitlements.contains(entitlement) {
          add(
            .warning, .entitlementMissing, path,
            "\(what) needs the '\(entitlement)' entitlement, which the app does not have: it is "
              + "delivered as active (Rules.md §5)", source: .model)
        }
      } else {
        add(
          .info, .entitlementRequired, path,
          "\(what) needs the '\(entitlement)' entitlement (without it iOS delivers it as active); "
            + "pass --app to check")
      }
    }
  }

  /// `sound: {critical: 1}` beside an interruption level that is not critical: the written
  /// level wins (`source: model`); the flag alone makes a critical alert.
  private mutating func criticalSound(_ aps: APS) {
    guard aps.sound?.isCritical == true, let level = aps.interruptionLevel, level != .critical
    else { return }
    let article = level == .active ? "an" : "a"
    add(
      .warning, .criticalSoundLevel, "aps.sound.critical",
      "a critical sound on \(article) \(level.rawValue) notification is not a critical alert: "
        + "remove interruption-level or set it to critical", source: .model)
  }

  // MARK: - Size

  private mutating func nearSizeLimit() {
    guard bytes <= limit, bytes * 10 > limit * 9 else { return }
    add(
      .warning, .nearSizeLimit, nil,
      "the body is \(bytes) of \(limit) bytes (over 90%): a longer text or argument "
        + "will be rejected with 413")
  }

  // MARK: - App facts (--app)

  private mutating func appFacts(_ aps: APS) {
    guard let app else { return }
    if let category = aps.category, !app.categories.contains(category) {
      add(
        .warning, .categoryNotRegistered, "aps.category",
        "category \(JSONWriter.quoted(category)) is not registered by the app: no actions are "
          + "shown", source: .device)
    }
    guard let shipped = app.sounds else { return }
    for (sound, path) in [(aps.sound, "aps.sound"), (aps.alert?.sound, "aps.alert.sound")] {
      guard let name = sound?.name, name != "default", !shipped.contains(name) else { continue }
      add(
        .warning, .soundNotShipped, sound?.form == .dictionary ? path + ".name" : path,
        "sound \(JSONWriter.quoted(name)) is not shipped by the app: the default sound plays",
        source: .device)
    }
  }

  // MARK: -

  private mutating func add(
    _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ path: String?, _ message: String,
    source: DiagnosticSource = .lint
  ) {
    diagnostics.append(
      Diagnostic(severity, code: code, path: path, message: message, source: source))
  }

  private mutating func add(
    _ severity: Diagnostic.Severity, _ code: DiagnosticCode, header: String, _ message: String,
    source: DiagnosticSource = .lint
  ) {
    diagnostics.append(
      Diagnostic(
        severity, code: code, location: .header(header), message: message, source: source))
  }
}
