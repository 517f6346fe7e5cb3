public import Dispatch
public import Foundation
internal import PushSimHosting
import Synchronization

/// The app's way to act on calls (`CXCallController`): it requests transactions of actions
/// (start an outgoing call, answer, end, hold, mute), which the system checks and hands to the
/// app's `CXProvider` delegate.
///
/// A controller made in the app's launch code on a simulated device (PushSimAppHost), as the
/// provider is, is that device's: the device checks each transaction against the calls going
/// and logs each action (`callkit.action`, Rules.md §14); outside a device the calls the
/// process reported are checked the same way. The completion runs on the controller's queue,
/// then the app's provider (the newest one alive) has its delegate get `provider(_:execute:)`
/// and, unless it returns `true`, `provider(_:perform:)` for each action, on the provider's
/// delegate queue. The call observer
/// (`callObserver`) is not re-created.
open class CXCallController: NSObject, @unchecked Sendable {
  // @unchecked: immutable.
  private let queue: DispatchQueue
  private let backend: any CallKitBackend

  /// Creates a controller whose completions run on a private serial queue.
  public convenience override init() {
    self.init(queue: DispatchQueue(label: "CXCallController"))
  }

  /// Creates a controller whose completions run on `queue`.
  public init(queue: DispatchQueue) {
    self.queue = queue
    self.backend = CallKitHosting.backend ?? StandaloneCallKitBackend.shared
    super.init()
  }

  /// Requests that `transaction`'s actions be performed; `completion` gets `nil` when the
  /// system accepted them, else a ``CXErrorCodeRequestTransactionError``.
  open func request(
    _ transaction: CXTransaction, completion: @escaping @Sendable ((any Error)?) -> Void
  ) {
    let (queue, backend) = (queue, backend)
    let reply: @Sendable (CXErrorCodeRequestTransactionError.Code?) -> Void = { code in
      queue.async { completion(code.map { CXErrorCodeRequestTransactionError($0) }) }
    }
    let actions = transaction.actions
    guard !actions.isEmpty else { return reply(.emptyTransaction) }
    var requests: [CallActionRequest] = []
    for action in actions {
      guard let request = CallActionRequest(action) else { return reply(.invalidAction) }
      requests.append(request)
    }
    guard let provider = backend.providers.last else { return reply(.unknownCallProvider) }
    let handed = Unchecked(transaction)
    backend.requestTransaction(requests) { code in
      reply(code)
      if code == nil { provider.perform(handed.value) }
    }
  }

  /// Requests that `transaction`'s actions be performed.
  ///
  /// - Throws: ``CXErrorCodeRequestTransactionError`` when the system refused them.
  open func request(_ transaction: CXTransaction) async throws {
    let error: CXErrorCodeRequestTransactionError? = await withCheckedContinuation {
      continuation in
      request(transaction) {
        continuation.resume(returning: $0 as? CXErrorCodeRequestTransactionError)
      }
    }
    if let error { throw error }
  }

  /// Requests a transaction of `actions` (iOS 11).
  open func requestTransaction(
    with actions: [CXAction], completion: @escaping @Sendable ((any Error)?) -> Void
  ) {
    request(CXTransaction(actions: actions), completion: completion)
  }

  /// Requests a transaction of `actions` (iOS 11).
  ///
  /// - Throws: ``CXErrorCodeRequestTransactionError`` when the system refused them.
  open func requestTransaction(with actions: [CXAction]) async throws {
    try await request(CXTransaction(actions: actions))
  }

  /// Requests a transaction of one action (iOS 11).
  open func requestTransaction(
    with action: CXAction, completion: @escaping @Sendable ((any Error)?) -> Void
  ) {
    request(CXTransaction(action: action), completion: completion)
  }

  /// Requests a transaction of one action (iOS 11).
  ///
  /// - Throws: ``CXErrorCodeRequestTransactionError`` when the system refused it.
  open func requestTransaction(with action: CXAction) async throws {
    try await request(CXTransaction(action: action))
  }
}

/// Actions requested together (`CXTransaction`): the system accepts or refuses them as one.
open class CXTransaction: NSObject, @unchecked Sendable {
  // @unchecked: the actions sit behind a `Mutex`.
  /// The transaction's identifier.
  public let uuid = UUID()
  private let stored: Mutex<[CXAction]>

  /// Creates a transaction of `actions`.
  public init(actions: [CXAction]) {
    stored = Mutex(actions)
    super.init()
  }

  /// Creates a transaction of one action.
  public convenience init(action: CXAction) {
    self.init(actions: [action])
  }

  /// The actions, in the order added.
  open var actions: [CXAction] { stored.withLock { $0 } }

  /// Whether every action was fulfilled or failed.
  open var isComplete: Bool { actions.allSatisfy(\.isComplete) }

  /// Adds `action`.
  open func addAction(_ action: CXAction) {
    stored.withLock { $0.append(action) }
  }
}

/// Why the system refused a transaction (`CXErrorCodeRequestTransactionError`, domain
/// `com.apple.CallKit.error.requesttransaction`).
public struct CXErrorCodeRequestTransactionError: Error, Hashable, Sendable, CustomNSError {
  /// The codes (raw values as Apple's header).
  public enum Code: Int, Sendable {
    /// An unknown error.
    case unknown = 0
    /// The app isn't entitled to request transactions.
    case unentitled = 1
    /// The app has no provider to perform the transaction.
    case unknownCallProvider = 2
    /// The transaction has no actions.
    case emptyTransaction = 3
    /// An action names a call that is not going.
    case unknownCallUUID = 4
    /// A new call's UUID is already a call's.
    case callUUIDAlreadyExists = 5
    /// An action is not one the system performs.
    case invalidAction = 6
    /// Too many call groups.
    case maximumCallGroupsReached = 7
  }

  /// The error domain, `com.apple.CallKit.error.requesttransaction`.
  public static let errorDomain = "com.apple.CallKit.error.requesttransaction"

  /// The code.
  public let code: Code

  /// Creates the error of `code`.
  public init(_ code: Code) {
    self.code = code
  }

  /// The code's raw value (`(error as NSError).code`).
  public var errorCode: Int { code.rawValue }

  /// An unknown error.
  public static var unknown: Code { .unknown }
  /// The app isn't entitled.
  public static var unentitled: Code { .unentitled }
  /// No provider.
  public static var unknownCallProvider: Code { .unknownCallProvider }
  /// No actions.
  public static var emptyTransaction: Code { .emptyTransaction }
  /// A call that is not going.
  public static var unknownCallUUID: Code { .unknownCallUUID }
  /// A UUID already in use.
  public static var callUUIDAlreadyExists: Code { .callUUIDAlreadyExists }
  /// An action the system does not perform.
  public static var invalidAction: Code { .invalidAction }
  /// Too many call groups.
  public static var maximumCallGroupsReached: Code { .maximumCallGroupsReached }
}

/// Why CallKit refused a VoIP payload a notification service extension handed over
/// (`CXErrorCodeNotificationServiceExtensionError`, iOS 14.5, domain
/// `com.apple.CallKit.error.notificationserviceextension`).
public struct CXErrorCodeNotificationServiceExtensionError: Error, Hashable, Sendable,
  CustomNSError
{
  /// The codes (raw values as Apple's header).
  public enum Code: Int, Sendable {
    /// An unknown error.
    case unknown = 0
    /// The caller is not a notification service extension handling a request.
    case invalidClientProcess = 1
    /// The extension lacks `com.apple.developer.usernotifications.filtering`.
    case missingNotificationFilteringEntitlement = 2
  }

  /// The error domain, `com.apple.CallKit.error.notificationserviceextension`.
  public static let errorDomain = "com.apple.CallKit.error.notificationserviceextension"

  /// The code.
  public let code: Code

  /// Creates the error of `code`.
  public init(_ code: Code) {
    self.code = code
  }

  /// The code's raw value (`(error as NSError).code`).
  public var errorCode: Int { code.rawValue }

  /// An unknown error.
  public static var unknown: Code { .unknown }
  /// The caller is not a notification service extension handling a request.
  public static var invalidClientProcess: Code { .invalidClientProcess }
  /// The extension lacks the filtering entitlement.
  public static var missingNotificationFilteringEntitlement: Code {
    .missingNotificationFilteringEntitlement
  }
}

/// A call action as the backend sees it: what it does, on which call.
package struct CallActionRequest: Sendable, Equatable {
  /// What an action does.
  package enum Kind: String, Sendable {
    /// `CXStartCallAction`.
    case start
    /// `CXAnswerCallAction`.
    case answer
    /// `CXEndCallAction`.
    case end
    /// `CXSetHeldCallAction`.
    case setHeld
    /// `CXSetMutedCallAction`.
    case setMuted
  }

  /// What the action does.
  package var kind: Kind
  /// The call's UUID.
  package var uuid: UUID
  /// The handle called (`start`).
  package var handle: String?
  /// Whether the call has video (`start`).
  package var isVideo = false
  /// On hold (`setHeld`) or muted (`setMuted`).
  package var value = false

  /// The request of `action`, or `nil` for an action the system does not perform.
  init?(_ action: CXAction) {
    switch action {
    case let start as CXStartCallAction:
      self.init(kind: .start, uuid: start.callUUID)
      handle = start.handle.value
      isVideo = start.isVideo
    case let answer as CXAnswerCallAction: self.init(kind: .answer, uuid: answer.callUUID)
    case let end as CXEndCallAction: self.init(kind: .end, uuid: end.callUUID)
    case let held as CXSetHeldCallAction:
      self.init(kind: .setHeld, uuid: held.callUUID)
      value = held.isOnHold
    case let muted as CXSetMutedCallAction:
      self.init(kind: .setMuted, uuid: muted.callUUID)
      value = muted.isMuted
    default: return nil
    }
  }

  /// A request of `kind` on `uuid`.
  package init(kind: Kind, uuid: UUID) {
    self.kind = kind
    self.uuid = uuid
  }
}
