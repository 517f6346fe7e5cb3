/// The name of a sound file in the app's bundle or its `Library/Sounds` folder
/// (`UNNotificationSoundName`).
public struct UNNotificationSoundName: Hashable, Sendable, RawRepresentable {
  /// The file name (`"ping.caf"`).
  public var rawValue: String

  /// Creates a name.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Creates a name.
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A sound a notification plays (`UNNotificationSound`).
///
/// The constructors are Apple's: ``default``, ``defaultCritical``, ``defaultRingtone``,
/// `init(named:)`, ``ringtoneSoundNamed(_:)``, ``criticalSoundNamed(_:)``,
/// ``criticalSoundNamed(_:withAudioVolume:)`` and ``defaultCriticalSound(withAudioVolume:)``.
/// Like Apple's, it has no public properties; sounds compare equal when they were made the same
/// way. (Apple's class methods return `Self`; these return `UNNotificationSound`, which only a
/// subclass could tell apart.) Whether a sound plays is the device's decision (authorization, interruption level,
/// Behavior.md §1.5, §5.1).
open class UNNotificationSound: NSObject, NSCopying, @unchecked Sendable {
  /// How the sound was made.
  package enum Kind: Hashable, Sendable {
    /// The system sound.
    case `default`
    /// A sound file of the app.
    case named(String)
    /// The default ringtone (iOS 15.2).
    case defaultRingtone
    /// A ringtone file of the app (iOS 15.2).
    case ringtone(String)
    /// A critical alert sound: a file (or the system's, `nil`) at a volume (`nil` is the
    /// system's).
    case critical(name: String?, volume: Float?)
  }

  /// How the sound was made (for the device that plays it).
  package let kind: Kind

  /// Creates a sound of a kind; every public constructor ends here.
  package init(kind: Kind) {
    self.kind = kind
    super.init()
  }

  /// The system sound.
  open class var `default`: UNNotificationSound { UNNotificationSound(kind: .default) }

  /// The system's critical alert sound (needs the critical alert entitlement and authorization).
  open class var defaultCritical: UNNotificationSound {
    UNNotificationSound(kind: .critical(name: nil, volume: nil))
  }

  /// The system's default ringtone (iOS 15.2).
  open class var defaultRingtone: UNNotificationSound {
    UNNotificationSound(kind: .defaultRingtone)
  }

  /// A sound file of the app (`aps.sound` names it on a remote notification).
  public convenience init(named name: UNNotificationSoundName) {
    self.init(kind: .named(name.rawValue))
  }

  /// A ringtone file of the app (iOS 15.2).
  open class func ringtoneSoundNamed(_ name: UNNotificationSoundName) -> UNNotificationSound {
    UNNotificationSound(kind: .ringtone(name.rawValue))
  }

  /// The system's critical alert sound at a volume from 0.0 to 1.0.
  open class func defaultCriticalSound(withAudioVolume volume: Float) -> UNNotificationSound {
    UNNotificationSound(kind: .critical(name: nil, volume: volume))
  }

  /// A critical alert sound from a file of the app, at the system's volume.
  open class func criticalSoundNamed(_ name: UNNotificationSoundName) -> UNNotificationSound {
    UNNotificationSound(kind: .critical(name: name.rawValue, volume: nil))
  }

  /// A critical alert sound from a file of the app, at a volume from 0.0 to 1.0.
  open class func criticalSoundNamed(
    _ name: UNNotificationSoundName, withAudioVolume volume: Float
  ) -> UNNotificationSound {
    UNNotificationSound(kind: .critical(name: name.rawValue, volume: volume))
  }

  /// Whether this is a critical alert sound.
  package var isCritical: Bool {
    if case .critical = kind { return true }
    return false
  }

  /// Sounds are immutable: a copy is the same object.
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// Sounds are equal when they were made the same way.
  open override func isEqual(_ object: Any?) -> Bool {
    (object as? UNNotificationSound)?.kind == kind
  }

  /// A hash of how the sound was made.
  open override var hash: Int { kind.hashValue }

  /// `<UNNotificationSound: default>`, `<UNNotificationSound: named ping.caf>`…
  open override var description: String {
    switch kind {
    case .default: "<UNNotificationSound: default>"
    case .named(let name): "<UNNotificationSound: named \(name)>"
    case .defaultRingtone: "<UNNotificationSound: default ringtone>"
    case .ringtone(let name): "<UNNotificationSound: ringtone \(name)>"
    case .critical(let name, let volume):
      "<UNNotificationSound: critical \(name ?? "default") volume \(volume.map { "\($0)" } ?? "system")>"
    }
  }
}
