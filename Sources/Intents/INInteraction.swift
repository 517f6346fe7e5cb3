internal import PushSimHosting
import Synchronization
internal import UserNotifications

/// An intent and its outcome, donated to the system (`INInteraction`).
///
/// A messaging app's service extension wraps an incoming message's `INSendMessageIntent` in one,
/// sets ``direction`` to `.incoming` and calls ``donate(completion:)`` before updating the
/// notification's content from the intent (Behavior §13.2). On a simulated device the
/// donation always succeeds and is logged as `intent.donated` (Rules.md §16).
open class INInteraction: NSObject {
  /// The intent.
  public let intent: INIntent
  /// The system's answer to it (`nil` for a communication donation).
  public let intentResponse: INIntentResponse?
  private let state = Mutex(State())

  private struct State {
    var direction = INInteractionDirection.unspecified
    var identifier = UUID().uuidString
    var groupIdentifier: String?
    var dateInterval: DateInterval?
  }

  /// An interaction of `intent` with its response, if any.
  public init(intent: INIntent, response: INIntentResponse?) {
    self.intent = intent
    self.intentResponse = response
    super.init()
  }

  /// Whether the user sent (`.outgoing`) or received (`.incoming`) the interaction.
  open var direction: INInteractionDirection {
    get { state.withLock { $0.direction } }
    set { state.withLock { $0.direction = newValue } }
  }

  /// The interaction's identifier (a UUID unless set).
  open var identifier: String {
    get { state.withLock { $0.identifier } }
    set { state.withLock { $0.identifier = newValue } }
  }

  /// The group the interaction belongs to, for deleting donations together.
  open var groupIdentifier: String? {
    get { state.withLock { $0.groupIdentifier } }
    set { state.withLock { $0.groupIdentifier = newValue } }
  }

  /// When the interaction took place.
  open var dateInterval: DateInterval? {
    get { state.withLock { $0.dateInterval } }
    set { state.withLock { $0.dateInterval = newValue } }
  }

  /// Donates the interaction; `completion` runs afterwards, on another thread, with `nil` (a
  /// simulated device accepts every donation).
  open func donate(completion: (((any Error)?) -> Void)? = nil) {
    recordDonation()
    guard let completion else { return }
    let box = Unchecked(completion)
    // The callback runs in the caller's process (its extension run), as a system callback does.
    DispatchQueue.global().async { box.value(nil) }
  }

  /// Donates the interaction.
  open func donate() async throws {
    recordDonation()
  }

  /// Deletes donated interactions by identifier (nothing is kept on Linux).
  open class func delete(
    with interactionIdentifiers: [String], completion: (((any Error)?) -> Void)? = nil
  ) {
    completion?(nil)
  }

  /// Deletes donated interactions of a group (nothing is kept on Linux).
  open class func delete(
    with groupIdentifier: String, completion: (((any Error)?) -> Void)? = nil
  ) {
    completion?(nil)
  }

  /// Deletes every donated interaction of the app (nothing is kept on Linux).
  open class func deleteAll(completion: (((any Error)?) -> Void)? = nil) {
    completion?(nil)
  }

  /// Logs `intent.donated` on the device running the caller.
  private func recordDonation() {
    let className = String(describing: type(of: intent))
    let direction = direction
    HostedEvents.record(.intentDonated(intent: className, direction: direction.name))
  }
}

/// Whether the user sent or received an interaction (`INInteractionDirection`).
public enum INInteractionDirection: Int, Sendable, Hashable {
  /// Not said.
  case unspecified = 0
  /// The user sent it.
  case outgoing = 1
  /// The user received it.
  case incoming = 2

  /// The case's name, for the device's events.
  var name: String {
    switch self {
    case .unspecified: "unspecified"
    case .outgoing: "outgoing"
    case .incoming: "incoming"
    }
  }
}
