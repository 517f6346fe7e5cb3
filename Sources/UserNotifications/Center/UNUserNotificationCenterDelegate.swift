internal import PushSimHosting
import Synchronization

/// The app's answers to the notification center (`UNUserNotificationCenterDelegate`).
///
/// As in Apple's SDK, `willPresent` and `didReceive` come in a completion-handler form and an
/// `async` form, and every method is optional. Swift protocols have no optional methods, so each
/// has a default here that behaves as if the app had not implemented it:
/// - the completion-handler form's default calls the app's `async` form (and the `async` form's
///   default calls the app's completion-handler form), so an app implements whichever it likes;
/// - when the app implements neither, `willPresent` answers `[]` (iOS does not present a
///   notification whose delegate has no `willPresent`, Behavior.md §7.2), `didReceive` returns and
///   `openSettingsFor` does nothing.
///
/// The hosting device tells an implemented method from a default through
/// `UNUserNotificationCenter.askDelegateWillPresent(_:reply:)` and its siblings: the defaults
/// report themselves there, so "the delegate answered `[]`" and "the delegate has no
/// `willPresent`" are logged apart.
///
/// A method whose handler is declared without `@Sendable` (as in most apps) implements the
/// requirement, as with Apple's SDK.
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
  /// A notification arrives while the app is in the foreground: answer how to present it.
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    withCompletionHandler completionHandler:
      @escaping @Sendable (UNNotificationPresentationOptions) -> Void)

  /// A notification arrives while the app is in the foreground: answer how to present it.
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification
  ) async -> UNNotificationPresentationOptions

  /// The user tapped the notification, picked an action or dismissed it (for categories with
  /// `.customDismissAction`).
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void)

  /// The user tapped the notification, picked an action or dismissed it.
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async

  /// The user asked for the app's own notification settings; `notification` is `nil` when they
  /// came from Settings.
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
}

extension UNUserNotificationCenterDelegate {
  /// Not implemented by the app: calls the app's `async` form (on a thread of its own,
  /// ``AppCodeExecutor``), else answers `[]`.
  public func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    withCompletionHandler completionHandler:
      @escaping @Sendable (UNNotificationPresentationOptions) -> Void
  ) {
    if DelegateDefaults.bridging {
      DelegateDefaults.probe?.record(.willPresent)
      completionHandler([])
      return
    }
    let delegate = Unchecked(self)
    let executor = AppCodeExecutor(name: "willPresent")
    Task(executorPreference: executor) {
      defer { executor.finish() }
      let options = await DelegateDefaults.$bridging.withValue(true) {
        await delegate.value.userNotificationCenter(center, willPresent: notification)
      }
      completionHandler(options)
    }
  }

  /// Not implemented by the app: calls the app's completion-handler form, else answers `[]`.
  public func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification
  ) async -> UNNotificationPresentationOptions {
    if DelegateDefaults.bridging {
      DelegateDefaults.probe?.record(.willPresent)
      return []
    }
    return await withCheckedContinuation { continuation in
      let once = ResumeOnce(continuation)
      DelegateDefaults.$bridging.withValue(true) {
        userNotificationCenter(center, willPresent: notification) { once.resume($0) }
      }
    }
  }

  /// Not implemented by the app: calls the app's `async` form, else returns.
  public func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void
  ) {
    if DelegateDefaults.bridging {
      DelegateDefaults.probe?.record(.didReceive)
      completionHandler()
      return
    }
    let delegate = Unchecked(self)
    let executor = AppCodeExecutor(name: "didReceive")
    Task(executorPreference: executor) {
      defer { executor.finish() }
      await DelegateDefaults.$bridging.withValue(true) {
        await delegate.value.userNotificationCenter(center, didReceive: response)
      }
      completionHandler()
    }
  }

  /// Not implemented by the app: calls the app's completion-handler form, else returns.
  public func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
  ) async {
    if DelegateDefaults.bridging {
      DelegateDefaults.probe?.record(.didReceive)
      return
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let once = ResumeOnce(continuation)
      DelegateDefaults.$bridging.withValue(true) {
        userNotificationCenter(center, didReceive: response) { once.resume(()) }
      }
    }
  }

  /// Not implemented by the app: does nothing.
  public func userNotificationCenter(
    _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?
  ) {
    DelegateDefaults.probe?.record(.openSettings)
  }
}

/// What the hosting device learns from calling a delegate method.
package enum DelegateAnswer<Value: Sendable>: Sendable {
  /// The app implements neither form of the method (iOS's optional method is absent).
  case notImplemented
  /// The app's method answered (called its completion handler or returned).
  case answered(Value)
}

extension UNUserNotificationCenter {
  /// Asks the delegate how to present a notification in the foreground.
  ///
  /// `reply` runs once when the app's method answers (on any thread), with `.notImplemented` when
  /// the app has no `willPresent`; it never runs when the app never calls its completion handler,
  /// which the device notices on its clock. Returns `false`, without calling `reply`, when the
  /// center has no delegate.
  package func askDelegateWillPresent(
    _ notification: UNNotification,
    reply: @escaping @Sendable (DelegateAnswer<UNNotificationPresentationOptions>) -> Void
  ) -> Bool {
    guard let delegate else { return false }
    let probe = DelegateProbe()
    let once = ReplyOnce(reply)
    DelegateDefaults.$probe.withValue(probe) {
      delegate.userNotificationCenter(self, willPresent: notification) { options in
        once.reply(probe.recorded(.willPresent) ? .notImplemented : .answered(options))
      }
    }
    return true
  }

  /// Gives the delegate the user's response; `reply` as for ``askDelegateWillPresent(_:reply:)``.
  package func askDelegateDidReceive(
    _ response: UNNotificationResponse,
    reply: @escaping @Sendable (DelegateAnswer<Void>) -> Void
  ) -> Bool {
    guard let delegate else { return false }
    let probe = DelegateProbe()
    let once = ReplyOnce(reply)
    DelegateDefaults.$probe.withValue(probe) {
      delegate.userNotificationCenter(self, didReceive: response) {
        once.reply(probe.recorded(.didReceive) ? .notImplemented : .answered(()))
      }
    }
    return true
  }

  /// Calls the delegate's `openSettingsFor`; `nil` when the center has no delegate.
  package func askDelegateOpenSettings(for notification: UNNotification?) -> DelegateAnswer<Void>? {
    guard let delegate else { return nil }
    let probe = DelegateProbe()
    DelegateDefaults.$probe.withValue(probe) {
      delegate.userNotificationCenter(self, openSettingsFor: notification)
    }
    return probe.recorded(.openSettings) ? .notImplemented : .answered(())
  }
}

/// The delegate methods whose defaults can report themselves.
enum DelegateMethod: Hashable, Sendable {
  case willPresent, didReceive, openSettings
}

/// Collects which delegate defaults ran during one host call.
final class DelegateProbe: Sendable {
  private let methods = Mutex<Set<DelegateMethod>>([])
  func record(_ method: DelegateMethod) { methods.withLock { _ = $0.insert(method) } }
  func recorded(_ method: DelegateMethod) -> Bool { methods.withLock { $0.contains(method) } }
}

/// Task-local state of the delegate defaults.
enum DelegateDefaults {
  /// Set while a default calls the other form, so the other form's default ends the chain.
  @TaskLocal static var bridging = false
  /// The host call's probe, if the device made the call.
  @TaskLocal static var probe: DelegateProbe?
}

/// Resumes a continuation on the first call only: an app that calls its completion handler twice
/// must not crash the host.
final class ResumeOnce<Value: Sendable>: Sendable {
  private let continuation: Mutex<CheckedContinuation<Value, Never>?>
  init(_ continuation: CheckedContinuation<Value, Never>) {
    self.continuation = Mutex(continuation)
  }
  func resume(_ value: Value) {
    let pending = continuation.withLock { pending in
      defer { pending = nil }
      return pending
    }
    pending?.resume(returning: value)
  }
}

/// Calls a reply on the first call only.
final class ReplyOnce<Value: Sendable>: Sendable {
  private let reply: Mutex<(@Sendable (Value) -> Void)?>
  init(_ reply: @escaping @Sendable (Value) -> Void) { self.reply = Mutex(reply) }
  func reply(_ value: Value) {
    let pending = reply.withLock { pending in
      defer { pending = nil }
      return pending
    }
    pending?(value)
  }
}
