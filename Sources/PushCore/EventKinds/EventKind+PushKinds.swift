extension EventKind {
  /// APNs received the request (ScenarioFormat.md event kinds).
  public static let received: Self = "received"
  /// APNs refused it (Rules.md §1).
  public static let rejected: Self = "rejected"
  /// APNs keeps it while the device is offline (Rules.md §6).
  public static let stored: Self = "stored"
  /// A newer push replaced it in APNs's store (Rules.md §6).
  public static let coalesced: Self = "coalesced"
  /// Not delivered in time: expiration 0 while offline, or storage ended (§6).
  public static let expired: Self = "expired"
  /// It reached Notification Center, or was presented without a list entry.
  public static let delivered: Self = "delivered"
  /// A later push with the same request identifier took its place (§4).
  public static let replaced: Self = "replaced"
  /// Held for the Scheduled Summary (Rules.md §4).
  public static let held: Self = "held"
  /// Not shown: authorization, or foreground without options (§5).
  public static let suppressed: Self = "suppressed"
  /// A background push handed to the app (Rules.md §6).
  public static let silent: Self = "silent"
  /// A background push over the rolling-hour budget (Rules.md §6).
  public static let throttled: Self = "throttled"
  /// A background push the app cannot get (force-quit, no background mode).
  public static let discarded: Self = "discarded"
  /// The service extension started (Rules.md §7).
  public static let extensionStarted: Self = "extension.started"
  /// The service extension returned content.
  public static let extensionFinished: Self = "extension.finished"
  /// The service extension's budget ran out.
  public static let extensionTimeout: Self = "extension.timeout"
  /// A media download succeeded.
  public static let mediaFetched: Self = "media.fetched"
  /// A media download failed.
  public static let mediaFailed: Self = "media.failed"
  /// An attachment failed validation and was dropped.
  public static let attachmentRejected: Self = "attachment.rejected"
  /// How it was presented (banner, lock screen, sound, wake, list; §5).
  public static let presented: Self = "presented"
  /// The app badge changed (Behavior.md §7.4).
  public static let badge: Self = "badge"
  /// The user tapped it (default action, Rules.md §8).
  public static let tap: Self = "tap"
  /// The user picked a custom action (Rules.md §8).
  public static let action: Self = "action"
  /// The user explicitly dismissed it (Rules.md §8).
  public static let dismiss: Self = "dismiss"
  /// The user cleared Notification Center.
  public static let clear: Self = "clear"
  /// The device unlocked (authenticationRequired, foreground, or the user).
  public static let unlock: Self = "unlock"
  /// The router took a route for a response (Rules.md §8).
  public static let route: Self = "route"
  /// The router took no route; the reason says why (Rules.md §8).
  public static let routeUnmatched: Self = "route.unmatched"
}
