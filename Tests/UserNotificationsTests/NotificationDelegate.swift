// swift-format-ignore-file
// The seed articles' delegate snippet, verbatim, in a delegate class as an app declares it, with
// nothing but `import UserNotifications`.

import UserNotifications

enum Destination: Equatable {
    case chat(chatId: String, messageType: String)
}

final class NavigationRouter: @unchecked Sendable {
    static let shared = NavigationRouter()
    private let lock = NSLock()
    private var _destinations: [Destination] = []
    var destinations: [Destination] { lock.lock(); defer { lock.unlock() }; return _destinations }
    func navigate(to destination: Destination) { lock.lock(); _destinations.append(destination); lock.unlock() }
}

final class NotificationDelegate: NSObject, UNUserNotificationCenterDelegate {
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
