/// A request to show a notification: its identifier, content and trigger
/// (`UNNotificationRequest`).
///
/// As on iOS the request keeps an immutable copy of the content it was given, so changing a
/// ``UNMutableNotificationContent`` after making the request changes nothing. A remote
/// notification's trigger is a ``UNPushNotificationTrigger``; a `nil` trigger delivers at once.
open class UNNotificationRequest: NSObject, NSCopying, @unchecked Sendable {
  /// The identifier: adding a request with a pending request's identifier replaces it
  /// (Behavior.md §7.2). For a remote notification it is the `apns-collapse-id`, else a UUID.
  public let identifier: String
  /// The content (an immutable copy).
  public let content: UNNotificationContent
  /// What delivers the notification; `nil` delivers it at once.
  public let trigger: UNNotificationTrigger?

  /// Creates a request, copying `content`.
  public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
    self.identifier = identifier
    self.content = UNNotificationContent(fields: content.storage.read { $0 })
    self.trigger = trigger
    super.init()
  }

  /// Requests are immutable: a copy is the same object.
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// `<UNNotificationRequest: identifier: …, content: …, trigger: …>`.
  open override var description: String {
    "<UNNotificationRequest: identifier: \(identifier), content: \(content), "
      + "trigger: \(trigger.map { "\($0)" } ?? "(null)")>"
  }
}

/// A delivered notification: the request and when it was delivered (`UNNotification`).
open class UNNotification: NSObject, NSCopying, @unchecked Sendable {
  /// The request that was delivered.
  public let request: UNNotificationRequest
  /// When it was delivered.
  public let date: Date

  /// Creates a notification; the device (or the standalone center) makes them.
  package init(request: UNNotificationRequest, date: Date) {
    self.request = request
    self.date = date
    super.init()
  }

  /// Notifications are immutable: a copy is the same object.
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// `<UNNotification: date: …, request: …>`.
  open override var description: String { "<UNNotification: date: \(date), request: \(request)>" }
}

/// The identifier of the response to a plain tap that opens the app
/// (`UNNotificationDefaultActionIdentifier`).
public let UNNotificationDefaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"

/// The identifier of the response to an explicit dismiss, sent only for categories with
/// `.customDismissAction` (`UNNotificationDismissActionIdentifier`).
public let UNNotificationDismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

/// The user's response to a notification: a tap, an action or a dismiss
/// (`UNNotificationResponse`).
///
/// Deliberate difference: iOS's `targetScene: UIScene?` is absent, since UIKit is not re-created.
open class UNNotificationResponse: NSObject, NSCopying, @unchecked Sendable {
  /// The notification the user responded to.
  public let notification: UNNotification
  /// ``UNNotificationDefaultActionIdentifier``, ``UNNotificationDismissActionIdentifier`` or an
  /// action's identifier.
  public let actionIdentifier: String

  /// Creates a response; the device makes them when the user taps.
  package init(notification: UNNotification, actionIdentifier: String) {
    self.notification = notification
    self.actionIdentifier = actionIdentifier
    super.init()
  }

  /// Responses are immutable: a copy is the same object.
  open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// The response to a text input action, with the text the user typed
/// (`UNTextInputNotificationResponse`).
open class UNTextInputNotificationResponse: UNNotificationResponse, @unchecked Sendable {
  /// The text the user typed.
  public let userText: String

  /// Creates a text response.
  package init(notification: UNNotification, actionIdentifier: String, userText: String) {
    self.userText = userText
    super.init(notification: notification, actionIdentifier: actionIdentifier)
  }
}
