package import UserNotifications

// The intents `updating(from:)` accepts (Rules.md §16). The hosting device reads the
// notification's communication part (sender, conversation, group, avatars) from the frozen copy
// the content keeps.

extension INSendMessageIntent: NotificationCommunicationProviding {
  package var intentClassName: String { "INSendMessageIntent" }

  /// A sender: an outgoing message cannot be shown as received.
  package var missingCommunicationPart: String? { sender == nil ? "a sender" : nil }

  package var senderDisplayName: String? { sender?.displayName }

  package func frozenCopy() -> any NotificationCommunicationProviding {
    copy() as? INSendMessageIntent ?? self
  }
}

extension INStartCallIntent: NotificationCommunicationProviding {
  package var intentClassName: String { "INStartCallIntent" }

  /// Contacts: the caller is the first contact that is not the device's user.
  package var missingCommunicationPart: String? { caller == nil ? "contacts" : nil }

  package var senderDisplayName: String? { caller?.displayName }

  package func frozenCopy() -> any NotificationCommunicationProviding {
    copy() as? INStartCallIntent ?? self
  }

  /// Who calls: the first contact that is not the device's user.
  package var caller: INPerson? { contacts?.first { !$0.isMe } }
}
