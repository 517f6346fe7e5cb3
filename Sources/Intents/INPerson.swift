/// A person of an intent: a message's sender or recipient, a call's contact (`INPerson`).
///
/// A communication notification shows its sender's ``displayName`` as the title and
/// ``image`` as the avatar; a Focus lets them through when its Allowed People name their
/// ``personHandle``'s value or their display name (Rules.md §16). Immutable, as on iOS: the
/// initializers copy their arguments.
open class INPerson: NSObject, NSCopying {
  /// How the app identifies the person (`nil` never happens through these initializers; Apple
  /// declares it optional).
  public let personHandle: INPersonHandle?
  /// The parts of the person's name, if given.
  public let nameComponents: PersonNameComponents?
  /// The person's image: the avatar of a communication notification.
  public let image: INImage?
  /// The person's `CNContact` identifier, if given.
  public let contactIdentifier: String?
  /// The app's identifier for the person, if given.
  public let customIdentifier: String?
  /// Whether the person is the device's user (iOS 12).
  public let isMe: Bool
  /// Other handles of the person, for donation.
  public let aliases: [INPersonHandle]?
  /// Which contact property a donation suggests (iOS 12).
  public let suggestionType: INPersonSuggestionType
  /// Whether the person is a contact suggestion (iOS 15).
  public let isContactSuggestion: Bool
  private let givenDisplayName: String?

  /// The designated initializer (iOS 12): a person with whether they are the device's user.
  public init(
    personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
    image: INImage?, contactIdentifier: String?, customIdentifier: String?, isMe: Bool
  ) {
    self.personHandle = personHandle
    self.nameComponents = nameComponents
    self.givenDisplayName = displayName
    self.image = image
    self.contactIdentifier = contactIdentifier
    self.customIdentifier = customIdentifier
    self.isMe = isMe
    self.aliases = nil
    self.suggestionType = .none
    self.isContactSuggestion = false
    super.init()
  }

  private init(
    personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
    image: INImage?, contactIdentifier: String?, customIdentifier: String?, isMe: Bool,
    aliases: [INPersonHandle]?, suggestionType: INPersonSuggestionType, isContactSuggestion: Bool
  ) {
    self.personHandle = personHandle
    self.nameComponents = nameComponents
    self.givenDisplayName = displayName
    self.image = image
    self.contactIdentifier = contactIdentifier
    self.customIdentifier = customIdentifier
    self.isMe = isMe
    self.aliases = aliases
    self.suggestionType = suggestionType
    self.isContactSuggestion = isContactSuggestion
    super.init()
  }

  /// A person who is not the device's user (the form Apple's communication article uses).
  public convenience init(
    personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
    image: INImage?, contactIdentifier: String?, customIdentifier: String?
  ) {
    self.init(
      personHandle: personHandle, nameComponents: nameComponents, displayName: displayName,
      image: image, contactIdentifier: contactIdentifier, customIdentifier: customIdentifier,
      isMe: false)
  }

  /// A person with the metadata messaging intents need (iOS 15).
  public convenience init(
    personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
    image: INImage?, contactIdentifier: String?, customIdentifier: String?, isMe: Bool,
    suggestionType: INPersonSuggestionType
  ) {
    self.init(
      personHandle: personHandle, nameComponents: nameComponents, displayName: displayName,
      image: image, contactIdentifier: contactIdentifier, customIdentifier: customIdentifier,
      isMe: isMe, aliases: nil, suggestionType: suggestionType, isContactSuggestion: false)
  }

  /// A person with other handles, for donation.
  public convenience init(
    personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
    image: INImage?, contactIdentifier: String?, customIdentifier: String?,
    aliases: [INPersonHandle]?, suggestionType: INPersonSuggestionType
  ) {
    self.init(
      personHandle: personHandle, nameComponents: nameComponents, displayName: displayName,
      image: image, contactIdentifier: contactIdentifier, customIdentifier: customIdentifier,
      isMe: false, aliases: aliases, suggestionType: suggestionType, isContactSuggestion: false)
  }

  /// A person who may be a contact suggestion (iOS 15).
  public convenience init(
    personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
    image: INImage?, contactIdentifier: String?, customIdentifier: String?,
    isContactSuggestion: Bool, suggestionType: INPersonSuggestionType
  ) {
    self.init(
      personHandle: personHandle, nameComponents: nameComponents, displayName: displayName,
      image: image, contactIdentifier: contactIdentifier, customIdentifier: customIdentifier,
      isMe: false, aliases: nil, suggestionType: suggestionType,
      isContactSuggestion: isContactSuggestion)
  }

  /// The person's name as shown: the display name given, else the name components (given,
  /// middle and family names, with prefix and suffix, joined by spaces; else the nickname),
  /// else the handle's value, else `""`, as Apple's header says.
  open var displayName: String {
    if let givenDisplayName { return givenDisplayName }
    if let components = nameComponents {
      let parts = [
        components.namePrefix, components.givenName, components.middleName,
        components.familyName, components.nameSuffix,
      ].compactMap { $0 }.filter { !$0.isEmpty }
      if !parts.isEmpty { return parts.joined(separator: " ") }
      if let nickname = components.nickname, !nickname.isEmpty { return nickname }
    }
    return personHandle?.value ?? ""
  }

  /// People are immutable: a copy is the person itself (`NSCopying`).
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// Equal when the handle, name, image and identifiers are.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? INPerson else { return false }
    return personHandle == other.personHandle && displayName == other.displayName
      && nameComponents == other.nameComponents && image == other.image
      && contactIdentifier == other.contactIdentifier
      && customIdentifier == other.customIdentifier && isMe == other.isMe
  }

  /// A hash of the handle and name.
  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(personHandle?.value)
    hasher.combine(displayName)
    return hasher.finalize()
  }
}

/// Which contact property a donated interaction suggests for a person
/// (`INPersonSuggestionType`).
public enum INPersonSuggestionType: Int, Sendable, Hashable {
  /// No suggestion: the handle is an email address or phone number matched exactly (iOS 12).
  case none = 0
  /// A social profile.
  case socialProfile = 1
  /// An instant message address.
  case instantMessageAddress = 2
}
