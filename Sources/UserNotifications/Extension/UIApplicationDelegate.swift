public import Foundation
internal import PushSimHosting

/// The push-related part of UIKit's `UIApplicationDelegate`, so an app delegate's launch,
/// registration and background push code moves over unchanged (Rules.md §15).
///
/// As in Apple's SDK every method is optional: each has a default here that behaves as if the
/// app had not implemented it. An app delegate is also a ``RemoteNotificationHandling``, so
/// the hosting device takes it as the app's background push handler; its default
/// `didReceiveRemoteNotification` tells the device the app has none.
///
/// ```swift
/// final class AppDelegate: NSObject, UIApplicationDelegate {
///   func application(
///     _ application: UIApplication,
///     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
///   ) -> Bool {
///     application.registerForRemoteNotifications()
///     return true
///   }
///   func application(
///     _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
///   ) {
///     upload(deviceToken.map { String(format: "%02x", $0) }.joined())
///   }
/// }
/// ```
public protocol UIApplicationDelegate: RemoteNotificationHandling, NSObjectProtocol {
  /// The app finished launching (the device launches it once, before its first step);
  /// `launchOptions` is `nil` for a launch by the user. The return value is not used.
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool

  /// APNs registered the app: `deviceToken` is its device token (32 bytes on this device; do
  /// not hard-code the size).
  func application(
    _ application: UIApplication,
    didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)

  /// Registration failed (the app lacks the `aps-environment` entitlement).
  func application(
    _ application: UIApplication,
    didFailToRegisterForRemoteNotificationsWithError error: any Error)
}

extension UIApplicationDelegate {
  /// Not implemented by the app: returns `true`.
  public func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool { true }

  /// Not implemented by the app: does nothing.
  public func application(
    _ application: UIApplication,
    didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
  ) {}

  /// Not implemented by the app: does nothing.
  public func application(
    _ application: UIApplication,
    didFailToRegisterForRemoteNotificationsWithError error: any Error
  ) {}

  /// Not implemented by the app: the hosting device records that the app has no background
  /// push handler (it never calls `completionHandler`).
  public func application(
    _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
  ) {
    ApplicationDelegateDefaults.notImplemented?()
  }
}

/// How the hosting device tells the default `didReceiveRemoteNotification` from the app's.
package enum ApplicationDelegateDefaults {
  /// Called by the default implementation, when the device made the call.
  package static var notImplemented: (@Sendable () -> Void)? { AppProcess[Slot.self] }

  /// Runs `body` with ``notImplemented`` set to `value`.
  package static func withNotImplemented<R>(
    _ value: (@Sendable () -> Void)?, _ body: () throws -> R
  ) rethrows -> R {
    try AppProcess.with(Slot.self, value, body)
  }

  /// The process slot of ``notImplemented``.
  private enum Slot: ProcessSlot {
    static var defaultValue: (@Sendable () -> Void)? { nil }
  }
}
