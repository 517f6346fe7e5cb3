package import PushDevice
internal import UserNotifications

// The intents `updating(from:)` accepts (Rules.md §16): the communication part of a
// notification from what the intent holds.

extension INSendMessageIntent: NotificationCommunicationProviding {
  package var intentClassName: String { "INSendMessageIntent" }

  /// The message's sender, conversation, group and avatars; `nil` without a sender (an
  /// outgoing message cannot be shown as received).
  package var notificationCommunication: NotificationCommunication? {
    guard let sender else { return nil }
    let metadata = donationMetadata as? INSendMessageIntentDonationMetadata
    let listed = (recipients ?? []).filter { !$0.isMe }.count + 1
    var communication = NotificationCommunication(
      kind: .message, sender: sender.communicationPerson,
      conversationIdentifier: conversationIdentifier,
      groupName: speakableGroupName?.spokenPhrase,
      groupAvatar: image(forParameter: "speakableGroupName")?.avatar,
      recipientCount: metadata.map { $0.recipientCount > 0 ? $0.recipientCount : listed }
        ?? listed)
    communication.mentionsCurrentUser = metadata?.mentionsCurrentUser ?? false
    communication.isReplyToCurrentUser = metadata?.isReplyToCurrentUser ?? false
    communication.notifyRecipientAnyway = metadata?.notifyRecipientAnyway ?? false
    return communication
  }
}

extension INStartCallIntent: NotificationCommunicationProviding {
  package var intentClassName: String { "INStartCallIntent" }

  /// The caller (the first contact) and, for a group call, the call record's image; `nil`
  /// without contacts.
  package var notificationCommunication: NotificationCommunication? {
    guard let contacts, let caller = contacts.first(where: { !$0.isMe }) else { return nil }
    return NotificationCommunication(
      kind: .call, sender: caller.communicationPerson,
      groupAvatar: image(forParameter: "callRecordToCallBack")?.avatar,
      recipientCount: contacts.filter { !$0.isMe }.count)
  }
}

extension INPerson {
  /// The person as the device keeps them.
  package var communicationPerson: CommunicationPerson {
    let type: String =
      switch personHandle?.type {
      case .emailAddress?: "emailAddress"
      case .phoneNumber?: "phoneNumber"
      default: "unknown"
      }
    return CommunicationPerson(
      displayName: displayName, handle: personHandle?.value, handleType: type,
      contactIdentifier: contactIdentifier, customIdentifier: customIdentifier,
      avatar: image?.avatar)
  }
}
