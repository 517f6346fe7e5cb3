import UniformTypeIdentifiers
import UserNotifications
import UserNotificationsUI
import os

/// A content extension as Xcode makes it (Swift 5 mode, a handler without `@Sendable`), logging
/// with `os_log` and `Logger` and naming its attachment's type with `UTType`.
class Swift5NotificationViewController: UIViewController, UNNotificationContentExtension {
  let logger = Logger(subsystem: "com.example.chat.content", category: "ui")
  var attachmentType: String?

  override func viewDidLoad() {
    super.viewDidLoad()
    os_log("viewDidLoad", log: OSLog.default, type: .debug)
  }

  func didReceive(_ notification: UNNotification) {
    let attachment = notification.request.content.attachments.first
    attachmentType =
      attachment.flatMap { UTType(filenameExtension: $0.url.pathExtension) }?
      .identifier
    logger.info("showing \(notification.request.identifier, privacy: .public)")
  }

  func didReceive(
    _ response: UNNotificationResponse,
    completionHandler completion: @escaping (UNNotificationContentExtensionResponseOption) -> Void
  ) {
    completion(.dismiss)
  }
}
