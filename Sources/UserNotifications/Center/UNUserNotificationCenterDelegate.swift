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
      let options = await DelegateDefaults.bridging {
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
    let answer = OneShot<UNNotificationPresentationOptions>()
    return await answer.value {
      DelegateDefaults.bridging {
        userNotificationCenter(center, willPresent: notification) { answer.give($0) }
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
      await DelegateDefaults.bridging {
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
    let answer = OneShot<Void>()
    await answer.value {
      DelegateDefaults.bridging {
        userNotificationCenter(center, didReceive: response) { answer.give(()) }
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
    let once = OneShot<DelegateAnswer<UNNotificationPresentationOptions>>()
    once.whenAnswered(reply)
    DelegateDefaults.withProbe(probe) {
      delegate.userNotificationCenter(self, willPresent: notification) { options in
        once.give(probe.recorded(.willPresent) ? .notImplemented : .answered(options))
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
    let once = OneShot<DelegateAnswer<Void>>()
    once.whenAnswered(reply)
    DelegateDefaults.withProbe(probe) {
      delegate.userNotificationCenter(self, didReceive: response) {
        once.give(probe.recorded(.didReceive) ? .notImplemented : .answered(()))
      }
    }
    return true
  }

  /// Calls the delegate's `openSettingsFor`; `nil` when the center has no delegate.
  package func askDelegateOpenSettings(for notification: UNNotification?) -> DelegateAnswer<Void>? {
    guard let delegate else { return nil }
    let probe = DelegateProbe()
    DelegateDefaults.withProbe(probe) {
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

/// The delegate defaults' state in the app's process (``AppProcess``).
enum DelegateDefaults {
  /// Set while a default calls the other form, so the other form's default ends the chain.
  static var bridging: Bool { AppProcess[BridgingSlot.self] }
  /// The host call's probe, if the device made the call.
  static var probe: DelegateProbe? { AppProcess[ProbeSlot.self] }

  /// Runs `body` as a default calling the other form.
  static func bridging<R>(_ body: () throws -> R) rethrows -> R {
    try AppProcess.with(BridgingSlot.self, true, body)
  }

  /// Runs `body` as a default calling the other form.
  static func bridging<R>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
  ) async rethrows -> R {
    try await AppProcess.with(BridgingSlot.self, true, isolation: isolation, body)
  }

  /// Runs `body` with `probe` recording the defaults that run.
  static func withProbe<R>(_ probe: DelegateProbe?, _ body: () throws -> R) rethrows -> R {
    try AppProcess.with(ProbeSlot.self, probe, body)
  }

  private enum BridgingSlot: ProcessSlot {
    static var defaultValue: Bool { false }
  }

  private enum ProbeSlot: ProcessSlot {
    static var defaultValue: DelegateProbe? { nil }
  }
}
