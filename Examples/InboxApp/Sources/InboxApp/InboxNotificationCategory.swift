import UserNotifications

/// The notification categories the app declares, and their actions' identifiers.
enum InboxNotificationCategory {
  static let message = "inbox.message"
  static let replyAction = "inbox.reply"
  static let markReadAction = "inbox.mark-read"

  /// A message: Reply (text input, in the background) and Mark as Read.
  static var all: Set<UNNotificationCategory> {
    let reply = UNTextInputNotificationAction(
      identifier: replyAction, title: "Reply", options: [],
      textInputButtonTitle: "Send", textInputPlaceholder: "Message")
    let markRead = UNNotificationAction(
      identifier: markReadAction, title: "Mark as Read", options: [])
    let message = UNNotificationCategory(
      identifier: Self.message, actions: [reply, markRead], intentIdentifiers: [],
      hiddenPreviewsBodyPlaceholder: "New message", options: [.customDismissAction])
    return [message]
  }
}
