/// A `UNNotificationPresentationOptions` member the app's `willPresent` returns (Behavior.md §7.2).
///
/// Raw values are the scenario spellings. With the app in the foreground these decide what
/// shows; none means nothing is shown and the notification is not kept (Rules.md §5
/// step 3).
public enum PresentationOption: String, Sendable, Hashable, Codable, CaseIterable {
  /// Show a banner.
  case banner
  /// Keep it in Notification Center.
  case list
  /// Play its sound.
  case sound
  /// Apply its badge (Behavior.md §7.4).
  case badge
}
