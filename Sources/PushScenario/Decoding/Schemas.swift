import PushPayload

/// The shapes of the scenario format's sections (scenario-format.md): the `device` and `app`
/// tables, categories, routes and the `expect` checks.
enum Schemas {
  // MARK: device

  static let device: Shape = .object([
    ("languages", .array(.string)),
    ("now", .instant),
    ("timeZone", .string),
    ("locked", .bool),
    ("muted", .bool),
    ("online", .bool),
    ("focus", .nullable(.object([("name", .string), ("allowedApps", .array(.string))]))),
    (
      "scheduledSummary",
      .nullable(.object([("times", .array(.dailyTime)), ("apps", .array(.string))]))
    ),
    ("silentPushBudgetPerHour", .int),
  ])

  // MARK: app

  static let appStates = ["foreground", "background", "notRunning", "forceQuit"]
  static let authorizationStatuses = ["authorized", "provisional", "denied", "notDetermined"]
  static let authorizationOptions = ["alert", "sound", "badge", "criticalAlert"]
  static let entitlements = ["time-sensitive", "critical-alerts"]
  static let groupings = ["automatic", "byApp", "off"]
  static let previews = ["always", "whenUnlocked", "never"]
  static let presentationOptions = ["banner", "list", "sound", "badge"]
  static let actionOptions = ["foreground", "destructive", "authenticationRequired"]
  static let categoryOptions = [
    "customDismissAction", "hiddenPreviewsShowTitle", "hiddenPreviewsShowSubtitle",
    "allowInCarPlay",
  ]
  static let parameterTypes = ["string", "int", "number", "bool", "url", "uuid"]

  static let action: Shape = .object([
    ("id", .string),
    ("title", .string),
    ("options", .array(.oneOf(actionOptions))),
    ("textInput", .nullable(.object([("button", .string), ("placeholder", .string)]))),
  ])

  static let category: Shape = .object([
    ("id", .string),
    ("actions", .array(action)),
    ("options", .array(.oneOf(categoryOptions))),
    ("summaryFormat", .string),
    ("hiddenPreviewsBodyPlaceholder", .string),
  ])

  static let route: Shape = .object([
    ("name", .string),
    (
      "when",
      .object([
        ("category", .string), ("action", .string), ("has", .string), ("equals", .map(.any)),
      ])
    ),
    (
      "params",
      .map(
        .object([
          ("key", .string), ("type", .oneOf(parameterTypes)), ("required", .bool),
          ("default", .any),
        ]))
    ),
  ])

  static let app: Shape = .object([
    ("bundleId", .string),
    ("name", .string),
    ("strings", .nullable(.string)),
    ("developmentRegion", .string),
    ("state", .oneOf(appStates)),
    (
      "authorization",
      .object([
        ("status", .oneOf(authorizationStatuses)),
        ("options", .array(.oneOf(authorizationOptions))),
      ])
    ),
    ("entitlements", .array(.oneOf(entitlements))),
    (
      "settings",
      .object([
        ("grouping", .oneOf(groupings)), ("showPreviews", .oneOf(previews)),
        ("timeSensitive", .bool),
      ])
    ),
    ("backgroundModes", .array(.oneOf(["remote-notification"]))),
    ("sounds", .nullable(.array(.string))),
    ("foregroundPresentation", .array(.oneOf(presentationOptions))),
    ("categories", .array(category)),
    (
      "serviceExtension",
      .nullable(
        .object([
          ("kind", .oneOf(["media", "passthrough"])), ("urlKeys", .array(.string)),
          ("fetch", .oneOf(["manifest", "network"])), ("timeLimit", .duration),
        ]))
    ),
    (
      "media",
      .map(
        .object([
          ("file", .nullable(.string)), ("latency", .duration), ("status", .int),
          ("contentType", .nullable(.string)), ("redirect", .string), ("bytes", .int),
        ]))
    ),
    (
      "ats",
      .object([
        ("allowsArbitraryLoads", .bool), ("allowsLocalNetworking", .bool),
        ("exceptionDomains", .map(.any)),
      ])
    ),
    ("routes", .array(route)),
  ])

  // MARK: expect

  static let pushStatuses = [
    "delivered", "rejected", "suppressed", "replaced", "held", "stored", "coalesced", "expired",
    "silent", "throttled", "discarded", "dismissed", "opened",
  ]

  static let eventKinds = [
    "received", "rejected", "stored", "coalesced", "expired", "delivered", "replaced", "held",
    "suppressed", "silent", "throttled", "discarded", "extension.started", "extension.finished",
    "extension.timeout", "media.fetched", "media.failed", "attachment.rejected", "presented",
    "badge", "tap", "action", "dismiss", "clear", "unlock", "route", "route.unmatched",
  ]

  static let sources = DiagnosticSource.allCases.map(\.rawValue)

  static let presentation: Shape = .object([
    ("banner", .bool), ("lockScreen", .bool), ("sound", .bool), ("wake", .bool), ("list", .bool),
    ("badge", .bool),
  ])

  static let notification: Shape = .object([
    ("title", .string), ("subtitle", .string), ("body", .string), ("thread", .string),
    ("category", .string),
    ("interruptionLevel", .oneOf(InterruptionLevel.allCases.map(\.rawValue))),
    ("relevanceScore", .number), ("sound", .nullable(.string)), ("badge", .nullable(.int)),
    (
      "attachments",
      .array(.object([("type", .string), ("identifier", .string), ("file", .string)]))
    ),
    ("presentation", presentation),
    ("lockScreenText", .object([("title", .string), ("subtitle", .string), ("body", .string)])),
    ("language", .string), ("identifier", .string), ("targetContentId", .nullable(.string)),
    ("userInfo", .any), ("date", .instant), ("status", .oneOf(pushStatuses)),
  ])

  static let push: Shape = .object([
    ("status", .oneOf(pushStatuses)), ("httpStatus", .int), ("reason", .nullable(.string)),
    ("pushType", .string), ("priority", .int), ("bytes", .int), ("identifier", .string),
    ("apnsId", .string), ("collapseId", .nullable(.string)),
  ])

  static let expect: Shape = .object([
    ("push", .pushMap(push)),
    ("notification", .pushMap(notification)),
    (
      "center",
      .array(
        .object([
          ("thread", .string), ("notifications", .array(.pushID)),
          ("summary", .nullable(.string)),
        ]))
    ),
    ("summary", .array(.pushID)),
    ("badge", .nullable(.int)),
    (
      "routes",
      .array(
        .openObject([
          ("route", .nullable(.string)), ("params", .map(.any)), ("push", .pushID),
          ("action", .string),
        ]))
    ),
    ("app", .openObject([("state", .oneOf(appStates)), ("backgroundWakes", .int)])),
    (
      "events",
      .array(
        .openObject([
          ("kind", .oneOf(eventKinds)), ("push", .pushID), ("source", .oneOf(sources)),
          ("reason", .string), ("time", .string),
        ]))
    ),
    (
      "diagnostics",
      .array(
        .openObject([
          ("code", .string), ("push", .pushID), ("source", .oneOf(sources)),
          ("severity", .oneOf(Diagnostic.Severity.allCases.map(\.rawValue))), ("path", .string),
          ("message", .string),
        ]))
    ),
  ])
}
