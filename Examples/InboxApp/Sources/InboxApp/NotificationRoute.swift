import UserNotifications

/// Where a notification response takes the app.
enum NotificationRoute: Equatable {
  /// The person tapped a message: its conversation opens.
  case openConversation(id: String)
  /// The person replied from the notification.
  case reply(conversationID: String, text: String)
  /// The person marked the conversation as read from the notification.
  case markRead(conversationID: String)
  /// The person dismissed the notification.
  case dismissed(conversationID: String)

  /// The route of a response; `nil` for a notification that names no conversation.
  init?(response: UNNotificationResponse) {
    let userInfo = response.notification.request.content.userInfo
    guard let conversation = userInfo["conversation-id"] as? String else { return nil }
    switch response.actionIdentifier {
    case InboxNotificationCategory.replyAction:
      let text = (response as? UNTextInputNotificationResponse)?.userText ?? ""
      self = .reply(conversationID: conversation, text: text)
    case InboxNotificationCategory.markReadAction:
      self = .markRead(conversationID: conversation)
    case UNNotificationDismissActionIdentifier:
      self = .dismissed(conversationID: conversation)
    default:
      self = .openConversation(id: conversation)
    }
  }
}
