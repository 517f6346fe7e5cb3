public import Foundation
import Synchronization

/// The app's answers to CallKit (`CXProviderDelegate`). `providerDidReset(_:)` is required, as
/// in Apple's SDK; the others are optional there and have do-nothing defaults here (an action
/// the app does not handle is left unfulfilled). The simulated device reports incoming calls;
/// it does not answer or end them itself.
public protocol CXProviderDelegate: NSObjectProtocol {
  /// The provider was reset: end every call and free its resources.
  func providerDidReset(_ provider: CXProvider)
  /// The provider is ready.
  func providerDidBegin(_ provider: CXProvider)
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
  /// When the action was made.
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
