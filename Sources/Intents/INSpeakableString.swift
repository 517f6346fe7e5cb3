/// A string with how to say it (`INSpeakableString`): a group's name
/// (`INSendMessageIntent.speakableGroupName`), which a communication notification shows as its
/// subtitle (Rules.md §16).
open class INSpeakableString: NSObject, NSCopying {
  /// The text, as spoken and as shown.
  public let spokenPhrase: String
  /// How to pronounce the text, if it differs from its spelling.
  public let pronunciationHint: String?
  /// The app's identifier for the text (vocabulary).
  public let vocabularyIdentifier: String?

  /// A speakable string with the app's identifier and a pronunciation hint.
  public init(vocabularyIdentifier: String, spokenPhrase: String, pronunciationHint: String?) {
    self.vocabularyIdentifier = vocabularyIdentifier
    self.spokenPhrase = spokenPhrase
    self.pronunciationHint = pronunciationHint
    super.init()
  }

  /// A speakable string from its text alone (iOS 10.2).
  public init(spokenPhrase: String) {
    self.vocabularyIdentifier = nil
    self.spokenPhrase = spokenPhrase
    self.pronunciationHint = nil
    super.init()
  }

  /// Speakable strings are immutable: a copy is the string itself (`NSCopying`).
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// Equal when the phrase, hint and identifier are.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? INSpeakableString else { return false }
    return spokenPhrase == other.spokenPhrase && pronunciationHint == other.pronunciationHint
      && vocabularyIdentifier == other.vocabularyIdentifier
  }

  /// A hash of the phrase.
  open override var hash: Int { spokenPhrase.hashValue }

  /// The spoken phrase.
  open override var description: String { spokenPhrase }
}
