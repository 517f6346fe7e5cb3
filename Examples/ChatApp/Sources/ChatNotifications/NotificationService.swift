import Intents
import UserNotifications
import os.log

/// The chat app's notification service extension: Xcode's template, made a communication
/// notification. The push names the message (`message-id`), its chat (`chat-id`) and its sender
/// (`sender-name`); the extension fetches the message from the app's API, downloads the
/// sender's avatar, donates the message as an incoming `INSendMessageIntent` and delivers the
/// content updated from it, which iOS shows with the sender's name and picture. Every message
/// counts as unread in the app group, and the badge shows the total. The photo of `image-url` is
/// attached. When the message cannot be fetched, the push's own text shows, with the sender's
/// name as the title.
class NotificationService: UNNotificationServiceExtension {

  private let logger = Logger(subsystem: "com.example.chat", category: "notifications")

  var contentHandler: ((UNNotificationContent) -> Void)?
  var bestAttemptContent: UNMutableNotificationContent?

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
  ) {
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
      let unread = UnreadMessages().add(inChat: chatId)
      bestAttemptContent.badge = NSNumber(value: unread)
    }
    let photo = (userInfo["image-url"] as? String).flatMap { URL(string: $0) }

    guard let messageId = userInfo["message-id"] as? String else {
      attachPhoto(from: photo, to: bestAttemptContent) {
        contentHandler(bestAttemptContent)
      }
      return
    }
    fetchMessage(messageId) { [logger] message in
      guard let message = message else {
        logger.error("Message \(messageId, privacy: .public) not fetched: showing the push's text")
        self.attachPhoto(from: photo, to: bestAttemptContent) {
          contentHandler(bestAttemptContent)
        }
        return
      }
      bestAttemptContent.body = message.text
      self.download(message.sender.avatarURL) { avatar in
        self.attachPhoto(from: photo, to: bestAttemptContent) {
          self.deliver(message, avatar: avatar, content: bestAttemptContent, to: contentHandler)
        }
      }
    }
  }

  override func serviceExtensionTimeWillExpire() {
    // Called just before the extension will be terminated by the system.
    // Use this as an opportunity to deliver your "best attempt" at modified content, otherwise the original push payload will be used.
    if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
      contentHandler(bestAttemptContent)
    }
  }

  /// Donates the message as an incoming interaction, then delivers the content updated from
  /// its intent: a communication notification.
  private func deliver(
    _ message: ChatMessage, avatar: Data?, content: UNMutableNotificationContent,
    to contentHandler: @escaping (UNNotificationContent) -> Void
  ) {
    let intent = message.intent(avatar: avatar.map { INImage(imageData: $0) })
    let interaction = INInteraction(intent: intent, response: nil)
    interaction.direction = .incoming
    interaction.donate { [logger] error in
      if let error = error {
        logger.error(
          "Donating message \(message.id, privacy: .public) failed: \(error.localizedDescription, privacy: .public)"
        )
      }
      do {
        let updated = try content.updating(from: intent)
        logger.info(
          "Message \(message.id, privacy: .public) from \(message.sender.name, privacy: .private) shown as a communication notification"
        )
        contentHandler(updated)
      } catch {
        logger.error(
          "Message \(message.id, privacy: .public) not updated from its intent: \(error.localizedDescription, privacy: .public)"
        )
        contentHandler(content)
      }
    }
  }

  /// Fetches the message from the app's API; `nil` when it cannot be had.
  private func fetchMessage(_ id: String, completion: @escaping (ChatMessage?) -> Void) {
    guard let url = URL(string: "https://api.example.com/messages")?.appendingPathComponent(id)
    else {
      completion(nil)
      return
    }
    URLSession.shared.dataTask(with: url) { data, response, error in
      guard let data = data, error == nil,
        (response as? HTTPURLResponse)?.statusCode == 200,
        let message = try? JSONDecoder().decode(ChatMessage.self, from: data)
      else {
        completion(nil)
        return
      }
      completion(message)
    }.resume()
  }

  /// Downloads `url`'s bytes; `nil` without a URL or when the download fails.
  private func download(_ url: URL?, completion: @escaping (Data?) -> Void) {
    guard let url = url else {
      completion(nil)
      return
    }
    URLSession.shared.dataTask(with: url) { [logger] data, response, error in
      guard let data = data, error == nil, (response as? HTTPURLResponse)?.statusCode == 200 else {
        logger.error("\(url.absoluteString, privacy: .public) not downloaded")
        completion(nil)
        return
      }
      completion(data)
    }.resume()
  }

  /// Downloads the photo at `url` and attaches it to `content`, then calls `completion`.
  private func attachPhoto(
    from url: URL?, to content: UNMutableNotificationContent, completion: @escaping () -> Void
  ) {
    download(url) { data in
      if let data = data, let url = url,
        let attachment = Self.attachment(data, named: url.lastPathComponent)
      {
        content.attachments = [attachment]
      }
      completion()
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
