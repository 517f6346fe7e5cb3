extension DiagnosticCode {
  // MARK: APNs's answer to a request and the reading of its payload (Rules.md §1–§2)

  /// 400 `PayloadEmpty`: the body is empty or only whitespace.
  public static let payloadEmpty = DiagnosticCode(rawValue: "payload-empty")
  /// 413 `PayloadTooLarge`: the body is over 4096 bytes (5120 for `voip`), counted on the exact
  /// bytes sent.
  public static let payloadTooLarge = DiagnosticCode(rawValue: "payload-too-large")
  /// 400 `MalformedPayload`: the body is not JSON (the message gives line and column), starts with
  /// a UTF-8 byte order mark, or its top level is not an object.
  public static let malformedPayload = DiagnosticCode(rawValue: "malformed-payload")
  /// 400 `InvalidPushType`: `apns-push-type` is not one of the 11 documented values.
  public static let invalidPushType = DiagnosticCode(rawValue: "invalid-push-type")
  /// 400 `BadPriority`: `apns-priority` is not 1, 5 or 10 (apns), or a `background` push has
  /// priority 10 (model).
  public static let badPriority = DiagnosticCode(rawValue: "bad-priority")
  /// 400 `BadCollapseId`: `apns-collapse-id` is over 64 bytes of UTF-8.
  public static let badCollapseId = DiagnosticCode(rawValue: "bad-collapse-id")
  /// 400 `BadExpirationDate`: `apns-expiration` is not made of digits only.
  public static let badExpirationDate = DiagnosticCode(rawValue: "bad-expiration-date")
  /// 400 `BadMessageId`: `apns-id` is not a canonical UUID (8-4-4-4-12 hexadecimal digits).
  public static let badMessageId = DiagnosticCode(rawValue: "bad-message-id")
  /// 400 `BadTopic`: `apns-topic` lacks the suffix its push type needs (`.voip`,
  /// `.push-type.liveactivity`, …; Behavior.md §2.3).
  public static let badTopic = DiagnosticCode(rawValue: "bad-topic")
  /// No `apns-push-type`: PushSim inferred the type: from a known `apns-topic` suffix (`.voip` →
  /// `voip`, `.push-type.liveactivity` → `liveactivity`, …; model), else `background`,
  /// `liveactivity` or `alert` from the payload (lint).
  public static let pushTypeInferred = DiagnosticCode(rawValue: "push-type-inferred")
  /// `aps` is not an object; it is treated as absent.
  public static let apsWrongType = DiagnosticCode(rawValue: "aps-wrong-type")
  /// `alert` is neither a string nor an object; no alert is shown.
  public static let alertWrongType = DiagnosticCode(rawValue: "alert-wrong-type")
  /// A key has the wrong JSON type (a text field that is not a string, `loc-args` that is not an
  /// array, a `sound` that is neither string nor object, …); it is treated as absent.
  public static let wrongType = DiagnosticCode(rawValue: "wrong-type")
  /// `badge` is a string such as `"3"`: iOS ignores it and the badge is unchanged.
  public static let badgeString = DiagnosticCode(rawValue: "badge-string")
  /// `badge` is a fraction, a Boolean or another non-number; treated as absent.
  public static let badgeNotInteger = DiagnosticCode(rawValue: "badge-not-integer")
  /// `badge` is negative; treated as absent.
  public static let badgeNegative = DiagnosticCode(rawValue: "badge-negative")
  /// `content-available` or `mutable-content` is `true`; treated as set.
  public static let flagBoolean = DiagnosticCode(rawValue: "flag-boolean")
  /// A flag is a number other than 0 or 1, or not a number; it is not set.
  public static let flagInvalid = DiagnosticCode(rawValue: "flag-invalid")
  /// `interruption-level` is not `passive`, `active`, `time-sensitive` or `critical` (watch the
  /// hyphen); treated as `active`.
  public static let interruptionLevelUnknown = DiagnosticCode(
    rawValue: "interruption-level-unknown")
  /// `relevance-score` is not a number; treated as 0.
  public static let relevanceScoreNotNumber = DiagnosticCode(rawValue: "relevance-score-not-number")
  /// `relevance-score` is outside 0…1 on a push that is not a Live Activity; clamped into 0…1.
  public static let relevanceScoreOutOfRange = DiagnosticCode(
    rawValue: "relevance-score-out-of-range")
  /// A critical sound's `volume` is outside 0…1; clamped.
  public static let soundVolumeOutOfRange = DiagnosticCode(rawValue: "sound-volume-out-of-range")
  /// An item of a `*-loc-args` array is not a string; its JSON text is used.
  public static let locArgNotString = DiagnosticCode(rawValue: "loc-arg-not-string")
  /// `summary-arg` or `summary-arg-count` is ignored for display since iOS 15; it is kept in the
  /// model only.
  public static let summaryArgDeprecated = DiagnosticCode(rawValue: "summary-arg-deprecated")
  /// A JSON object (or a `.strings` table) holds the same key twice; the last value wins.
  public static let duplicateKey = DiagnosticCode(rawValue: "duplicate-key")
}
