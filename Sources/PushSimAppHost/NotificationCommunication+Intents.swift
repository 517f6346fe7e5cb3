import Intents
import PushDevice
import UserNotifications

// The communication part of a notification from the intent its content was updated from
// (`updating(from:)`, Rules.md §16).

extension NotificationCommunication {
  /// The communication part a content's source gives: the device's own value, or what the frozen
  /// intent holds; `nil` for an intent that cannot make one (a message without a sender, a
  /// call without a contact: `updating(from:)` refused those).
  init?(_ source: CommunicationSource) {
    switch source.origin {
    case .device(let value):
      guard let communication = value as? NotificationCommunication else { return nil }
      self = communication
    case .intent(let message as INSendMessageIntent):
      self.init(message: message)
    case .intent(let call as INStartCallIntent):
      self.init(call: call)
    case .intent:
      return nil
    }
  }

  /// The message's sender, conversation, group and avatars; `nil` without a sender (an
  /// outgoing message cannot be shown as received).
  init?(message intent: INSendMessageIntent) {
    guard let sender = intent.sender else { return nil }
    let metadata = intent.donationMetadata as? INSendMessageIntentDonationMetadata
    let listed = (intent.recipients ?? []).filter { !$0.isMe }.count + 1
    self.init(
      kind: .message, sender: CommunicationPerson(sender),
      conversationIdentifier: intent.conversationIdentifier,
      groupName: intent.speakableGroupName?.spokenPhrase,
      groupAvatar: intent.image(forParameter: "speakableGroupName").map(CommunicationAvatar.init),
      recipientCount: metadata.map { $0.recipientCount > 0 ? $0.recipientCount : listed }
        ?? listed)
    mentionsCurrentUser = metadata?.mentionsCurrentUser ?? false
    isReplyToCurrentUser = metadata?.isReplyToCurrentUser ?? false
    notifyRecipientAnyway = metadata?.notifyRecipientAnyway ?? false
  }

  /// The caller (the first contact) and, for a group call, the call record's image; `nil`
  /// without contacts.
  init?(call intent: INStartCallIntent) {
    guard let caller = intent.caller else { return nil }
    self.init(
      kind: .call, sender: CommunicationPerson(caller),
      groupAvatar: intent.image(forParameter: "callRecordToCallBack").map(
        CommunicationAvatar.init),
      recipientCount: (intent.contacts ?? []).filter { !$0.isMe }.count)
  }
}

extension CommunicationPerson {
  /// The person as the device keeps them.
  init(_ person: INPerson) {
    let type: String =
      switch person.personHandle?.type {
      case .emailAddress?: "emailAddress"
      case .phoneNumber?: "phoneNumber"
      default: "unknown"
      }
    self.init(
      displayName: person.displayName, handle: person.personHandle?.value, handleType: type,
      contactIdentifier: person.contactIdentifier, customIdentifier: person.customIdentifier,
      avatar: person.image.map(CommunicationAvatar.init))
  }
}

extension CommunicationAvatar {
  /// The image as the device keeps it: how it was made, its name and its bytes.
  init(_ image: INImage) {
    let contents = image.contents
    let source: Source =
      switch contents.source {
      case .data: .data
      case .file: .file
      case .named: .named
      case .system: .system
      }
    self.init(source: source, name: contents.name, data: contents.data)
  }
}
