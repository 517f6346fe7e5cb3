public import Dispatch
public import Foundation
package import PushSimHosting
import Synchronization

/// The app's link to PushKit (`PKPushRegistry`): create it at every launch, set its delegate,
/// then `desiredPushTypes` (which starts registration); keep it for the app's lifetime.
///
/// The delegate's methods run on `queue`. On a simulated device (PushSimAppHost), a registry
/// made without a queue has its delegate called on the thread the device gives that call (iOS
/// uses the main queue, which a Linux test process does not run); outside a device, on a global
/// queue.
open class PKPushRegistry: NSObject, @unchecked Sendable {
  private struct State {
    var delegate = Weak<any PKPushRegistryDelegate>()
    var desiredPushTypes: Set<PKPushType>?
    var tokens: [PKPushType: Data] = [:]
  }

  private let state = Mutex(State())
  private let queue: DispatchQueue?
  private let backend: any PushKitBackend

  /// Creates a registry whose delegate runs on `queue` (`nil`: the main queue on iOS).
  public init(queue: DispatchQueue?) {
    self.queue = queue
    self.backend = PushKitHosting.backend ?? StandalonePushKitBackend()
    super.init()
  }

  /// The app's delegate, held weakly. Set it before ``desiredPushTypes``.
  open var delegate: (any PKPushRegistryDelegate)? {
    get { state.withLock { $0.delegate }.value }
    set {
      let delegate = Weak<any PKPushRegistryDelegate>(newValue)
      state.withLock { $0.delegate = delegate }
    }
  }

  /// The push types the app wants; setting it registers for them, and each token arrives
  /// through the delegate's `pushRegistry(_:didUpdate:for:)`.
  open var desiredPushTypes: Set<PKPushType>? {
    get { state.withLock { $0.desiredPushTypes } }
    set {
      state.withLock { $0.desiredPushTypes = newValue }
      backend.registry(self, desires: newValue ?? [])
    }
  }

  /// The token PushKit last handed over for `type`, or `nil` before `didUpdate`.
  open func pushToken(for type: PKPushType) -> Data? {
    state.withLock { $0.tokens[type] }
  }

  // MARK: The host's side

  /// Stores `token` and hands it to the delegate's `didUpdate`; `done` runs after the delegate
  /// returns (on the registry's queue, else on the calling thread).
  package func deliverCredentials(
    _ token: Data, for type: PKPushType, done: @escaping @Sendable () -> Void
  ) {
    state.withLock { $0.tokens[type] = token }
    onQueue {
      if let delegate = self.delegate {
        delegate.pushRegistry(
          self, didUpdate: PKPushCredentials(token: token, type: type), for: type)
      }
      done()
    }
  }

  /// Hands a push to the delegate's `didReceiveIncomingPushWith`; `answer` runs with `true`
  /// when the delegate calls the completion, `false` at once when it implements neither
  /// receive method (or there is no delegate).
  package func deliverIncomingPush(
    _ payload: Unchecked<[AnyHashable: Any]>, for type: PKPushType,
    answer: @escaping @Sendable (Bool) -> Void
  ) {
    onQueue {
      guard let delegate = self.delegate else { return answer(false) }
      let probe = PushKitProbe()
      let once = Mutex(false)
      let reply: @Sendable (Bool) -> Void = { value in
        let first = once.withLock { called in
          defer { called = true }
          return !called
        }
        if first { answer(value) }
      }
      PushKitProbe.withCurrent(probe) {
        delegate.pushRegistry(
          self,
          didReceiveIncomingPushWith: PKPushPayload(dictionaryPayload: payload.value, type: type),
          for: type, completion: { reply(!probe.implementsNoReceiveMethod) })
      }
      if probe.implementsNoReceiveMethod { reply(false) }
    }
  }

  /// Runs `body` on the registry's queue, else on the calling thread.
  /// Runs `body` on the registry's queue, else on the calling thread, in the calling code's
  /// process (what a provider made there reports to: the device's CallKit).
  private func onQueue(_ body: @escaping @Sendable () -> Void) {
    let process = AppProcess.current
    if let queue { queue.async { process.bind(body) } } else { body() }
  }
}
