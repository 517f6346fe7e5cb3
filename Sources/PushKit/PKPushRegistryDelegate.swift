public import Foundation
internal import PushSimHosting
import Synchronization

/// The app's answers to PushKit (`PKPushRegistryDelegate`).
///
/// `pushRegistry(_:didUpdate:for:)` is required, as in Apple's SDK; the others are optional
/// there, and Swift protocols have no optional methods, so each has a default here that behaves
/// as if the app had not implemented it:
/// - the completion form of `didReceiveIncomingPushWith` (iOS 11+, the one to implement) calls
///   the deprecated form, then the completion;
/// - the deprecated form and `didInvalidatePushTokenFor` do nothing.
///
/// The hosting device tells the defaults apart from the app's own methods: an app that
/// implements neither receive method has not handled the push.
///
/// A method whose completion is declared without `@Sendable` (as in most apps) implements the
/// requirement, as with Apple's SDK.
public protocol PKPushRegistryDelegate: NSObjectProtocol {
  /// New credentials (a token) for `type`: send the token to the app's server.
  func pushRegistry(
    _ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials,
    for type: PKPushType)

  /// A push arrived; call `completion` when done. For `.voIP`, report a call to CallKit
  /// (`reportNewIncomingCall`) before: an app that does not is terminated (Rules.md §14).
  func pushRegistry(
    _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,
    for type: PKPushType, completion: @escaping @Sendable () -> Void)

  /// A push arrived (iOS 8–11; replaced by the form with `completion`).
  @available(iOS, introduced: 8.0, deprecated: 11.0)
  func pushRegistry(
    _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,
    for type: PKPushType)

  /// The token for `type` is no longer valid: tell the server to stop using it.
  func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType)
}

extension PKPushRegistryDelegate {
  /// Not implemented by the app: calls the deprecated form, then `completion`.
  public func pushRegistry(
    _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,
    for type: PKPushType, completion: @escaping @Sendable () -> Void
  ) {
    PushKitProbe.current?.record(.completionForm)
    pushRegistry(registry, didReceiveIncomingPushWith: payload, for: type)
    completion()
  }

  /// Not implemented by the app: does nothing.
  public func pushRegistry(
    _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,
    for type: PKPushType
  ) {
    PushKitProbe.current?.record(.legacyForm)
  }

  /// Not implemented by the app: does nothing.
  public func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {
  }
}

/// Which defaults ran during one call into the delegate (bound on the calling thread).
package final class PushKitProbe: Sendable {
  package enum Default: Sendable { case completionForm, legacyForm }
  private let ran = Mutex<Set<Default>>([])

  package init() {}

  /// The probe of the call running now.
  package static var current: PushKitProbe? { AppProcess[CurrentSlot.self] }

  /// Runs `body` (and the tasks it starts) with ``current`` set to `value`.
  package static func withCurrent<R>(_ value: PushKitProbe?, _ body: () throws -> R) rethrows -> R {
    try AppProcess.with(CurrentSlot.self, value, body)
  }

  /// The process slot of ``current``.
  private enum CurrentSlot: ProcessSlot {
    static var defaultValue: PushKitProbe? { nil }
  }

  func record(_ method: Default) {
    _ = ran.withLock { $0.insert(method) }
  }

  /// Whether the app implements neither receive method (both defaults ran).
  package var implementsNoReceiveMethod: Bool {
    ran.withLock { $0.isSuperset(of: [.completionForm, .legacyForm]) }
  }
}
