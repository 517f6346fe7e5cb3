extension DiagnosticCode {
  // MARK: What the device decides: presentation, routing, text that does not fit, other push types (Rules.md §5, §8, §14)

  /// A `time-sensitive` push from an app without the time-sensitive entitlement is delivered as
  /// `active`.
  public static let timeSensitiveEntitlementMissing = DiagnosticCode(
    rawValue: "time-sensitive-entitlement-missing")
  /// A `critical` push without the critical-alerts entitlement or the `criticalAlert` authorization
  /// is delivered as `active`.
  public static let criticalNotAllowed = DiagnosticCode(rawValue: "critical-not-allowed")
  /// A route is never tried: a route before it matches every response.
  public static let routeUnreachable = DiagnosticCode(rawValue: "route-unreachable")
  /// A route names the same parameter twice.
  public static let routeParamDuplicate = DiagnosticCode(rawValue: "route-param-duplicate")
  /// A required parameter has a `default`, which is never used (a required parameter must read).
  public static let routeDefaultIgnored = DiagnosticCode(rawValue: "route-default-ignored")
  /// A parameter's `default` is not of the parameter's `type`.
  public static let routeDefaultType = DiagnosticCode(rawValue: "route-default-type")
  /// In `pushsim docs`, a title or body needs more lines than the banner (about 2) or lock screen
  /// (about 4) shows; iOS ends it with "…". Shorten it.
  public static let textTruncated = DiagnosticCode(rawValue: "text-truncated")
  /// A `complication` push reaches a watchOS app, never an iPhone; nothing happens.
  public static let pushTypeNotForPlatform = DiagnosticCode(rawValue: "push-type-not-for-platform")
}
