public import Foundation

/// A push as the device hands it to a service extension and stores it (`UNNotificationRequest`).
///
/// The identifier is the `apns-collapse-id`, else one PushSim makes up (Behavior.md §2.2); a
/// service extension cannot change it (Rules.md §7).
public struct NotificationRequest: Sendable, Equatable {
  /// The request identifier.
  public let identifier: String
  /// The content, already localized.
  public var content: NotificationContent
  /// When the device received the push (virtual time).
  public var date: Date

  /// Creates a request.
  public init(identifier: String, content: NotificationContent, date: Date) {
    self.identifier = identifier
    self.content = content
    self.date = date
  }
}
