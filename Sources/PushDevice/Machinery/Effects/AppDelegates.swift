import PushPayload

/// The app's `UNUserNotificationCenterDelegate`, as the device calls it (Behavior.md §7.3, §8).
///
/// A ``DeviceHost`` given one (``AppCode/delegate``) asks it how to present a notification
/// that arrives while the app is in the foreground, and hands it every response (a tap, an
/// action with its text, a dismiss for a category with `customDismissAction`). The
/// `UserNotifications` module adapts an app's real delegate to this protocol.
package protocol NotificationDelegate: Sendable {
  /// `userNotificationCenter(_:willPresent:withCompletionHandler:)`: the options to present
  /// `notification` with while the app is in the foreground, or `nil` when the app does not
  /// implement the method (the app's configured `foregroundPresentation` then applies).
  func willPresent(_ notification: NotificationResponse.Notification) async
    -> Set<PresentationOption>?

  /// `userNotificationCenter(_:didReceive:withCompletionHandler:)`: the app handles the
  /// response; returns whether it called the completion handler.
  func didReceive(_ response: NotificationResponse) async -> AppCallCompletion
}

/// The app's `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`, as the
/// device calls it for a push with `content-available` (Behavior.md §7.1, §7.5).
package protocol RemoteNotificationHandler: Sendable {
  /// Runs the app's handler on the push's payload; returns what it passed to the completion
  /// handler.
  func didReceiveRemoteNotification(_ payload: JSONValue) async -> AppCallCompletion
}

/// The app's PushKit code, as the device calls it for a `voip` push (Rules.md §14): its
/// `PKPushRegistryDelegate`'s `didReceiveIncomingPushWith`, and the calls it reports to CallKit
/// meanwhile (through ``DeviceHost/appCall(_:)``).
package protocol VoIPPushHandler: Sendable {
  /// Hands the push's payload to the app's registry delegate; returns whether it called the
  /// completion (``AppCallCompletion/notImplemented`` when no registry of the app takes VoIP
  /// pushes). The CallKit reports the app made must have reached the device when this returns.
  func didReceiveIncomingVoIPPush(_ payload: JSONValue) async -> AppCallCompletion
}

/// The app's launch code, as the device runs it once before its first step (Rules.md §15): its
/// app delegate's `application(_:didFinishLaunchingWithOptions:)`, where apps register for
/// remote notifications (through ``DeviceHost/appCall(_:)``).
package protocol AppLaunchHandler: Sendable {
  /// Runs the app's launch; returns once what it started (a registration and its delegate
  /// call) has reached the device.
  func didFinishLaunching() async
}

/// How a call into the app's code ended.
package enum AppCallCompletion: Sendable, Equatable {
  /// The completion handler was called (with a background fetch result, for a background push:
  /// `newData`, `noData` or `failed`).
  case completed(result: String?)
  /// The completion handler was not called within the time allowed: iOS logs a warning (and, for
  /// a background push, may stop waking the app).
  case notCompleted
  /// The app does not implement the method.
  case notImplemented
}
