import Synchronization

/// What a donated message means for the device's user (`INSendMessageIntentDonationMetadata`,
/// iOS 15), set as the intent's `donationMetadata`.
///
/// ``recipientCount`` overrides the count of the intent's recipients (a group's size without
/// listing everyone); the other properties are kept on the notification (Rules.md §16).
open class INSendMessageIntentDonationMetadata: INIntentDonationMetadata, @unchecked Sendable {
  private let state = Mutex(State())

  private struct State {
    var mentionsCurrentUser = false
    var isReplyToCurrentUser = false
    var notifyRecipientAnyway = false
    var recipientCount = 0
  }

  /// Metadata with every property `false` or 0 (Apple does not document the defaults).
  public override init() { super.init() }

  /// A copy with these values as they are now (`NSCopying`).
  open override func copy(with zone: NSZone? = nil) -> Any {
    let copy = INSendMessageIntentDonationMetadata()
    let values = state.withLock { $0 }
    copy.state.withLock { $0 = values }
    return copy
  }

  /// Whether the message mentions the device's user.
  open var mentionsCurrentUser: Bool {
    get { state.withLock { $0.mentionsCurrentUser } }
    set { state.withLock { $0.mentionsCurrentUser = newValue } }
  }

  /// Whether the message replies to the device's user.
  open var isReplyToCurrentUser: Bool {
    get { state.withLock { $0.isReplyToCurrentUser } }
    set { state.withLock { $0.isReplyToCurrentUser = newValue } }
  }

  /// Whether the sender asked to notify the user even in a Focus.
  open var notifyRecipientAnyway: Bool {
    get { state.withLock { $0.notifyRecipientAnyway } }
    set { state.withLock { $0.notifyRecipientAnyway = newValue } }
  }

  /// How many people the message went to; 0 leaves the count to the intent's recipients.
  open var recipientCount: Int {
    get { state.withLock { $0.recipientCount } }
    set { state.withLock { $0.recipientCount = newValue } }
  }
}
