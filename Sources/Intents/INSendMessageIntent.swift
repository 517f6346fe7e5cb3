/// A message sent or received (`INSendMessageIntent`): the intent a messaging app donates for an
/// incoming message, and gives `UNNotificationContent.updating(from:)` to make a communication
/// notification (Rules.md §16).
///
/// For an incoming message, ``sender`` is who wrote it and ``recipients`` the other people of
/// the conversation, the device's user left out (iOS adds them); ``speakableGroupName`` names a
/// group conversation and ``conversationIdentifier`` is the same for every message of one.
open class INSendMessageIntent: INIntent {
  /// The message's recipients, the device's user left out.
  public let recipients: [INPerson]?
  /// The message's format (iOS 14).
  public let outgoingMessageType: INOutgoingMessageType
  /// The message's text.
  public let content: String?
  /// The group the message is sent to (iOS 11); `nil` for a one-to-one conversation.
  public let speakableGroupName: INSpeakableString?
  /// The conversation's identifier, the same for all its messages (iOS 11).
  public let conversationIdentifier: String?
  /// The service that sends the message, when the app has several.
  public let serviceName: String?
  /// Who wrote the message (`nil` for an outgoing one).
  public let sender: INPerson?
  /// The message's audio attachments (iOS 14).
  public let attachments: [INSendMessageAttachment]?

  /// The designated initializer (iOS 14).
  public init(
    recipients: [INPerson]?, outgoingMessageType: INOutgoingMessageType, content: String?,
    speakableGroupName: INSpeakableString?, conversationIdentifier: String?,
    serviceName: String?, sender: INPerson?, attachments: [INSendMessageAttachment]?
  ) {
    self.recipients = recipients
    self.outgoingMessageType = outgoingMessageType
    self.content = content
    self.speakableGroupName = speakableGroupName
    self.conversationIdentifier = conversationIdentifier
    self.serviceName = serviceName
    self.sender = sender
    self.attachments = attachments
    super.init()
  }

  /// A copy with this intent's values, identifier, images and a copy of its donation metadata
  /// as they are now (`NSCopying`): later changes to this intent do not reach the copy.
  open override func copy(with zone: NSZone? = nil) -> Any {
    let copy = INSendMessageIntent(copying: self)
    copyImagesAndMetadata(to: copy)
    return copy
  }

  /// An intent with `other`'s values and identifier.
  private init(copying other: INSendMessageIntent) {
    recipients = other.recipients
    outgoingMessageType = other.outgoingMessageType
    content = other.content
    speakableGroupName = other.speakableGroupName
    conversationIdentifier = other.conversationIdentifier
    serviceName = other.serviceName
    sender = other.sender
    attachments = other.attachments
    super.init(copyOf: other)
  }

  /// The iOS 14.0 form without attachments (deprecated in 14.0).
  @available(*, deprecated, message: "Use the designated initializer with attachments instead")
  public convenience init(
    recipients: [INPerson]?, outgoingMessageType: INOutgoingMessageType, content: String?,
    speakableGroupName: INSpeakableString?, conversationIdentifier: String?,
    serviceName: String?, sender: INPerson?
  ) {
    self.init(
      recipients: recipients, outgoingMessageType: outgoingMessageType, content: content,
      speakableGroupName: speakableGroupName, conversationIdentifier: conversationIdentifier,
      serviceName: serviceName, sender: sender, attachments: nil)
  }

  /// The iOS 11 form (deprecated in 14.0): a text message.
  @available(
    *, deprecated, message: "Use the designated initializer with outgoingMessageType instead"
  )
  public convenience init(
    recipients: [INPerson]?, content: String?, speakableGroupName: INSpeakableString?,
    conversationIdentifier: String?, serviceName: String?, sender: INPerson?
  ) {
    self.init(
      recipients: recipients, outgoingMessageType: .unknown, content: content,
      speakableGroupName: speakableGroupName, conversationIdentifier: conversationIdentifier,
      serviceName: serviceName, sender: sender, attachments: nil)
  }

  /// The iOS 10 form (deprecated in 11.0): the group named by a plain string.
  @available(*, deprecated, message: "Use the designated initializer instead")
  public convenience init(
    recipients: [INPerson]?, content: String?, groupName: String?, serviceName: String?,
    sender: INPerson?
  ) {
    self.init(
      recipients: recipients, outgoingMessageType: .unknown, content: content,
      speakableGroupName: groupName.map { INSpeakableString(spokenPhrase: $0) },
      conversationIdentifier: nil, serviceName: serviceName, sender: sender, attachments: nil)
  }

  /// The group's name as a plain string (deprecated in 11.0).
  @available(*, deprecated, message: "Use speakableGroupName instead")
  open var groupName: String? { speakableGroupName?.spokenPhrase }

  package override func parameterName(for keyPath: AnyKeyPath) -> String? {
    switch keyPath {
    case \INSendMessageIntent.speakableGroupName: "speakableGroupName"
    case \INSendMessageIntent.sender: "sender"
    case \INSendMessageIntent.recipients: "recipients"
    case \INSendMessageIntent.content: "content"
    case \INSendMessageIntent.conversationIdentifier: "conversationIdentifier"
    case \INSendMessageIntent.serviceName: "serviceName"
    default: nil
    }
  }
}

/// The format of an outgoing message (`INOutgoingMessageType`, iOS 14).
public enum INOutgoingMessageType: Int, Sendable, Hashable {
  /// Unknown.
  case unknown = 0
  /// A text message.
  case outgoingMessageText = 1
  /// An audio message.
  case outgoingMessageAudio = 2
}

/// An attachment of a message: an audio file (`INSendMessageAttachment`, iOS 14).
open class INSendMessageAttachment: NSObject {
  /// The audio message's file (set once, before the attachment is handed out).
  public private(set) var audioMessageFile: INFile?

  /// An empty attachment (NSObject's `init()`).
  public required override init() { super.init() }

  /// An attachment holding an audio message.
  open class func attachment(withAudioMessageFile audioMessageFile: INFile) -> Self {
    let attachment = self.init()
    attachment.audioMessageFile = audioMessageFile
    return attachment
  }
}

/// A file an intent carries (`INFile`, iOS 14): its data or its URL, name and type.
open class INFile: NSObject {
  /// The file's bytes (read from ``fileURL`` when made from one).
  public let data: Data
  /// The file's name.
  public let filename: String
  /// The file's uniform type identifier, if known.
  public let typeIdentifier: String?
  /// The file's URL, when made from one.
  public let fileURL: URL?

  /// A file from its bytes.
  public init(data: Data, filename: String, typeIdentifier: String?) {
    self.data = data
    self.filename = filename
    self.typeIdentifier = typeIdentifier
    self.fileURL = nil
    super.init()
  }

  /// A file from a local URL; its bytes are read now (empty when it cannot be read).
  public init(fileURL: URL, filename: String?, typeIdentifier: String?) {
    self.data = FileManager.default.contents(atPath: fileURL.path) ?? Data()
    self.filename = filename ?? fileURL.lastPathComponent
    self.typeIdentifier = typeIdentifier
    self.fileURL = fileURL
    super.init()
  }
}
