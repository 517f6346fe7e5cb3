public import UIKit

// The content extension's additions to `NSExtensionContext` (UserNotificationsUI's on Apple
// platforms too). `UIViewController` and `NSExtensionContext` themselves are UIKit's
// (Sources/UIKit), which this module re-exports.

extension NSExtensionContext {
  /// The actions the notification shows (iOS 12).
  public var notificationActions: [UNNotificationAction] {
    get { storedNotificationActions }
    set { storedNotificationActions = newValue }
  }

  /// Opens the app with the default action.
  public func performNotificationDefaultAction() { record("performNotificationDefaultAction") }
  /// Dismisses the notification.
  public func dismissNotificationContentExtension() {
    record("dismissNotificationContentExtension")
  }
  /// The extension's media started playing.
  public func mediaPlayingStarted() { record("mediaPlayingStarted") }
  /// The extension's media paused.
  public func mediaPlayingPaused() { record("mediaPlayingPaused") }
}
