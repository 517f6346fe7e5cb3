public import Foundation
import Synchronization

/// The app's answers to CallKit (`CXProviderDelegate`). `providerDidReset(_:)` is required, as
/// in Apple's SDK; the others are optional there and have do-nothing defaults here (an action
/// the app does not handle is left unfulfilled). The actions the app requests through
/// `CXCallController` reach these methods; the simulated device never answers or ends a call
/// itself (the user's taps are not modelled).
public protocol CXProviderDelegate: NSObjectProtocol {
  /// The provider was reset: end every call and free its resources.
  func providerDidReset(_ provider: CXProvider)
  /// The provider is ready.
  func providerDidBegin(_ provider: CXProvider)
  /// A transaction the app requested (`CXCallController`) is to be performed: return `true`
  /// when the delegate performs its actions itself, `false` (the default) to have each action
  /// handed to the matching `provider(_:perform:)`.
  func provider(_ provider: CXProvider, execute transaction: CXTransaction) -> Bool
  /// An outgoing call starts: connect, call `reportOutgoingCall(with:startedConnectingAt:)`,
  /// then `action.fulfill()`.
  func provider(_ provider: CXProvider, perform action: CXStartCallAction)
  /// A call is put on hold, or taken off it.
  func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction)
  /// A call is muted, or unmuted.
  func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction)
  /// The user answered an incoming call: connect, then `action.fulfill()`.
  func provider(_ provider: CXProvider, perform action: CXAnswerCallAction)
  /// A call ends: hang up, then `action.fulfill()`.
  func provider(_ provider: CXProvider, perform action: CXEndCallAction)
  /// An action timed out; do not fulfil or fail it.
  func provider(_ provider: CXProvider, timedOutPerforming action: CXAction)
}

extension CXProviderDelegate {
  /// Not implemented by the app: nothing happens.
  public func providerDidBegin(_ provider: CXProvider) {}
  /// Not implemented by the app: each action goes to its `provider(_:perform:)`.
  public func provider(_ provider: CXProvider, execute transaction: CXTransaction) -> Bool {
    false
  }
  /// Not implemented by the app: the action stays unfulfilled.
  public func provider(_ provider: CXProvider, perform action: CXStartCallAction) {}
  /// Not implemented by the app: the action stays unfulfilled.
  public func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {}
  /// Not implemented by the app: the action stays unfulfilled.
  public func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {}
  /// Not implemented by the app: the action stays unfulfilled.
  public func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {}
  /// Not implemented by the app: the action stays unfulfilled.
  public func provider(_ provider: CXProvider, perform action: CXEndCallAction) {}
  /// Not implemented by the app: nothing happens.
  public func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {}
}

/// Something the system asks the app to do (`CXAction`): the app fulfils or fails it once;
/// later calls have no effect.
open class CXAction: NSObject, @unchecked Sendable {
  private let completed = Mutex(false)
  /// The action's identifier.
  public let uuid = UUID()
  /// When the action times out (30 s after it was made; the timeout is not modelled).
  public let timeoutDate: Date

  /// Creates an action.
  public override init() {
    self.timeoutDate = Date().addingTimeInterval(30)
    super.init()
  }

  /// Whether ``fulfill()`` or ``fail()`` was called.
  open var isComplete: Bool { completed.withLock { $0 } }

  /// The app did what was asked.
  open func fulfill() {
    completed.withLock { $0 = true }
  }

  /// The app could not do what was asked.
  open func fail() {
    completed.withLock { $0 = true }
  }
}

/// An action on one call (`CXCallAction`).
open class CXCallAction: CXAction, @unchecked Sendable {
  /// The call's UUID.
  public let callUUID: UUID

  /// Creates an action on the call `callUUID`.
  public init(call callUUID: UUID) {
    self.callUUID = callUUID
    super.init()
  }
}

/// The user answered an incoming call (`CXAnswerCallAction`).
open class CXAnswerCallAction: CXCallAction, @unchecked Sendable {
  /// Fulfils the action with the time the call connected.
  open func fulfill(withDateConnected dateConnected: Date) { fulfill() }
}

/// A call ends (`CXEndCallAction`).
open class CXEndCallAction: CXCallAction, @unchecked Sendable {
  /// Fulfils the action with the time the call ended.
  open func fulfill(withDateEnded dateEnded: Date) { fulfill() }
}

/// An outgoing call starts (`CXStartCallAction`): the app requests it through
/// `CXCallController`, and its provider's delegate connects the call.
open class CXStartCallAction: CXCallAction, @unchecked Sendable {
  /// Who is called.
  open var handle: CXHandle
  /// The contact called, if the app knows it.
  open var contactIdentifier: String?
  /// Whether the call has video.
  open var isVideo = false

  /// Creates an action that calls `handle`, as the call `callUUID`.
  public init(call callUUID: UUID, handle: CXHandle) {
    self.handle = handle
    super.init(call: callUUID)
  }

  /// Fulfils the action with the time the call started.
  open func fulfill(withDateStarted dateStarted: Date) { fulfill() }
}

/// A call is put on hold or taken off it (`CXSetHeldCallAction`).
open class CXSetHeldCallAction: CXCallAction, @unchecked Sendable {
  /// Whether the call is to be on hold.
  open var isOnHold: Bool

  /// Creates an action that puts the call `callUUID` on hold (`onHold`) or resumes it.
  public init(call callUUID: UUID, onHold: Bool) {
    self.isOnHold = onHold
    super.init(call: callUUID)
  }
}

/// A call is muted or unmuted (`CXSetMutedCallAction`).
open class CXSetMutedCallAction: CXCallAction, @unchecked Sendable {
  /// Whether the call is to be muted.
  open var isMuted: Bool

  /// Creates an action that mutes the call `callUUID` (`muted`) or unmutes it.
  public init(call callUUID: UUID, muted: Bool) {
    self.isMuted = muted
    super.init(call: callUUID)
  }
}
