/// A notification service extension: changes a push's content before it is shown
/// (`UNNotificationServiceExtension`).
///
/// Implement it in Swift to prototype your own extension; PushSim runs it through
/// ``ServiceExtensionStage`` exactly when iOS would (Behavior.md §6.1, Rules.md §7) and
/// contains whatever it does:
///
/// - ``didReceive(_:context:)`` is `didReceive(_:withContentHandler:)`: return the content to
///   show. Returning is calling the content handler. Throwing counts as never calling it: the
///   original content is shown (Behavior.md §6.2).
/// - The extension has a time budget (30 s of scenario time by default). Scenario time passes
///   only through the ``ServiceExtensionContext``: downloads (``ServiceExtensionContext/fetchMedia(from:limit:)``)
///   and simulated work (``ServiceExtensionContext/spend(_:)``). When the budget runs out,
///   ``timeWillExpire()`` runs (`serviceExtensionTimeWillExpire()`), and its best attempt, or
///   else the original content, is shown; whatever `didReceive` returns later is ignored.
/// - A `didReceive` that never returns is stopped by a real-time watchdog and treated as a
///   timeout, so it cannot hang a run.
/// - The request identifier cannot change (Behavior.md §6.2): the content you return has none.
///
/// `didReceive` and `timeWillExpire` may run concurrently, as on iOS (where the latter runs on
/// a separate thread); keep shared state in an actor or behind a `Mutex`. The stage calls both
/// on the instance it is given; give each push its own instance when it holds per-push state.
public protocol ServiceExtension: Sendable {
  /// Receives the request (title, subtitle and body already localized, `payload` raw) and
  /// returns the content to deliver.
  ///
  /// - Parameters:
  ///   - request: The push as the device built it (Behavior.md §6.1).
  ///   - context: The extension's budget, media fetcher, sandbox folder and log.
  /// - Returns: The content to show; attachments are validated after it returns (Behavior.md §6.3).
  func didReceive(_ request: NotificationRequest, context: ServiceExtensionContext) async throws
    -> NotificationContent

  /// Called when the budget runs out: return a best attempt, or `nil` to show the original
  /// content (Behavior.md §6.2, `serviceExtensionTimeWillExpire()`).
  func timeWillExpire() async -> NotificationContent?
}

extension ServiceExtension {
  /// By default an extension has no best attempt: the original content is shown.
  public func timeWillExpire() async -> NotificationContent? { nil }
}
