/// The base class of a notification service extension (`UNNotificationServiceExtension`).
///
/// An app subclasses it as in Xcode's template: `didReceive(_:withContentHandler:)` changes the
/// content (often a `mutableCopy()` with a downloaded attachment) and calls the handler;
/// `serviceExtensionTimeWillExpire()` is the last chance to call it when the time budget runs out
/// (Behavior.md §6.1, §6.2). The hosting device makes a fresh instance per push, takes the first
/// handler call only, and shows the original content when none comes.
///
/// The handler is `@Sendable`, as in current SDKs: an override may declare it `@Sendable` or not,
/// and may call it from any thread. As with Apple's SDK in Swift 6 mode, an override whose handler
/// is not `@Sendable` cannot pass it on to `super`; in Swift 5 mode that is a warning.
open class UNNotificationServiceExtension: NSObject {
  /// Creates an extension (the device calls it once per push).
  public override init() { super.init() }

  /// Receives a notification request; the default delivers the original content at once, as
  /// Apple's does (so a subclass calling `super` shows the push unchanged).
  open func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    contentHandler(request.content)
  }

  /// Called just before the time budget runs out; the default does nothing, so the original
  /// content is shown unless the handler was called.
  open func serviceExtensionTimeWillExpire() {}
}
