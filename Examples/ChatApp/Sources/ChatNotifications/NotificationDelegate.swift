import UserNotifications

/// Where a notification takes the user.
enum Destination: Equatable {
    case chat(chatId: String, messageType: String)
}

/// The app's navigation: the screens notifications open, in order.
final class NavigationRouter: @unchecked Sendable {
    static let shared = NavigationRouter()
    private let lock = NSLock()
    private var opened: [Destination] = []

    /// The screens opened so far.
    var destinations: [Destination] {
        lock.lock()
        defer { lock.unlock() }
        return opened
    }

    /// Opens a screen.
    func navigate(to destination: Destination) {
        lock.lock()
        opened.append(destination)
        lock.unlock()
    }
}

/// The app's notification-center delegate. `didReceive` is the seed articles' snippet, verbatim.
final class NotificationDelegate: NSObject, UNUserNotificationCenterDelegate {
    /// In the foreground, chat messages show as a banner with sound and stay in the list.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([.banner, .list, .sound])
    }

func userNotificationCenter(
    _ center: UNUserNotificationCenter,
    didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping () -> Void
) {
    let userInfo = response.notification
        .request.content.userInfo

    guard let chatId = userInfo["chat-id"] as? String
    else {
        completionHandler()
        return
    }

    let messageType = userInfo["message-type"]
        as? String ?? "text"

    NavigationRouter.shared.navigate(
        to: .chat(chatId: chatId,
                  messageType: messageType))
    completionHandler()
}
}
