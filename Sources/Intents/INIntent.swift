import Synchronization

/// The base class of intents (`INIntent`): what the app asks the system to do, or donates as
/// done.
///
/// It keeps the images the app sets for its parameters (``INIntentSetImageKeyPath``) and the
/// donation metadata (iOS 15). Its mutable parts are kept under a lock.
open class INIntent: NSObject, NSCopying {
  private let state = Mutex(State())

  private struct State {
    var images: [String: INImage] = [:]
    var donationMetadata: INIntentDonationMetadata?
    var suggestedInvocationPhrase: String?
  }

  /// Creates an intent.
  public override init() {
    identifier = UUID().uuidString
    super.init()
  }

  /// An intent with `original`'s identifier, for a copy of it.
  init(copyOf original: INIntent) {
    identifier = original.identifier
    super.init()
  }

  /// A unique identifier for the intent (a copy keeps it).
  public let identifier: String?

  /// A description of the intent, for the system's interfaces (`nil` on Linux).
  open var intentDescription: String? { nil }

  /// A phrase to suggest for a Siri shortcut.
  open var suggestedInvocationPhrase: String? {
    get { state.withLock { $0.suggestedInvocationPhrase } }
    set { state.withLock { $0.suggestedInvocationPhrase = newValue } }
  }

  /// Metadata of a donation (iOS 15): for an `INSendMessageIntent`, an
  /// ``INSendMessageIntentDonationMetadata`` (mentions, replies, the recipient count).
  open var donationMetadata: INIntentDonationMetadata? {
    get { state.withLock { $0.donationMetadata } }
    set { state.withLock { $0.donationMetadata = newValue } }
  }

  /// The most relevant image of the intent: an image set for a parameter, else one the intent
  /// holds (a sender's).
  open func keyImage() -> INImage? {
    state.withLock { $0.images.sorted { $0.key < $1.key }.first?.value }
  }

  /// This intent itself (`NSCopying`): `INSendMessageIntent` and `INStartCallIntent` make real
  /// copies; other intents are copied by reference on Linux.
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// Gives `copy` this intent's images, phrase and a copy of its donation metadata, as they are
  /// now.
  func copyImagesAndMetadata(to copy: INIntent) {
    let kept = state.withLock { $0 }
    var copied = kept
    if let metadata = kept.donationMetadata?.copy() as? INIntentDonationMetadata {
      copied.donationMetadata = metadata
    }
    copy.state.withLock { $0 = copied }
  }

  /// The name of the parameter `keyPath` reads, for the images set on parameters; subclasses
  /// name theirs (Swift on Linux has no key-path strings).
  package func parameterName(for keyPath: AnyKeyPath) -> String? { nil }

  /// Sets the image of the parameter `name` (`nil` removes it).
  package func setImage(_ image: INImage?, forParameter name: String) {
    state.withLock { $0.images[name] = image }
  }

  /// The image of the parameter `name`, if set.
  package func image(forParameter name: String) -> INImage? {
    state.withLock { $0.images[name] }
  }
}

/// Intents whose parameters can carry images, set and read through a key path
/// (`INIntentSetImageKeyPath`): `intent.setImage(image, forParameterNamed: \.speakableGroupName)`
/// gives a group its avatar (Rules.md §16).
public protocol INIntentSetImageKeyPath {}

extension INIntentSetImageKeyPath {
  /// Sets the image to show for a parameter (iOS 12); `nil` removes it. A key path that names
  /// no parameter of the intent is ignored.
  public func setImage<Value>(
    _ image: INImage?, forParameterNamed parameterName: KeyPath<Self, Value>
  ) {
    guard let intent = self as? INIntent, let name = intent.parameterName(for: parameterName)
    else { return }
    intent.setImage(image, forParameter: name)
  }

  /// The image set for a parameter (iOS 12), if any.
  public func image<Value>(forParameterNamed parameterName: KeyPath<Self, Value>) -> INImage? {
    guard let intent = self as? INIntent, let name = intent.parameterName(for: parameterName)
    else { return nil }
    return intent.image(forParameter: name)
  }
}

extension INIntent: INIntentSetImageKeyPath {}

/// Metadata attached to a donated intent (`INIntentDonationMetadata`, iOS 15); see
/// ``INSendMessageIntentDonationMetadata``.
///
/// It is `@unchecked Sendable` because subclasses keep their properties under a lock.
open class INIntentDonationMetadata: NSObject, NSCopying, @unchecked Sendable {
  /// Creates metadata.
  public override init() { super.init() }

  /// Metadata is copied by reference on Linux (`NSCopying`).
  open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// The system's answer to an intent (`INIntentResponse`). Communication donations pass `nil`;
/// Siri's responses (and their `NSUserActivity`, absent on Linux) are not re-created.
open class INIntentResponse: NSObject, NSCopying {
  /// Creates a response.
  public override init() { super.init() }

  /// Responses are copied by reference on Linux (`NSCopying`).
  open func copy(with zone: NSZone? = nil) -> Any { self }
}
