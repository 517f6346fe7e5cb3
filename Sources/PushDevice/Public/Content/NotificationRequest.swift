public import Foundation

/// A push as the device hands it to a service extension and stores it (`UNNotificationRequest`).
///
/// The identifier is the `apns-collapse-id`, else one PushSim makes up (Behavior.md §2.2); a
/// service extension cannot change it (Rules.md §7).
///
/// A value type whose fields live in one shared, immutable box: the device keeps a request in
/// its notification record, in Notification Center and in the Scheduled Summary at once, and
/// each holds a reference rather than a copy of the content. Changing a field makes a new box.
public struct NotificationRequest: Sendable, Equatable {
  /// The fields, shared by every copy of this request.
  private final class Storage: Sendable {
    let identifier: String
    let content: NotificationContent
    let date: Date

    init(identifier: String, content: NotificationContent, date: Date) {
      self.identifier = identifier
      self.content = content
      self.date = date
    }
  }

  private var storage: Storage

  /// Creates a request.
  public init(identifier: String, content: NotificationContent, date: Date) {
    storage = Storage(identifier: identifier, content: content, date: date)
  }

  /// The request identifier.
  public var identifier: String { storage.identifier }

  /// The content, already localized.
  public var content: NotificationContent {
    get { storage.content }
    set { storage = Storage(identifier: storage.identifier, content: newValue, date: storage.date) }
  }

  /// When the device received the push (virtual time).
  public var date: Date {
    get { storage.date }
    set {
      storage = Storage(identifier: storage.identifier, content: storage.content, date: newValue)
    }
  }

  public static func == (lhs: NotificationRequest, rhs: NotificationRequest) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.identifier == rhs.identifier && lhs.date == rhs.date && lhs.content == rhs.content)
  }
}
