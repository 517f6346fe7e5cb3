import PushPayload

/// What the device keeps of each notification it made, beside the record of its push
/// (``Device/keptNotifications``); ``Device/notification(_:)`` makes the ``NotificationRecord``
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

extension Device {
  /// The notification the push at `position` in ``records`` became, if it became one.
  func keptNotification(at position: Int) -> KeptNotification? {
    keptNotifications.indices.contains(position) ? keptNotifications[position] : nil
  }

  /// The notification push `id` became, if it became one.
  func keptNotification(of id: String) -> KeptNotification? {
    guard let position = records.position(of: id) else { return nil }
    return keptNotification(at: position)
  }

  /// Keeps the notification push `id` became, at the place of its record (every push that
  /// becomes a notification has one).
  mutating func keepNotification(_ notification: KeptNotification, of id: String) {
    guard let position = records.position(of: id) else { return }
    if position >= keptNotifications.count {
      keptNotifications.append(
        contentsOf: repeatElement(nil, count: position + 1 - keptNotifications.count))
    }
    keptNotifications[position] = notification
  }

  /// Changes the notification push `id` became; does nothing when there is none.
  mutating func updateKeptNotification(of id: String, _ change: (inout KeptNotification) -> Void) {
    guard let position = records.position(of: id), var kept = keptNotification(at: position)
    else { return }
    change(&kept)
    keptNotifications[position] = kept
  }
}
