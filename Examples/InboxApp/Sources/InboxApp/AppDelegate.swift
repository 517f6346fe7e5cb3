import UIKit
import UserNotifications

/// The app delegate: at launch it becomes the notification center's delegate, declares the
/// notification categories, asks for permission and registers for remote notifications; the
/// device token goes to the inbox server. Taps and actions go to the app's router.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate, UNUserNotificationCenterDelegate {
  var window: UIWindow?
  let tokenUploader = PushTokenUploader()

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    let center = UNUserNotificationCenter.current()
    center.delegate = self
    center.setNotificationCategories(InboxNotificationCategory.all)
    center.requestAuthorization(options: [.alert, .sound, .badge]) { _, _ in }
    application.registerForRemoteNotifications()
    return true
  }

  func application(
    _ application: UIApplication,
    didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
  ) {
    tokenUploader.upload(deviceToken: deviceToken)
  }

  func application(
    _ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error
  ) {
    print("Remote notifications are unavailable: \(error.localizedDescription)")
  }

  // MARK: UNUserNotificationCenterDelegate

  /// In the foreground a new message shows as a banner, unless its conversation is on screen.
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
  ) {
    let conversation = notification.request.content.userInfo["conversation-id"] as? String
    if let conversation, AppRouter.shared.current == .conversation(id: conversation) {
      completionHandler([.list])
    } else {
      completionHandler([.banner, .list, .sound])
    }
  }

  /// A tap opens the conversation; Reply sends the typed text; Mark as Read clears it.
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping () -> Void
  ) {
    guard let route = NotificationRoute(response: response) else {
      completionHandler()
      return
    }
    AppRouter.shared.handle(route, completion: completionHandler)
  }
}
