public import Foundation

/// What makes a notification a communication notification (iOS 15): the conversation, its
/// sender and their avatar, as the app's code gave them to `UNNotificationContent.updating(from:)`
/// with an `INSendMessageIntent` or an `INStartCallIntent` (Rules.md §16).
///
/// The device shows it only when the app has the `communication` entitlement: the title becomes
/// the sender's name, the subtitle the group's name, and the avatar replaces the app icon.
public struct NotificationCommunication: Sendable, Equatable {
  /// Which intent the content was updated from.
  public enum Kind: String, Sendable, Hashable {
    /// `INSendMessageIntent`: a message.
    case message
    /// `INStartCallIntent`: a call.
    case call
  }

  /// Which intent the content was updated from.
  public var kind: Kind
  /// Who sent the message, or who calls (the intent's `sender`, or its first contact).
  public var sender: CommunicationPerson?
  /// The intent's `conversationIdentifier` (`nil` for a call).
  public var conversationIdentifier: String?
  /// The group's name (`speakableGroupName.spokenPhrase`); `nil` for a one-to-one conversation.
  public var groupName: String?
  /// The group's image (`setImage(_:forParameterNamed: \.speakableGroupName)`, or for a call
  /// `\.callRecordToCallBack`).
  public var groupAvatar: CommunicationAvatar?
  /// How many people the message went to, the current user included: the donation metadata's
  /// `recipientCount` when set, else the intent's recipients and the current user, whom iOS
  /// adds (Behavior §13.4). 1 for a one-to-one conversation.
  public var recipientCount: Int
  /// `INSendMessageIntentDonationMetadata.mentionsCurrentUser`.
  public var mentionsCurrentUser = false
  /// `INSendMessageIntentDonationMetadata.isReplyToCurrentUser`.
  public var isReplyToCurrentUser = false
  /// `INSendMessageIntentDonationMetadata.notifyRecipientAnyway` (kept; Focus status is not
  /// modelled, Rules.md §16).
  public var notifyRecipientAnyway = false

  /// Creates the communication part of a notification.
  public init(
    kind: Kind, sender: CommunicationPerson?, conversationIdentifier: String? = nil,
    groupName: String? = nil, groupAvatar: CommunicationAvatar? = nil, recipientCount: Int = 1
  ) {
    self.kind = kind
    self.sender = sender
    self.conversationIdentifier = conversationIdentifier
    self.groupName = groupName
    self.groupAvatar = groupAvatar
    self.recipientCount = recipientCount
  }

  /// Whether the conversation is a group: it has a group name, or more than one other person.
  public var isGroup: Bool { groupName != nil || recipientCount > 1 }

  /// The avatar the notification shows: the group's image in a group that has one, else the
  /// sender's.
  public var avatar: CommunicationAvatar? {
    if isGroup, let groupAvatar { return groupAvatar }
    return sender?.avatar
  }
}

/// A person of a communication notification (`INPerson`), as the device keeps them.
public struct CommunicationPerson: Sendable, Equatable {
  /// The name shown (`INPerson.displayName`).
  public var displayName: String
  /// The handle's value (`INPersonHandle.value`), e.g. an address or a phone number.
  public var handle: String?
  /// The handle's type: `unknown`, `emailAddress` or `phoneNumber`.
  public var handleType: String
  /// `INPerson.contactIdentifier`.
  public var contactIdentifier: String?
  /// `INPerson.customIdentifier`.
  public var customIdentifier: String?
  /// The person's image (`INPerson.image`).
  public var avatar: CommunicationAvatar?

  /// Creates a person.
  public init(
    displayName: String, handle: String? = nil, handleType: String = "unknown",
    contactIdentifier: String? = nil, customIdentifier: String? = nil,
    avatar: CommunicationAvatar? = nil
  ) {
    self.displayName = displayName
    self.handle = handle
    self.handleType = handleType
    self.contactIdentifier = contactIdentifier
    self.customIdentifier = customIdentifier
    self.avatar = avatar
  }
}

/// An avatar image (`INImage`): where it came from and its bytes when the device could read
/// them. Nothing is fetched from the network (Rules.md §16).
public struct CommunicationAvatar: Sendable, Equatable {
  /// How the app made the image.
  public enum Source: String, Sendable, Hashable {
    /// `INImage(imageData:)`.
    case data
    /// `INImage(url:)`, a local file.
    case file
    /// `INImage(named:)`, an image of the app's bundle.
    case named
    /// `INImage.systemImageNamed(_:)`, an SF Symbol.
    case system
  }

  /// How the app made the image.
  public var source: Source
  /// The file's or image's name (`file`, `named`, `system`); `nil` for `data`.
  public var name: String?
  /// The image's bytes, when there are some (`nil`: a name the device cannot read).
  public var data: Data?

  /// Creates an avatar.
  public init(source: Source, name: String? = nil, data: Data? = nil) {
    self.source = source
    self.name = name
    self.data = data
  }

  /// The image type its bytes start with (JPEG, PNG, GIF), or `nil` when they are not an image
  /// the device draws (or there are none).
  public var type: MediaType? {
    guard let data, let sniffed = MediaType.sniff(data.prefix(MediaType.sniffLength)),
      sniffed.kind == .image
    else { return nil }
    return sniffed
  }
}
