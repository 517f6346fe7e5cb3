extension EventKind {
  /// A Live Activity started: requested by the app, or by a push-to-start push (Rules.md §13).
  public static let activityStarted: Self = "activity.started"
  /// The app scheduled a Live Activity to start at a later date (iOS 26): it is `pending`
  /// until then (Rules.md §13.17).
  public static let activityScheduled: Self = "activity.scheduled"
  /// The app's request to start a Live Activity failed (`ActivityAuthorizationError`).
  public static let activityFailed: Self = "activity.failed"
  /// A Live Activity took new content from a push (the widget extension renders it).
  public static let activityUpdated: Self = "activity.updated"
  /// An ActivityKit push changed nothing: older timestamp, ended activity, content that does
  /// not decode, unknown token, iOS version (the reason says which).
  public static let activityIgnored: Self = "activity.ignored"
  /// A Live Activity's `staleDate` passed.
  public static let activityStale: Self = "activity.stale"
  /// A Live Activity ended: by an `end` push, the 8-hour limit or the user's settings.
  public static let activityEnded: Self = "activity.ended"
  /// An ended Live Activity left the Lock Screen.
  public static let activityDismissed: Self = "activity.dismissed"
  /// An ActivityKit push's alert lit up the device (expanded Dynamic Island, banner, or Lock
  /// Screen); never a notification.
  public static let activityAlert: Self = "activity.alert"
  /// ActivityKit issued a token: an activity's update token or the push-to-start token.
  public static let activityToken: Self = "activity.token"
}
