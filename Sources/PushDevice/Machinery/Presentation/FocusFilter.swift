import PushCore
import PushPayload

/// The app's Focus filter (iOS 16, `filter-criteria`; Rules.md §14.1): while a Focus with a
/// filter for the app is on, a notification whose `filter-criteria` the filter does not accept
/// is delivered silently.
enum FocusFilter {
  /// Why the Focus filter silences `content`, or `nil` when it does not (no Focus, no filter,
  /// iOS before 16, or an accepted value).
  static func silences(_ content: NotificationContent, device: DeviceConfiguration) -> (
    source: DiagnosticSource, reason: String
  )? {
    guard device.iosVersion >= IOSVersion(16), let focus = device.focus,
      let accepted = focus.filterCriteria
    else { return nil }
    guard let criteria = content.filterCriteria else {
      return (
        .model,
        "Focus \"\(focus.name)\" filters the app and the notification has no filter-criteria: "
          + "delivered silently"
      )
    }
    guard !accepted.contains(criteria) else { return nil }
    return (
      .device,
      "Focus \"\(focus.name)\" filter does not accept filter-criteria \"\(criteria)\": "
        + "delivered silently"
    )
  }
}
