import PushPayload

/// What the device keeps of each notification it made, beside the record of its push
/// (in ``PushHistory``); ``Device/notification(_:)`` makes the ``NotificationRecord``
/// from it, with the lock-screen text and status of the moment. Kept small: the request is one
/// shared box (``NotificationRequest``).
struct KeptNotification: Sendable {
  /// The request as delivered (or held).
  var request: NotificationRequest
  /// How it was presented (Rules.md §5); all `false` while held or suppressed.
  var presentation: Presentation
  /// The level the device acted on (Rules.md §5 step 4).
  var effectiveLevel: InterruptionLevel
  /// The localization the texts came from (Rules.md §3).
  var language: String
}
