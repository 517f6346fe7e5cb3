/// One stack in Notification Center: what an element of `expect.center` compares.
///
/// Models Behavior.md §4 and Rules.md §4: groups come newest first, the leading (newest)
/// notification first inside; the summary line is `nil` for a group of one.
public struct CenterGroup: Sendable, Equatable {
  /// The thread: the `thread-id` (automatic grouping, `""` for none), `""` for byApp, or the
  /// notification's own thread when grouping is off.
  public var thread: String
  /// The notifications, newest first.
  public var entries: [DeliveredNotification]
  /// The summary line under the group (`"2 more notifications"`), `nil` for a group of one.
  public var summary: String?

  /// Creates a group.
  package init(thread: String, entries: [DeliveredNotification], summary: String?) {
    self.thread = thread
    self.entries = entries
    self.summary = summary
  }

  /// The push ids, newest first (what `expect.center[].notifications` lists).
  public var notifications: [String] { entries.map(\.push) }

  /// The leading notification.
  public var leading: DeliveredNotification? { entries.first }
}

/// The top of one stack in Notification Center, as a drawing of the lock screen shows it: the
/// leading notification, how many the stack holds and its summary line (``CenterGroup``
/// without the notifications under the leading one).
package struct CenterGroupHead: Sendable, Equatable {
  /// The thread, as ``CenterGroup/thread``.
  package var thread: String
  /// The newest notification of the stack.
  package var leading: DeliveredNotification
  /// How many notifications the stack holds, the leading one included.
  package var count: Int
  /// The summary line, `nil` for a stack of one.
  package var summary: String?
}
