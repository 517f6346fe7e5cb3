public import Dispatch
public import Foundation
import Synchronization

/// The app's link to the system's call UI (`CXProvider`): make one early in the app's life,
/// keep it, and report every VoIP push as an incoming call through it.
///
/// On a simulated device (PushSimAppHost) a provider made in the app's launch code reports to
/// that device; outside a device every report succeeds but two: a UUID already reported and not
/// ended fails with `callUUIDAlreadyExists`, and a call beyond the configuration's
/// `maximumCallGroups` calls not ended fails with `unknown` (Rules.md §14).
open class CXProvider: NSObject, @unchecked Sendable {
  private struct State {
    var delegate = WeakProviderDelegate()
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
    let delegate = WeakProviderDelegate(delegate)
    state.withLock {
      $0.delegate = delegate
      $0.queue = queue
    }
  }

  /// Reports a new incoming call: the system shows the incoming-call UI, or refuses the call
  /// and passes `completion` a ``CXErrorCodeIncomingCallError``: `callUUIDAlreadyExists` for
  /// the UUID of a call not ended, `unknown` when ``CXProviderConfiguration/maximumCallGroups``
  /// calls are already going (each incoming call is a group of its own until the user merges
  /// it). Report every VoIP push this way, before PushKit's completion (Rules.md §14).
  open func reportNewIncomingCall(
    with UUID: UUID, update: CXCallUpdate, completion: @escaping ((any Error)?) -> Void
  ) {
    // Apple declares the completion without `@Sendable`, so apps call PushKit's (non-sendable)
    // completion from it; CallKit runs it once, on the delegate's queue.
    let completion = CompletionBox(completion)
    let call = IncomingCallReport(
      uuid: UUID, handle: update.remoteHandle?.value,
      handleType: update.remoteHandle?.type.rawValue, callerName: update.localizedCallerName,
      hasVideo: update.hasVideo, supportsVideo: configuration.supportsVideo,
      maximumCallGroups: configuration.maximumCallGroups)
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
    if let queue = state.withLock({ $0.queue }) { queue.async(execute: body) } else { body() }
  }
}

/// The delegate, held weakly, handed across threads as iOS does (the app's object).
private struct WeakProviderDelegate: @unchecked Sendable {
  weak var value: (any CXProviderDelegate)?
  init(_ value: (any CXProviderDelegate)? = nil) { self.value = value }
}

/// The app's completion, handed to the queue that runs it.
private struct CompletionBox: @unchecked Sendable {
  let value: ((any Error)?) -> Void
  init(_ value: @escaping ((any Error)?) -> Void) { self.value = value }
}

/// An incoming call as the app reported it.
package struct IncomingCallReport: Sendable {
  package var uuid: UUID
  package var handle: String?
  package var handleType: Int?
  package var callerName: String?
  package var hasVideo: Bool
  package var supportsVideo: Bool
  /// The provider's ``CXProviderConfiguration/maximumCallGroups``, as the report was made.
  package var maximumCallGroups: Int
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
  @TaskLocal package static var backend: (any CallKitBackend)?
}

/// CallKit outside any device: calls show at once unless their UUID is already active or the
/// provider's call groups are all taken (Rules.md §14).
final class StandaloneCallKitBackend: CallKitBackend {
  private let active = Mutex<Set<UUID>>([])

  func reportNewIncomingCall(
    _ call: IncomingCallReport,
    answer: @escaping @Sendable (CXErrorCodeIncomingCallError.Code?) -> Void
  ) {
    let refusal = active.withLock { active -> CXErrorCodeIncomingCallError.Code? in
      guard !active.contains(call.uuid) else { return .callUUIDAlreadyExists }
      guard active.count < max(1, call.maximumCallGroups) else { return .unknown }
      active.insert(call.uuid)
      return nil
    }
    answer(refusal)
  }

  func reportCallEnded(_ uuid: UUID, reason: Int) {
    _ = active.withLock { $0.remove(uuid) }
  }
}
