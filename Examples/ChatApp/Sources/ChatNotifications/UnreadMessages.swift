import UserNotifications

/// The unread messages of each chat, kept in the app group the app shares with its notification
/// service extension: the extension counts each message it shows, the app clears a chat once
/// it is read, and the app icon's badge is the total.
struct UnreadMessages {
  static let appGroup = "group.com.example.chat"
  private static let key = "unread"

  private let defaults = UserDefaults(suiteName: UnreadMessages.appGroup)

  /// Unread messages by chat identifier.
  var byChat: [String: Int] {
    defaults?.dictionary(forKey: Self.key) as? [String: Int] ?? [:]
  }

  /// Every unread message: the badge.
  var total: Int {
    byChat.values.reduce(0, +)
  }

  /// Counts one more unread message in `chatId`; returns the new total.
  @discardableResult
  func add(inChat chatId: String) -> Int {
    var counts = byChat
    counts[chatId, default: 0] += 1
    defaults?.set(counts, forKey: Self.key)
    return counts.values.reduce(0, +)
  }

  /// Forgets the unread messages of `chatId`; returns the new total.
  @discardableResult
  func markRead(chatId: String) -> Int {
    var counts = byChat
    counts[chatId] = nil
    defaults?.set(counts, forKey: Self.key)
    return counts.values.reduce(0, +)
  }
}
