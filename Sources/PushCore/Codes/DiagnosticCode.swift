/// The stable kebab-case name of a diagnostic (`badge-not-integer`, `loc-key-missing`): what
/// `pushsim validate`, `render`, `strings lint` and a scenario's `diagnostics` print, and what
/// `expect.diagnostics` matches on.
///
/// Every code is a named constant (`DiagnosticCode.badgeNotInteger`), declared once in
/// PushCore and listed in ``all``; Codes.md describes each one with its source and severity.
/// There is deliberately no string-literal initialisation: a code is a constant, never a literal
/// typed at the place that reports it.
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, Codable, Comparable,
  CustomStringConvertible
{
  /// The kebab-case name, as printed.
  public let rawValue: String

  /// A code with this name. Prefer the constants: a name that is not in ``all`` is not a code
  /// PushSim reports.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// The name, as printed.
  public var description: String { rawValue }

  public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// Every code PushSim can report, in the order of Codes.md.
  public static let all: [DiagnosticCode] = [
    .payloadEmpty,
    .payloadTooLarge,
    .malformedPayload,
    .invalidPushType,
    .badPriority,
    .badCollapseId,
    .badExpirationDate,
    .badMessageId,
    .badTopic,
    .pushTypeInferred,
    .apsWrongType,
    .alertWrongType,
    .wrongType,
    .badgeString,
    .badgeNotInteger,
    .badgeNegative,
    .flagBoolean,
    .flagInvalid,
    .interruptionLevelUnknown,
    .relevanceScoreNotNumber,
    .relevanceScoreOutOfRange,
    .soundVolumeOutOfRange,
    .locArgNotString,
    .summaryArgDeprecated,
    .duplicateKey,
    .apsMissing,
    .unknownKeyInAps,
    .shadowedApsKey,
    .pushTypeMismatch,
    .pushTypePriority,
    .pushTypeExpiration,
    .backgroundPriority,
    .backgroundPushVisibleContent,
    .backgroundPushGroupingKey,
    .mutableContentWithoutAlert,
    .literalAndLocKey,
    .locArgsWithoutLocKey,
    .formatSpecifierInLiteral,
    .criticalSoundLevel,
    .entitlementRequired,
    .entitlementMissing,
    .categoryNotRegistered,
    .soundNotShipped,
    .nearSizeLimit,
    .timeSensitiveEntitlementMissing,
    .criticalNotAllowed,
    .routeUnreachable,
    .routeParamDuplicate,
    .routeDefaultIgnored,
    .routeDefaultType,
    .textTruncated,
    .pushTypeNotForPlatform,
    .locKeyMissing,
    .stringsEmpty,
    .missingLocArg,
    .unusedLocArg,
    .unsupportedSpecifier,
    .invalidSpecifier,
    .pluralArgNotNumber,
    .pluralCategoryMissing,
    .pluralVariableMissing,
    .pluralOtherMissing,
    .pluralFormMissing,
    .numericSpecifiers,
    .literalPercent,
    .writeSpecifier,
    .stringsEmptyFile,
    .pluralVariableCycle,
    .formatExpansionLimit,
    .dumpNonFiniteNumber,
    .stringsdictEntry,
    .stringsdictVariable,
    .catalogStructure,
    .catalogEntry,
    .stringsSyntax,
    .stringsEncoding,
    .stringsNotDictionary,
    .silentTruncation,
    .trailingJunk,
    .valueNotString,
    .unreadableFile,
    .keyMissingInLocalization,
    .deviceTokenNotForTopic,
    .badDeviceToken,
    .unregistered,
    .liveActivityEventInvalid,
    .liveActivityContentStateDecode,
    .liveActivityDateReference2001,
    .liveActivityTimestampNotNewer,
    .liveActivityTimestampMilliseconds,
    .liveActivityTimestampMissing,
    .liveActivityContentStateMissing,
    .liveActivityDateMilliseconds,
    .liveActivityDismissalDateIgnored,
    .liveActivityDataTooLarge,
    .liveActivityStartWithoutAlert,
    .liveActivityUnknownAttributesType,
    .liveActivityAttributesDecode,
  ]
}
