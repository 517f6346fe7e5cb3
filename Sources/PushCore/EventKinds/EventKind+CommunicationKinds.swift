extension EventKind {
  /// The app's code donated an `INInteraction` (`INInteraction.donate`): `intent` names the
  /// intent's class, `direction` the interaction's (Rules.md §16).
  public static let intentDonated: Self = "intent.donated"
  /// The app's code updated a notification's content from an `INSendMessageIntent` or
  /// `INStartCallIntent` (`UNNotificationContent.updating(from:)`): `intent`, `sender`
  /// (Rules.md §16).
  public static let contentUpdated: Self = "content.updated"
  /// `UNNotificationContent.updating(from:)` threw: `code` is `1500`
  /// (`contentProvidingObjectNotAllowed`) or `1501` (`contentProvidingInvalid`) (Rules.md §16).
  public static let contentUpdateFailed: Self = "content.updateFailed"
  /// The device shows the notification as a communication notification: the sender's name as
  /// the title, the group's name as the subtitle, the avatar instead of the app icon
  /// (Rules.md §16).
  public static let communication: Self = "communication"
  /// The content was updated from an intent, but the app lacks the `communication`
  /// entitlement: the device shows it as a plain notification with the app's icon (Rules.md §16).
  public static let communicationPlain: Self = "communication.plain"
}
