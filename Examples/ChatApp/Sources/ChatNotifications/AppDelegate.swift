import UserNotifications

#if canImport(UIKit)
import UIKit
#endif

#if canImport(UIKit) || os(Linux)
/// The app delegate's background push handler: a conversation read on another device leaves
/// Notification Center here too ("read on another device").
final class AppDelegate: NSObject {
    func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        guard let readChat = userInfo["read-chat-id"] as? String else {
            completionHandler(.noData)
            return
        }
        let center = UNUserNotificationCenter.current()
        center.getDeliveredNotifications { notifications in
            let read = notifications
                .filter { $0.request.content.threadIdentifier == readChat }
                .map { $0.request.identifier }
            center.removeDeliveredNotifications(withIdentifiers: read)
            completionHandler(read.isEmpty ? .noData : .newData)
        }
    }
}

#if canImport(UIKit)
extension AppDelegate: UIApplicationDelegate {}
#else
extension AppDelegate: RemoteNotificationHandling {}
#endif
#endif
