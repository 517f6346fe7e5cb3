import UserNotifications
import os.log

#if canImport(UIKit)
  import UIKit
#endif

#if canImport(UIKit) || os(Linux)
  /// The app delegate's push part: it registers for remote notifications at launch and sends the
  /// device token to the chat server; its background push handler takes a chat read on another
  /// device out of Notification Center and out of the unread count.
  final class AppDelegate: NSObject, UIApplicationDelegate {
    private let logger = Logger(subsystem: "com.example.chat", category: "push")

    func application(
      _ application: UIApplication,
      didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
      application.registerForRemoteNotifications()
      return true
    }

    func application(
      _ application: UIApplication,
      didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {
      let token = deviceToken.map { String(format: "%02x", $0) }.joined()
      guard let url = URL(string: "https://api.example.com/devices") else { return }
      var request = URLRequest(url: url)
      request.httpMethod = "POST"
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = try? JSONSerialization.data(withJSONObject: [
        "token": token, "platform": "ios",
      ])
      URLSession.shared.dataTask(with: request) { [logger] _, response, error in
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if error == nil, (200..<300).contains(status) {
          logger.info("Device token sent to the server")
        } else {
          logger.error("Device token not sent (status \(status, privacy: .public))")
        }
      }.resume()
    }

    func application(
      _ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error
    ) {
      logger.error("Registration failed: \(error.localizedDescription, privacy: .public)")
    }

    /// A chat read on another device: its notifications leave Notification Center, its messages
    /// leave the unread count, and the badge shows what is left.
    func application(
      _ application: UIApplication,
      didReceiveRemoteNotification userInfo: [AnyHashable: Any],
      fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
      guard let readChat = userInfo["read-chat-id"] as? String else {
        completionHandler(.noData)
        return
      }
      let unread = UnreadMessages().markRead(chatId: readChat)
      let center = UNUserNotificationCenter.current()
      center.setBadgeCount(unread)
      center.getDeliveredNotifications { notifications in
        let read =
          notifications
          .filter { $0.request.content.threadIdentifier == readChat }
          .map { $0.request.identifier }
        center.removeDeliveredNotifications(withIdentifiers: read)
        completionHandler(read.isEmpty ? .noData : .newData)
      }
    }
  }
#endif
