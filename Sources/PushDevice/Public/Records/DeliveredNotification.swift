public import Foundation

/// A notification in Notification Center: its push, request, presentation and place in order.
///
/// Models `UNNotification` (request + date) plus what PushSim decided about it
/// (Rules.md §4, §5).
public struct DeliveredNotification: Sendable, Equatable {
  /// The push id it came from (the newest push, after a collapse-id replacement).
  public var push: String
  /// The request: identifier (collapse id or fresh) and localized content.
  public var request: NotificationRequest
  /// How it was presented when it arrived (or re-alerted).
  public var presentation: Presentation
  /// When it entered the center (virtual time; a Scheduled Summary delivery time for held ones).
  public var date: Date
  /// Arrival order on the device: higher is newer (ties of `date` keep arrival order).
  package var sequence: Int

  /// Creates an entry.
  package init(
    push: String, request: NotificationRequest, presentation: Presentation, date: Date,
    sequence: Int
  ) {
    self.push = push
    self.request = request
    self.presentation = presentation
    self.date = date
    self.sequence = sequence
  }

  /// The content shortcut.
  public var content: NotificationContent { request.content }
}
