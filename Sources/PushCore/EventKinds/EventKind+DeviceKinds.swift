extension EventKind {
  /// A presentation step: the level the device acted on (entitlements, user setting; §5 step 4).
  public static let level: Self = "level"
  /// A presentation step: Focus delivered it silently (Rules.md §5 step 5).
  public static let focus: Self = "focus"
  /// A presentation step about sound: not shipped, muted, not authorized (§5 step 6).
  public static let sound: Self = "sound"
  /// A presentation step: provisional authorization, delivered quietly (§5 step 2).
  public static let provisional: Self = "provisional"
  /// A presentation step: the app is in the foreground, `willPresent` decides (§5 step 3).
  public static let foreground: Self = "foreground"
  /// A presentation step: alerts are not authorized, Notification Center only (Behavior.md §7.3).
  public static let alert: Self = "alert"
  /// A presentation step: a badge in the payload was not applied (§5 step 7).
  public static let badgeUnchanged: Self = "badge.unchanged"
  /// A push with an alert and `content-available` also woke the app (Behavior.md §7.5).
  public static let wake: Self = "wake"
  /// A push with `content-available` could not wake the app (force-quit, no background mode).
  public static let wakeSkipped: Self = "wake.skipped"
  /// `mutable-content` was set but the extension did not run (Rules.md §7).
  public static let extensionSkipped: Self = "extension.skipped"
  /// The Scheduled Summary was delivered; `notifications` lists the digest (§4).
  public static let summary: Self = "summary"
  /// APNs delivered a stored push when the device came online (Rules.md §6).
  public static let forwarded: Self = "forwarded"
  /// The app's state changed (foreground, background, notRunning, forceQuit).
  public static let appState: Self = "app.state"
  /// The device locked.
  public static let lock: Self = "lock"
  /// The ring/silent switch changed.
  public static let mute: Self = "mute"
  /// The device came online.
  public static let online: Self = "online"
  /// The device went offline.
  public static let offline: Self = "offline"
  /// The app's delegate answered `willPresent` (Behavior.md §7.3).
  public static let delegateWillPresent: Self = "delegate.willPresent"
  /// The app's delegate received a response in `didReceive` (Behavior.md §8).
  public static let delegateDidReceive: Self = "delegate.didReceive"
  /// The app's `didReceiveRemoteNotification` ran for a `content-available` push (Behavior.md
  /// §7.1).
  public static let remoteNotificationHandled: Self = "app.remoteNotification"
  /// The app asked for notification permission (`requestAuthorization`, Behavior.md §7.3).
  public static let authorizationRequested: Self = "authorization.requested"
  /// The app scheduled a local notification (`add(_:)`, Behavior.md §7.6).
  public static let localScheduled: Self = "local.scheduled"
  /// A local notification's trigger fired; it goes through presentation like a push.
  public static let localFired: Self = "local.fired"
  /// A local notification was discarded: more than 64 pending.
  public static let localDiscarded: Self = "local.discarded"
  /// The app could not schedule a local notification (not authorized).
  public static let localRefused: Self = "local.refused"
  /// The app removed delivered notifications from Notification Center.
  public static let centerRemoved: Self = "center.removed"
  /// The app's own extension called its content handler again, or changed the content object
  /// after the first call: iOS shows the content as it was at the first call, so it is ignored.
  public static let extensionIgnored: Self = "extension.ignored"
  /// The app's own code (`"kind": "app"`, hosted) wrote a line with `Logger` or `os_log` while
  /// handling the push: the level, subsystem and category are in its details.
  public static let appLog: Self = "app.log"
  /// The device did not keep some events of the app's own code (its log lines, content
  /// updates, donations, CallKit reports): past the first 100 and the last 100 of a call into
  /// the app's code, past 1,000 for a push, or past 50,000 for the run; `dropped` says how
  /// many, `kinds` of which kinds, and `code` which bound (Rules.md §7.2).
  public static let appEventsDropped: Self = "app.eventsDropped"
  /// The app's own code made an HTTP request and the device answered it (from the scenario's
  /// `requests` table or the network): the method, URL, status and bytes are in its details.
  public static let appRequest: Self = "app.request"
  /// The app's own code made an HTTP request that got no answer: nothing in the scenario's
  /// `requests` table answers it (the device is offline to it), ATS blocks it, it failed on the
  /// network, or the budget ran out; the method, URL and a `code` are in its details.
  public static let appRequestFailed: Self = "app.requestFailed"
  /// The app's `registerForRemoteNotifications()` succeeded: the device issued its device token
  /// (`token`) and the app delegate's `didRegisterForRemoteNotificationsWithDeviceToken` runs.
  public static let appRegistered: Self = "app.registered"
  /// The app's `registerForRemoteNotifications()` failed (no `aps-environment` entitlement):
  /// the app delegate's `didFailToRegisterForRemoteNotificationsWithError` runs.
  public static let appRegistrationFailed: Self = "app.registrationFailed"
  /// The app called `unregisterForRemoteNotifications()`: APNs answers 410 `Unregistered` for
  /// its device token until it registers again.
  public static let appUnregistered: Self = "app.unregistered"
  /// The person deleted the app (scenario step `removeApp`), or, with `source` `apns`, APNs
  /// learned of it at the device's next contact: from then APNs answers 410 `Unregistered`
  /// for the app, with the time it learned as `timestamp`.
  public static let appRemoved: Self = "app.removed"
  /// The person installed the app again (scenario step `installApp`): a fresh install.
  public static let appInstalled: Self = "app.installed"

  /// Every kind the device logs, in one list: the scenario schema accepts exactly these in
  /// `expect.events`, and a test checks that every constant above is here.
  public static let all: [Self] = [
    .received, .rejected, .stored, .coalesced, .expired, .delivered, .replaced, .held,
    .suppressed, .silent, .throttled, .discarded, .extensionStarted, .extensionFinished,
    .extensionTimeout, .mediaFetched, .mediaFailed, .attachmentRejected, .presented, .badge, .tap,
    .action, .dismiss, .clear, .unlock, .route, .routeUnmatched, .level, .focus, .sound,
    .provisional, .foreground, .alert, .badgeUnchanged, .wake, .wakeSkipped, .extensionSkipped,
    .summary, .forwarded, .appState, .lock, .mute, .online, .offline, .delegateWillPresent,
    .delegateDidReceive, .remoteNotificationHandled, .authorizationRequested, .localScheduled,
    .localFired, .localDiscarded, .localRefused, .centerRemoved, .extensionIgnored, .appLog,
    .appEventsDropped, .appRequest, .appRequestFailed, .appRegistered, .appRegistrationFailed,
    .appUnregistered, .appRemoved, .appInstalled,
    // Communication notifications (EventKind+CommunicationKinds.swift).
    .intentDonated, .contentUpdated, .contentUpdateFailed, .communication, .communicationPlain,
    // Live Activities (EventKind+ActivityKinds.swift).
    .activityStarted, .activityFailed, .activityUpdated, .activityIgnored, .activityStale,
    .activityEnded, .activityDismissed, .activityAlert, .activityToken, .activityScheduled,
    // Other push types (EventKind+PushTypeKinds.swift).
    .pushKitVoIP, .pushKitToken, .pushKitCompleted, .callKitIncoming, .callKitRefused,
    .callKitEnded, .callKitAction, .callKitTransactionRefused, .callKitOutgoing,
    .callKitVoIPPayload, .callKitVoIPPayloadRefused, .voipTerminated, .locationExtension,
    .pttIncoming,
    .pttServiceUpdate,
    .fileProviderSignal, .widgetsReload, .controlsReload, .mdmCheckIn,
  ]
}
