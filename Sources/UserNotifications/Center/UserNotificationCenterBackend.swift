import Foundation

/// The seam between `UNUserNotificationCenter` and whatever plays the phone.
///
/// Every center method ends in one of these calls, in the order the app made them (the center
/// runs them one at a time, so a `remove…` followed by a `get…` sees the removal). Two
/// implementations:
/// - ``StandaloneNotificationCenterBackend``, in memory, used when no device is bound (unit
///   tests of app code, `current()` outside a device);
/// - the simulated device's, which the device binds for the code it runs:
///   `UNUserNotificationCenter.withCurrent(UNUserNotificationCenter(backend: deviceBackend)) { … }`,
///   so `current()` in the app's extension, delegate and background handler (and the tasks they
///   start) is that device's center, also with several devices running in parallel tests. Work
///   the app's code hands to `DispatchQueue` carries that code's process, and so its center;
///   code on a `Thread` the app made itself sees the standalone center.
///
/// The device reads the app's delegate from the center it made (``UNUserNotificationCenter/delegate``)
/// and calls it through ``UNUserNotificationCenter/askDelegateWillPresent(_:reply:)``,
/// ``UNUserNotificationCenter/askDelegateDidReceive(_:reply:)`` and
/// ``UNUserNotificationCenter/askDelegateOpenSettings(for:)``, which say whether the app
/// implemented the method at all. ``UNUserNotificationCenter/drain()`` waits until every call
/// the app made has reached the backend.
///
/// A backend method must not wait for the app's code (a delegate answer, an extension): the app's
/// code may itself be waiting for a center call queued behind it. Deliver an added request, then
/// ask the delegate once the method has returned.
package protocol UserNotificationCenterBackend: Sendable {
  /// The device's current time (virtual for a simulated device); triggers' `nextTriggerDate()`
  /// and delivery dates use it.
  func now() -> Date
  /// `UNUserNotificationCenter.supportsContentExtensions`.
  var supportsContentExtensions: Bool { get }
  /// Asks the user (at most once, as iOS does) and answers whether notifications are allowed.
  func requestAuthorization(options: UNAuthorizationOptions) async throws -> Bool
  /// The app's notification settings.
  func notificationSettings() async -> UNNotificationSettings
  /// Replaces the app's categories.
  func setNotificationCategories(_ categories: Set<UNNotificationCategory>) async
  /// The app's categories.
  func notificationCategories() async -> Set<UNNotificationCategory>
  /// Schedules a local notification (replacing a pending one with its identifier); a `nil`
  /// trigger delivers it at once.
  func add(_ request: UNNotificationRequest) async throws
  /// The requests waiting for their trigger.
  func pendingNotificationRequests() async -> [UNNotificationRequest]
  /// Removes pending requests.
  func removePendingNotificationRequests(withIdentifiers identifiers: [String]) async
  /// Removes every pending request.
  func removeAllPendingNotificationRequests() async
  /// The app's notifications in Notification Center.
  func deliveredNotifications() async -> [UNNotification]
  /// Removes notifications from Notification Center.
  func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async
  /// Removes every notification of the app from Notification Center.
  func removeAllDeliveredNotifications() async
  /// Sets the app's badge (0 hides it).
  func setBadgeCount(_ newBadgeCount: Int) async throws
  /// The app's folders on the device: its app groups' containers and its defaults suites
  /// (Rules.md §17); `nil` (the default) when no device plays the phone.
  var appContainers: (any AppGroupContainers)? { get }
  /// Whether a Focus is on, as Intents' `INFocusStatusCenter` reports it to an authorized app
  /// (Rules.md §16); `nil` (the default) when no device plays the phone.
  var isFocused: Bool? { get }
  /// The app's access to the Focus status on the device (`INFocusStatusAuthorizationStatus`'s
  /// raw value, Rules.md §16); `nil` (the default) when no device plays the phone, and the
  /// center keeps it.
  var focusStatusAuthorization: Int? { get }
  /// The app asks for access to the Focus status on the device; returns the status after the
  /// user's answer, or `nil` (the default) when no device plays the phone.
  func requestFocusStatusAuthorization() -> Int?
}

extension UserNotificationCenterBackend {
  /// No device: whether a Focus is on cannot be told.
  package var isFocused: Bool? { nil }
  /// No device: the center keeps the app's access.
  package var focusStatusAuthorization: Int? { nil }
  /// No device: the center keeps the app's access.
  package func requestFocusStatusAuthorization() -> Int? { nil }
}
