package import PushSimHosting

/// What a notification shows and carries (`UNNotificationContent`).
///
/// As on iOS it is an `NSObject` whose properties are read-only; ``UNMutableNotificationContent``
/// is the subclass with setters. `copy()` gives an immutable content and `mutableCopy()` a mutable
/// one, each with its own storage, so `request.content.mutableCopy() as? UNMutableNotificationContent`
/// changes a copy and never the request. Strings iOS gives as `""` when absent are `""` here;
/// `badge` is `nil` (no change) unless set, `interruptionLevel` is `.active`, `relevanceScore` is 0
/// and `summaryArgumentCount` is 1 (Behavior.md §9).
///
/// Properties are read and written under a lock, so a content may be changed from a download
/// callback and delivered from another thread, as extensions do. It is `@unchecked Sendable` for
/// that reason.
///
/// `updating(from:)` (iOS 15) takes an `INSendMessageIntent` or `INStartCallIntent` of PushSim's
/// `Intents` module (Rules.md §16). Not re-created: `NSSecureCoding` (archiving).
open class UNNotificationContent: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
  package let storage: Locked<Fields>

  /// The stored properties of a content, copied as one value.
  package struct Fields {
    package var title = ""
    package var subtitle = ""
    package var body = ""
    package var badge: NSNumber?
    package var sound: UNNotificationSound?
    package var userInfo: [AnyHashable: Any] = [:]
    package var threadIdentifier = ""
    package var categoryIdentifier = ""
    package var attachments: [UNNotificationAttachment] = []
    package var launchImageName = ""
    package var targetContentIdentifier: String?
    package var summaryArgument = ""
    package var summaryArgumentCount = 1
    package var interruptionLevel: UNNotificationInterruptionLevel = .active
    package var relevanceScore: Double = 0
    package var filterCriteria: String?
    /// Set by `updating(from:)`: the intent that gives the conversation, sender and avatar
    /// (Rules.md §16).
    package var communication: CommunicationSource?

    /// Every field at its iOS default.
    package init() {}
  }

  /// Creates empty content: every property has its iOS default.
  public override init() {
    storage = Locked(Fields())
    super.init()
  }

  package init(fields: Fields) {
    storage = Locked(fields)
    super.init()
  }

  /// The title (`""` when none).
  open var title: String { storage.read(\.title) }
  /// The subtitle (`""` when none).
  open var subtitle: String { storage.read(\.subtitle) }
  /// The body (`""` when none).
  open var body: String { storage.read(\.body) }
  /// The badge to apply: `nil` leaves the app's badge unchanged, 0 hides it.
  open var badge: NSNumber? { storage.read(\.badge) }
  /// The sound to play, if any.
  open var sound: UNNotificationSound? { storage.read(\.sound) }
  /// The payload: for a remote notification the whole JSON payload, `aps` included, with numbers
  /// as `NSNumber` and `null` as `NSNull`, as `JSONSerialization` gives them on iOS.
  open var userInfo: [AnyHashable: Any] { storage.read(\.userInfo) }
  /// The thread that groups notifications (`aps.thread-id`; `""` when none).
  open var threadIdentifier: String { storage.read(\.threadIdentifier) }
  /// The registered category whose actions the notification shows (`aps.category`).
  open var categoryIdentifier: String { storage.read(\.categoryIdentifier) }
  /// Media shown with the notification.
  open var attachments: [UNNotificationAttachment] { storage.read(\.attachments) }
  /// The launch image name (`aps.alert.launch-image`).
  open var launchImageName: String { storage.read(\.launchImageName) }
  /// The scene a tap activates (`aps.target-content-id`).
  open var targetContentIdentifier: String? { storage.read(\.targetContentIdentifier) }
  /// The legacy summary argument (deprecated in iOS 15, ignored there).
  open var summaryArgument: String { storage.read(\.summaryArgument) }
  /// The legacy summary argument count (deprecated in iOS 15, ignored there; default 1).
  open var summaryArgumentCount: Int { storage.read(\.summaryArgumentCount) }
  /// How urgently the notification interrupts (iOS 15; default `.active`).
  open var interruptionLevel: UNNotificationInterruptionLevel { storage.read(\.interruptionLevel) }
  /// The order among the app's notifications and the summary's featured one (0…1).
  open var relevanceScore: Double { storage.read(\.relevanceScore) }
  /// The Focus filter criteria (`aps.filter-criteria`, iOS 16).
  open var filterCriteria: String? { storage.read(\.filterCriteria) }

  /// An immutable copy with its own storage (`NSCopying`).
  open func copy(with zone: NSZone? = nil) -> Any {
    UNNotificationContent(fields: storage.read { $0 })
  }

  /// A ``UNMutableNotificationContent`` with its own storage (`NSMutableCopying`).
  open func mutableCopy(with zone: NSZone? = nil) -> Any {
    UNMutableNotificationContent(fields: storage.read { $0 })
  }

  /// Contents are equal when every property is (attachments by identifier, URL and type; the
  /// user info as the JSON it holds).
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UNNotificationContent else { return false }
    if other === self { return true }
    let a = storage.read { $0 }
    let b = other.storage.read { $0 }
    return a.title == b.title && a.subtitle == b.subtitle && a.body == b.body
      && a.badge == b.badge && a.sound == b.sound && a.threadIdentifier == b.threadIdentifier
      && a.categoryIdentifier == b.categoryIdentifier && a.attachments == b.attachments
      && a.launchImageName == b.launchImageName
      && a.targetContentIdentifier == b.targetContentIdentifier
      && a.summaryArgument == b.summaryArgument
      && a.summaryArgumentCount == b.summaryArgumentCount
      && a.interruptionLevel == b.interruptionLevel && a.relevanceScore == b.relevanceScore
      && a.filterCriteria == b.filterCriteria && a.communication == b.communication
      && UserInfoBridge.plainValue(of: a.userInfo) == UserInfoBridge.plainValue(of: b.userInfo)
  }

  /// A hash of the visible text.
  open override var hash: Int {
    storage.read { fields in
      var hasher = Hasher()
      hasher.combine(fields.title)
      hasher.combine(fields.subtitle)
      hasher.combine(fields.body)
      return hasher.finalize()
    }
  }

  /// `<UNNotificationContent: title: "…", subtitle: "…", body: "…", …>`, as Apple's shape.
  open override var description: String {
    storage.read { f in
      let badge = f.badge.map { "\($0)" } ?? "(null)"
      let sound = f.sound.map { "\($0)" } ?? "(null)"
      return "<\(type(of: self)): title: \"\(f.title)\", subtitle: \"\(f.subtitle)\", "
        + "body: \"\(f.body)\", categoryIdentifier: \(f.categoryIdentifier), "
        + "threadIdentifier: \(f.threadIdentifier), badge: \(badge), sound: \(sound), "
        + "attachments: \(f.attachments.count), interruptionLevel: \(f.interruptionLevel.rawValue)>"
    }
  }
}

/// Content an app or a service extension changes (`UNMutableNotificationContent`).
///
/// Every property of ``UNNotificationContent`` with a setter. A service extension gets one from
/// `request.content.mutableCopy() as? UNMutableNotificationContent`; changing it never changes
/// the request's content. The device shows content as it is when the content handler is called.
open class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
  /// Creates empty content.
  public override init() { super.init() }

  override init(fields: Fields) { super.init(fields: fields) }

  /// The title (`""` when none).
  open override var title: String {
    get { storage.read(\.title) }
    set { storage.write { $0.title = newValue } }
  }
  /// The subtitle (`""` when none).
  open override var subtitle: String {
    get { storage.read(\.subtitle) }
    set { storage.write { $0.subtitle = newValue } }
  }
  /// The body (`""` when none).
  open override var body: String {
    get { storage.read(\.body) }
    set { storage.write { $0.body = newValue } }
  }
  /// The badge: `nil` leaves it unchanged, 0 hides it.
  open override var badge: NSNumber? {
    get { storage.read(\.badge) }
    set { storage.write { $0.badge = newValue } }
  }
  /// The sound.
  open override var sound: UNNotificationSound? {
    get { storage.read(\.sound) }
    set { storage.write { $0.sound = newValue } }
  }
  /// The payload. As with iOS's setter, which copies into an `NSDictionary`, Swift numbers and
  /// Booleans stored here read back as `NSNumber`s: a Swift `3` is then `as? Double` 3.0.
  open override var userInfo: [AnyHashable: Any] {
    get { storage.read(\.userInfo) }
    set {
      let bridged = UserInfoBridge.objectiveCBridged(newValue)
      storage.write { $0.userInfo = bridged }
    }
  }
  /// The thread that groups notifications.
  open override var threadIdentifier: String {
    get { storage.read(\.threadIdentifier) }
    set { storage.write { $0.threadIdentifier = newValue } }
  }
  /// The category whose actions the notification shows.
  open override var categoryIdentifier: String {
    get { storage.read(\.categoryIdentifier) }
    set { storage.write { $0.categoryIdentifier = newValue } }
  }
  /// Media shown with the notification.
  open override var attachments: [UNNotificationAttachment] {
    get { storage.read(\.attachments) }
    set { storage.write { $0.attachments = newValue } }
  }
  /// The launch image name.
  open override var launchImageName: String {
    get { storage.read(\.launchImageName) }
    set { storage.write { $0.launchImageName = newValue } }
  }
  /// The scene a tap activates.
  open override var targetContentIdentifier: String? {
    get { storage.read(\.targetContentIdentifier) }
    set { storage.write { $0.targetContentIdentifier = newValue } }
  }
  /// The legacy summary argument (deprecated in iOS 15).
  open override var summaryArgument: String {
    get { storage.read(\.summaryArgument) }
    set { storage.write { $0.summaryArgument = newValue } }
  }
  /// The legacy summary argument count (deprecated in iOS 15).
  open override var summaryArgumentCount: Int {
    get { storage.read(\.summaryArgumentCount) }
    set { storage.write { $0.summaryArgumentCount = newValue } }
  }
  /// How urgently the notification interrupts.
  open override var interruptionLevel: UNNotificationInterruptionLevel {
    get { storage.read(\.interruptionLevel) }
    set { storage.write { $0.interruptionLevel = newValue } }
  }
  /// The relevance score (0…1).
  open override var relevanceScore: Double {
    get { storage.read(\.relevanceScore) }
    set { storage.write { $0.relevanceScore = newValue } }
  }
  /// The Focus filter criteria.
  open override var filterCriteria: String? {
    get { storage.read(\.filterCriteria) }
    set { storage.write { $0.filterCriteria = newValue } }
  }
}
