extension DiagnosticCode {
  // MARK: Advice on a payload and its headers: legal, but probably not what the sender meant (Codes.md, "Lint of the payload and headers")

  /// The payload has no `aps` dictionary: nothing is shown and the app is not woken.
  public static let apsMissing = DiagnosticCode(rawValue: "aps-missing")
  /// A key inside `aps` or `aps.alert` that Apple does not define; APNs and iOS ignore it.
  public static let unknownKeyInAps = DiagnosticCode(rawValue: "unknown-key-in-aps")
  /// A top-level key is named like an `aps` key (`badge`, `sound`, …); iOS does not act on it
  /// there.
  public static let shadowedApsKey = DiagnosticCode(rawValue: "shadowed-aps-key")
  /// `apns-push-type` disagrees with the payload: `alert` for a push with only `content-available`,
  /// or `background` without `content-available: 1` (lint); Live Activity keys (`event`,
  /// `content-state`) on an `alert` or `background` push, or a `liveactivity` push with neither
  /// (apns: Live Activity pushes need the `liveactivity` type).
  public static let pushTypeMismatch = DiagnosticCode(rawValue: "push-type-mismatch")
  /// A priority Apple does not document for the push type: `pushtotalk` below 10 (apns: Push to
  /// Talk pushes are sent with 10), `liveactivity` with 1 (model: Apple documents 5 or 10; PushSim
  /// treats 1 like 5).
  public static let pushTypePriority = DiagnosticCode(rawValue: "push-type-priority")
  /// A `voip` push without `apns-expiration`, or a `pushtotalk` push whose expiration is not 0:
  /// APNs could deliver a stale call or transmission later.
  public static let pushTypeExpiration = DiagnosticCode(rawValue: "push-type-expiration")
  /// A background push without a priority header (which means 10) or with an inferred type and
  /// priority 10.
  public static let backgroundPriority = DiagnosticCode(rawValue: "background-priority")
  /// A `background` push carries `alert`, `sound` or `badge`, which it never shows.
  public static let backgroundPushVisibleContent = DiagnosticCode(
    rawValue: "background-push-visible-content")
  /// A `background` push carries `thread-id`, `category` or similar: nothing is shown to group or
  /// act on.
  public static let backgroundPushGroupingKey = DiagnosticCode(
    rawValue: "background-push-grouping-key")
  /// `mutable-content` is set but there is no visible title, subtitle or body, so the service
  /// extension does not run (Behavior.md §6.1).
  public static let mutableContentWithoutAlert = DiagnosticCode(
    rawValue: "mutable-content-without-alert")
  /// Both a literal (`body`) and its key (`loc-key`) are sent; the localized text wins when the key
  /// resolves (Rules.md §3).
  public static let literalAndLocKey = DiagnosticCode(rawValue: "literal-and-loc-key")
  /// `*-loc-args` without the matching `*-loc-key`: the arguments are never used.
  public static let locArgsWithoutLocKey = DiagnosticCode(rawValue: "loc-args-without-loc-key")
  /// A literal `title`/`body` contains `%@` or similar; literal text is shown as is, only localized
  /// strings are formatted.
  public static let formatSpecifierInLiteral = DiagnosticCode(
    rawValue: "format-specifier-in-literal")
  /// A critical sound (`sound.critical: 1`) on a notification whose `interruption-level` is not
  /// `critical`.
  public static let criticalSoundLevel = DiagnosticCode(rawValue: "critical-sound-level")
  /// A `time-sensitive` or `critical` push needs an entitlement; without it iOS delivers it as
  /// `active`.
  public static let entitlementRequired = DiagnosticCode(rawValue: "entitlement-required")
  /// The app (`--app`, or the scenario's app) lacks that entitlement: the push is delivered as
  /// `active` (Rules.md §5).
  public static let entitlementMissing = DiagnosticCode(rawValue: "entitlement-missing")
  /// `aps.category` is not one of the app's categories: no action buttons are shown.
  public static let categoryNotRegistered = DiagnosticCode(rawValue: "category-not-registered")
  /// The named sound is not in the app's `sounds`: the default sound plays (Behavior.md §1.5; at
  /// presentation time the choice is tagged `model`, Rules.md §5 step 6).
  public static let soundNotShipped = DiagnosticCode(rawValue: "sound-not-shipped")
  /// The body is over 90% of its size limit: a longer text or argument will be rejected with 413.
  public static let nearSizeLimit = DiagnosticCode(rawValue: "near-size-limit")
}
