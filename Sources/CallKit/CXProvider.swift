public import Dispatch
public import Foundation
internal import PushSimHosting
import Synchronization

/// The app's link to the system's call UI (`CXProvider`): make one early in the app's life,
/// keep it, and report every VoIP push as an incoming call through it.
///
/// On a simulated device (PushSimAppHost) a provider made in the app's launch code reports to
/// that device; outside a device every report succeeds (a UUID already reported and not ended
/// fails with `callUUIDAlreadyExists`).
open class CXProvider: NSObject, @unchecked Sendable {
  private struct State {
    var delegate = Weak<any CXProviderDelegate>()
    var queue: DispatchQueue?
  }

  private let state = Mutex(State())
  private let backend: any CallKitBackend
  /// The configuration the provider was made with.
  open var configuration: CXProviderConfiguration

  /// Creates a provider with `configuration`.
  public init(configuration: CXProviderConfiguration) {
    self.configuration = configuration
    self.backend = CallKitHosting.backend ?? StandaloneCallKitBackend()
    super.init()
  }

  /// Sets the delegate (held weakly) and the queue its methods and the report completions run
  /// on (`nil`: the main queue on iOS; here the thread the answer arrives on).
  open func setDelegate(_ delegate: (any CXProviderDelegate)?, queue: DispatchQueue?) {
    let delegate = Weak<any CXProviderDelegate>(delegate)
    state.withLock {
      $0.delegate = delegate
      $0.queue = queue
    }
  }

  /// Reports a new incoming call: the system shows the incoming-call UI, or refuses the call
  /// and passes `completion` a ``CXErrorCodeIncomingCallError``. Report every VoIP push this
  /// way, before PushKit's completion (Rules.md §14).
  open func reportNewIncomingCall(
    with UUID: UUID, update: CXCallUpdate, completion: @escaping ((any Error)?) -> Void
  ) {
    // Apple declares the completion without `@Sendable`, so apps call PushKit's (non-sendable)
    // completion from it; CallKit runs it once, on the delegate's queue.
    let completion = Unchecked(completion)
    let call = IncomingCallReport(
      uuid: UUID, handle: update.remoteHandle?.value,
      handleType: update.remoteHandle?.type.rawValue, callerName: update.localizedCallerName,
      hasVideo: update.hasVideo, supportsVideo: configuration.supportsVideo)
    backend.reportNewIncomingCall(call) { [self] code in
      let error = code.map { CXErrorCodeIncomingCallError($0) }
      onDelegateQueue { completion.value(error) }
    }
  }

  /// Reports a new incoming call and returns once the system allowed it.
  ///
  /// - Throws: ``CXErrorCodeIncomingCallError`` when the system refused it.
  open func reportNewIncomingCall(with UUID: UUID, update: CXCallUpdate) async throws {
    let error: CXErrorCodeIncomingCallError? = await withCheckedContinuation { continuation in
      reportNewIncomingCall(with: UUID, update: update) {
        continuation.resume(returning: $0 as? CXErrorCodeIncomingCallError)
      }
    }
    if let error { throw error }
  }

  /// Reports new information about a call (nothing the simulated device models).
  open func reportCall(with UUID: UUID, updated update: CXCallUpdate) {}

  /// Reports that a call ended (`nil` date: now).
  open func reportCall(
    with UUID: UUID, endedAt dateEnded: Date?, reason endedReason: CXCallEndedReason
  ) {
    backend.reportCallEnded(UUID, reason: endedReason.rawValue)
  }

  /// Ends the provider's calls; the provider takes no more reports afterwards (not modelled).
  open func invalidate() {}

  /// Runs `body` on the delegate's queue, else on the calling thread.
  private func onDelegateQueue(_ body: @escaping @Sendable () -> Void) {
    let process = AppProcess.current
    if let queue = state.withLock({ $0.queue }) {
      queue.async { process.bind(body) }
    } else {
      body()
    }
  }
}

/// An incoming call as the app reported it.
package struct IncomingCallReport: Sendable {
  package var uuid: UUID
  package var handle: String?
  package var handleType: Int?
  package var callerName: String?
  package var hasVideo: Bool
  package var supportsVideo: Bool
}

/// Where a `CXProvider` reports: a simulated device's CallKit, or memory.
package protocol CallKitBackend: Sendable {
  /// The app reported an incoming call; `answer` runs once with the refusal's code, or `nil`
  /// when the call shows.
  func reportNewIncomingCall(
    _ call: IncomingCallReport,
    answer: @escaping @Sendable (CXErrorCodeIncomingCallError.Code?) -> Void)
  /// The app reported that a call ended (`reason`: a `CXCallEndedReason` raw value).
  func reportCallEnded(_ uuid: UUID, reason: Int)
}

/// The backend providers made now take (bound by the host around the app's launch code).
package enum CallKitHosting {
  /// The backend of the device whose app code is running; `nil` outside a device.
  package static var backend: (any CallKitBackend)? { AppProcess[BackendSlot.self] }

  /// Runs `body` (and the tasks it starts) with ``backend`` set to `value`.
  package static func withBackend<R>(_ value: (any CallKitBackend)?, _ body: () throws -> R)
    rethrows -> R
  {
    try AppProcess.with(BackendSlot.self, value, body)
  }

  /// The process slot of ``backend``.
  private enum BackendSlot: ProcessSlot {
    static var defaultValue: (any CallKitBackend)? { nil }
  }
}

/// CallKit outside any device: calls show at once unless their UUID is already active.
final class StandaloneCallKitBackend: CallKitBackend {
  private let active = Mutex<Set<UUID>>([])

  func reportNewIncomingCall(
    _ call: IncomingCallReport,
    answer: @escaping @Sendable (CXErrorCodeIncomingCallError.Code?) -> Void
  ) {
    let isNew = active.withLock { $0.insert(call.uuid).inserted }
    answer(isNew ? nil : .callUUIDAlreadyExists)
  }

  func reportCallEnded(_ uuid: UUID, reason: Int) {
    _ = active.withLock { $0.remove(uuid) }
  }
}
