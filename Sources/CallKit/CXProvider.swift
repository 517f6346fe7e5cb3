public import Dispatch
public import Foundation
package import PushSimHosting
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
    self.backend = CallKitHosting.backend ?? StandaloneCallKitBackend.shared
    super.init()
    backend.register(self)
  }

  /// Sets the delegate (held weakly) and the queue its methods and the report completions run
  /// on (`nil`: the main queue on iOS; here a thread of its own for a report's completion, the
  /// thread the answer arrives on for the delegate's methods).
  open func setDelegate(_ delegate: (any CXProviderDelegate)?, queue: DispatchQueue?) {
    let delegate = Weak<any CXProviderDelegate>(delegate)
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
    let completion = Unchecked(completion)
    let call = IncomingCallReport(
      uuid: UUID, handle: update.remoteHandle?.value,
      handleType: update.remoteHandle?.type.rawValue, callerName: update.localizedCallerName,
      hasVideo: update.hasVideo, supportsVideo: configuration.supportsVideo,
      maximumCallGroups: configuration.maximumCallGroups, provider: ObjectIdentifier(self))
    backend.reportNewIncomingCall(call) { [self] code in
      let error = code.map { CXErrorCodeIncomingCallError($0) }
      onDelegateQueue(orOwnThread: "reportNewIncomingCall completion") { completion.value(error) }
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

  /// Reports that an outgoing call started connecting (`nil` date: now); the simulated device
  /// logs `callkit.outgoing` (Rules.md §14).
  open func reportOutgoingCall(with UUID: UUID, startedConnectingAt dateStartedConnecting: Date?) {
    backend.reportOutgoingCall(UUID, connected: false)
  }

  /// Reports that an outgoing call connected (`nil` date: now): both sides can talk.
  open func reportOutgoingCall(with UUID: UUID, connectedAt dateConnected: Date?) {
    backend.reportOutgoingCall(UUID, connected: true)
  }

  /// Hands a VoIP push's payload to CallKit from a notification service extension (iOS 14.5),
  /// which decrypted an `alert` push that is a call invitation: the system launches the app
  /// and delivers the payload to its PushKit delegate as a VoIP push, which must report the
  /// call (Rules.md §14). `completion` runs once the system allowed the payload (`nil`) or
  /// refused it (``CXErrorCodeNotificationServiceExtensionError``).
  ///
  /// On a simulated device the extension the device runs gets `nil` when the app has the
  /// `filtering` entitlement, else `missingNotificationFilteringEntitlement`; code that is no
  /// extension's run (outside a device, or after the run is over) gets `invalidClientProcess`,
  /// as Apple documents. The call must be made from the extension's method, or a task it
  /// starts (Rules.md §14).
  open class func reportNewIncomingVoIPPushPayload(
    _ dictionaryPayload: [AnyHashable: Any],
    completion: (@Sendable ((any Error)?) -> Void)? = nil
  ) {
    let reply: @Sendable (CXErrorCodeNotificationServiceExtensionError.Code?) -> Void = { code in
      completion?(code.map { CXErrorCodeNotificationServiceExtensionError($0) })
    }
    guard let reporter = CallKitHosting.serviceExtension else {
      return reply(.invalidClientProcess)
    }
    reporter.reportVoIPPayload(Unchecked(dictionaryPayload), answer: reply)
  }

  /// Hands a VoIP push's payload to CallKit from a notification service extension (iOS 14.5).
  ///
  /// - Throws: ``CXErrorCodeNotificationServiceExtensionError`` when the system refused it.
  open class func reportNewIncomingVoIPPushPayload(_ dictionaryPayload: [AnyHashable: Any])
    async throws
  {
    let payload = Unchecked(dictionaryPayload)
    let error: CXErrorCodeNotificationServiceExtensionError? = await withCheckedContinuation {
      continuation in
      reportNewIncomingVoIPPushPayload(payload.value) {
        continuation.resume(returning: $0 as? CXErrorCodeNotificationServiceExtensionError)
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

  /// Hands an accepted transaction to the delegate, on its queue: `provider(_:execute:)`, then,
  /// unless it returned `true`, `provider(_:perform:)` for each action.
  package func perform(_ transaction: CXTransaction) {
    let transaction = Unchecked(transaction)
    onDelegateQueue { [self] in
      guard let delegate = state.withLock({ $0.delegate }).value else { return }
      guard !delegate.provider(self, execute: transaction.value) else { return }
      for action in transaction.value.actions {
        switch action {
        case let start as CXStartCallAction: delegate.provider(self, perform: start)
        case let answer as CXAnswerCallAction: delegate.provider(self, perform: answer)
        case let end as CXEndCallAction: delegate.provider(self, perform: end)
        case let held as CXSetHeldCallAction: delegate.provider(self, perform: held)
        case let muted as CXSetMutedCallAction: delegate.provider(self, perform: muted)
        default: break
        }
      }
    }
  }

  /// Runs `body` on the delegate's queue; without one, on the calling thread, or on a thread
  /// of its own (``AppThread/deliver(_:_:)``) when `name` is given: a report's completion,
  /// which must not run in the queue that carries the app's reports to the device.
  private func onDelegateQueue(
    orOwnThread name: String? = nil, _ body: @escaping @Sendable () -> Void
  ) {
    let process = AppProcess.current
    if let queue = state.withLock({ $0.queue }) {
      queue.async { process.bind(body) }
    } else if let name {
      AppThread.deliver(name, body)
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
  /// The provider's ``CXProviderConfiguration/maximumCallGroups``, as the report was made.
  package var maximumCallGroups: Int
  /// The provider that reported it (outside a device, its groups are its own).
  package var provider: ObjectIdentifier? = nil
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
  /// The app reported an outgoing call's progress: started connecting, or `connected`.
  func reportOutgoingCall(_ uuid: UUID, connected: Bool)
  /// The app requested a transaction of `actions` (`CXCallController`); `answer` runs once with
  /// the refusal's code, or `nil` when the actions go to the provider.
  func requestTransaction(
    _ actions: [CallActionRequest],
    answer: @escaping @Sendable (CXErrorCodeRequestTransactionError.Code?) -> Void)
  /// A provider was made with this backend.
  func register(_ provider: CXProvider)
  /// The providers made with this backend and still alive, oldest first.
  var providers: [CXProvider] { get }
}

/// A service extension's link to CallKit while the device runs it (bound by the host around
/// the extension's methods): where `reportNewIncomingVoIPPushPayload` goes.
package protocol VoIPPayloadReporter: Sendable {
  /// The extension handed `payload` over; `answer` runs once with the refusal's code, or `nil`.
  func reportVoIPPayload(
    _ payload: Unchecked<[AnyHashable: Any]>,
    answer: @escaping @Sendable (CXErrorCodeNotificationServiceExtensionError.Code?) -> Void)
}

/// The providers made with one backend, held weakly.
package final class ProviderList: Sendable {
  private let entries = Mutex<[WeakProvider]>([])

  private struct WeakProvider: @unchecked Sendable {
    // @unchecked: a weak reference, read under the list's lock.
    weak var provider: CXProvider?
  }

  /// An empty list.
  package init() {}

  /// Adds `provider`.
  package func add(_ provider: CXProvider) {
    entries.withLock { entries in
      entries.removeAll { $0.provider == nil }
      entries.append(WeakProvider(provider: provider))
    }
  }

  /// The providers still alive, oldest first.
  package var all: [CXProvider] { entries.withLock { $0.compactMap(\.provider) } }
}

/// The backend providers made now take (bound by the host around the app's launch code).
package enum CallKitHosting {
  /// The backend of the device whose app code is running; `nil` outside a device.
  package static var backend: (any CallKitBackend)? { AppProcess[BackendSlot.self] }

  /// The process slot of ``backend``.
  fileprivate enum BackendSlot: ProcessSlot {
    static var defaultValue: (any CallKitBackend)? { nil }
  }

  /// The link of the service extension whose code is running; `nil` elsewhere.
  package static var serviceExtension: (any VoIPPayloadReporter)? {
    AppProcess[ServiceExtensionSlot.self]
  }

  /// The process slot of ``serviceExtension``.
  fileprivate enum ServiceExtensionSlot: ProcessSlot {
    static var defaultValue: (any VoIPPayloadReporter)? { nil }
  }
}

/// CallKit outside any device, one for the process: calls show at once unless their UUID is
/// already active or the provider's call groups are all taken (Rules.md §14); transactions are
/// checked against the active calls as the device checks them.
final class StandaloneCallKitBackend: CallKitBackend {
  /// The process's backend.
  static let shared = StandaloneCallKitBackend()

  /// The calls going: each one's provider.
  private let active = Mutex<[UUID: ObjectIdentifier?]>([:])
  private let list = ProviderList()

  var providers: [CXProvider] { list.all }

  func register(_ provider: CXProvider) { list.add(provider) }

  func reportOutgoingCall(_ uuid: UUID, connected: Bool) {}

  func requestTransaction(
    _ actions: [CallActionRequest],
    answer: @escaping @Sendable (CXErrorCodeRequestTransactionError.Code?) -> Void
  ) {
    let refusal = active.withLock { active -> CXErrorCodeRequestTransactionError.Code? in
      var going = active
      for action in actions {
        switch action.kind {
        case .start:
          guard going.updateValue(nil, forKey: action.uuid) == nil else {
            return .callUUIDAlreadyExists
          }
        case .end:
          guard going.removeValue(forKey: action.uuid) != nil else { return .unknownCallUUID }
        case .answer, .setHeld, .setMuted:
          guard going[action.uuid] != nil else { return .unknownCallUUID }
        }
      }
      active = going
      return nil
    }
    answer(refusal)
  }

  func reportNewIncomingCall(
    _ call: IncomingCallReport,
    answer: @escaping @Sendable (CXErrorCodeIncomingCallError.Code?) -> Void
  ) {
    let refusal = active.withLock { active -> CXErrorCodeIncomingCallError.Code? in
      guard active[call.uuid] == nil else { return .callUUIDAlreadyExists }
      let groups = active.values.count { $0 == call.provider }
      guard groups < max(1, call.maximumCallGroups) else { return .unknown }
      active[call.uuid] = call.provider
      return nil
    }
    answer(refusal)
  }

  func reportCallEnded(_ uuid: UUID, reason: Int) {
    _ = active.withLock { $0.removeValue(forKey: uuid) }
  }
}

extension AppProcess {
  /// The CallKit backend of this process (``CallKitHosting/backend``): set it on a process the
  /// host binds once around a call into the app's code.
  package var callKitBackend: (any CallKitBackend)? {
    get { self[CallKitHosting.BackendSlot.self] }
    set { self[CallKitHosting.BackendSlot.self] = newValue }
  }

  /// The service extension's link to CallKit in this process
  /// (``CallKitHosting/serviceExtension``).
  package var voipPayloadReporter: (any VoIPPayloadReporter)? {
    get { self[CallKitHosting.ServiceExtensionSlot.self] }
    set { self[CallKitHosting.ServiceExtensionSlot.self] = newValue }
  }
}
