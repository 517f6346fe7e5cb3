import UserNotifications

/// The chat app's notification service extension: Xcode's template, plus the sender's name as
/// the title, the conversation as the thread, and the photo of `image-url` attached.
class NotificationService: UNNotificationServiceExtension {

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)

        guard let bestAttemptContent = bestAttemptContent else {
            contentHandler(request.content)
            return
        }
        let userInfo = request.content.userInfo
        if let sender = userInfo["sender-name"] as? String {
            bestAttemptContent.title = sender
        }
        if let chatId = userInfo["chat-id"] as? String {
            bestAttemptContent.threadIdentifier = chatId
        }
        guard let link = userInfo["image-url"] as? String, let url = URL(string: link) else {
            contentHandler(bestAttemptContent)
            return
        }
        URLSession.shared.dataTask(with: url) { data, response, error in
            if let data = data, error == nil,
               let attachment = Self.attachment(data, named: url.lastPathComponent) {
                bestAttemptContent.attachments = [attachment]
            }
            contentHandler(bestAttemptContent)
        }.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        // Called just before the extension will be terminated by the system.
        // Use this as an opportunity to deliver your "best attempt" at modified content, otherwise the original push payload will be used.
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }

    /// Writes the downloaded bytes to a file of the extension's own and attaches it.
    private static func attachment(_ data: Data, named name: String) -> UNNotificationAttachment? {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent(UUID().uuidString, isDirectory: true)
        let file = folder.appendingPathComponent(name.isEmpty ? "image.jpg" : name)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: file)
            return try UNNotificationAttachment(identifier: "photo", url: file, options: nil)
        } catch {
            return nil
        }
    }
}
