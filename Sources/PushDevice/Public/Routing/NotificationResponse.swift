public import Foundation
public import PushPayload

/// The user's response to a delivered notification (`UNNotificationResponse`).
///
/// iOS hands every response to `userNotificationCenter(_:didReceive:withCompletionHandler:)`:
/// a tap that opens the app (``defaultActionIdentifier``), a custom action (its own identifier),
/// or an explicit dismiss (``dismissActionIdentifier``, sent only when the category has
/// `customDismissAction`) (Behavior.md §8). PushSim hands the same value to the app's ``Router``
/// (Rules.md §8). A text-input action (`UNTextInputNotificationResponse`) carries the
/// typed text in ``userText``.
///
/// The shape follows UserNotifications so a ported delegate reads the same:
/// `response.notification.request.content.userInfo`.
public struct NotificationResponse: Sendable, Equatable {
  /// The notification the user responded to (`UNNotification`: its request and delivery date).
  public struct Notification: Sendable, Equatable {
    /// The request: identifier and content, as delivered (after any service extension).
    public var request: NotificationRequest
    /// When the notification was delivered (virtual time; `UNNotification.date`).
    public var date: Date

    /// Creates a delivered notification.
    public init(request: NotificationRequest, date: Date) {
      self.request = request
      self.date = date
    }
  }

  /// `UNNotificationDefaultActionIdentifier`: the user opened the app from the notification
  /// (a tap). It needs no category setup (Behavior.md §8).
  public static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
  /// `UNNotificationDismissActionIdentifier`: the user explicitly dismissed the notification.
  /// iOS sends it only when the category has `customDismissAction` (Behavior.md §8).
  public static let dismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

  /// The notification responded to.
  public var notification: Notification
  /// The action picked: ``defaultActionIdentifier``, ``dismissActionIdentifier``, or the
  /// identifier of one of the category's actions (`UNNotificationResponse.actionIdentifier`).
  public var actionIdentifier: String
  /// The text typed for a text-input action (`UNTextInputNotificationResponse.userText`);
  /// `nil` for any other response.
  public var userText: String?

  /// Creates a response to `notification`.
  public init(notification: Notification, actionIdentifier: String, userText: String? = nil) {
    self.notification = notification
    self.actionIdentifier = actionIdentifier
    self.userText = userText
  }

  /// Creates a response to the notification made from `request`, delivered at `date`
  /// (defaults to the request's arrival date).
  public init(
    request: NotificationRequest, date: Date? = nil,
    actionIdentifier: String = NotificationResponse.defaultActionIdentifier,
    userText: String? = nil
  ) {
    self.init(
      notification: Notification(request: request, date: date ?? request.date),
      actionIdentifier: actionIdentifier, userText: userText)
  }

  /// A tap on the notification: the default action (Behavior.md §8).
  public static func tap(_ request: NotificationRequest) -> Self {
    Self(request: request)
  }

  /// An explicit dismiss (Behavior.md §8; delivered only with `customDismissAction`, which is the
  /// device's decision, not this value's).
  public static func dismiss(_ request: NotificationRequest) -> Self {
    Self(request: request, actionIdentifier: dismissActionIdentifier)
  }

  /// A custom action, with the text typed when the action takes text input.
  public static func action(
    _ identifier: String, on request: NotificationRequest, userText: String? = nil
  ) -> Self {
    Self(request: request, actionIdentifier: identifier, userText: userText)
  }

  /// Whether this is a tap (the default action).
  public var isDefaultAction: Bool { actionIdentifier == Self.defaultActionIdentifier }
  /// Whether this is an explicit dismiss.
  public var isDismiss: Bool { actionIdentifier == Self.dismissActionIdentifier }

  /// The request responded to (shortcut for `notification.request`).
  public var request: NotificationRequest { notification.request }
  /// The content responded to (shortcut for `notification.request.content`).
  public var content: NotificationContent { notification.request.content }
  /// The whole payload as a JSON value, for safe typed reading.
  public var payload: JSONValue { notification.request.content.payload }
}
