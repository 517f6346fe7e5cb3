public import PushPayload

/// What a notification shows and carries, after localization (`UNNotificationContent`).
///
/// Built by the device from a push's `aps` and the app's strings tables; a service extension
/// may change any field (Rules.md §7). Strings that iOS gives as `""` when absent are
/// `""` here too.
public struct NotificationContent: Sendable, Equatable {
  /// The localized title (`""` when none).
  public var title: String = ""
  /// The localized subtitle (`""` when none).
  public var subtitle: String = ""
  /// The localized body (`""` when none).
  public var body: String = ""
  /// The badge to set: `nil` leaves it unchanged, 0 clears it.
  public var badge: Int?
  /// The sound the notification carries, if any (whether it plays is a presentation decision).
  public var sound: NotificationSound?
  /// `aps.thread-id`, `""` when absent.
  public var threadIdentifier: String = ""
  /// `aps.category`, `""` when absent.
  public var categoryIdentifier: String = ""
  /// `aps.interruption-level` (default `active`).
  public var interruptionLevel: InterruptionLevel = .active
  /// `aps.relevance-score` clamped into 0…1 (default 0).
  public var relevanceScore: Double = 0
  /// `aps.target-content-id`.
  public var targetContentIdentifier: String?
  /// `aps.filter-criteria`.
  public var filterCriteria: String?
  /// `aps.alert.launch-image`, `""` when absent.
  public var launchImageName: String = ""
  /// `aps.alert.summary-arg` (deprecated, ignored for display on iOS 15+; kept for `%@` in the
  /// legacy summary line, Rules.md §4).
  public var summaryArgument: String = ""
  /// `aps.alert.summary-arg-count` (deprecated, ignored).
  public var summaryArgumentCount: Int = 1
  /// Attachments (set by a service extension; validated before delivery).
  public var attachments: [NotificationAttachment] = []
  /// The whole payload, `aps` included, as the app receives it.
  public var payload: JSONValue = JSONValue(.object(JSONObject()))

  /// Creates content; every field has the iOS default.
  public init(
    title: String = "", subtitle: String = "", body: String = "", badge: Int? = nil,
    sound: NotificationSound? = nil, threadIdentifier: String = "", categoryIdentifier: String = "",
    interruptionLevel: InterruptionLevel = .active, relevanceScore: Double = 0,
    attachments: [NotificationAttachment] = [],
    payload: JSONValue = JSONValue(.object(JSONObject()))
  ) {
    self.title = title
    self.subtitle = subtitle
    self.body = body
    self.badge = badge
    self.sound = sound
    self.threadIdentifier = threadIdentifier
    self.categoryIdentifier = categoryIdentifier
    self.interruptionLevel = interruptionLevel
    self.relevanceScore = relevanceScore
    self.attachments = attachments
    self.payload = payload
  }

  /// `userInfo` as an iOS app receives it: the whole payload as Foundation values.
  public var userInfo: [AnyHashable: Any] {
    (payload.foundationValue as? [AnyHashable: Any]) ?? [:]
  }

  /// Whether the alert shows any text (a service extension only runs for visible alerts).
  public var hasVisibleText: Bool { !title.isEmpty || !subtitle.isEmpty || !body.isEmpty }
}

/// The sound a notification carries (`UNNotificationSound`).
public enum NotificationSound: Sendable, Hashable {
  /// The system sound (`"default"`).
  case `default`
  /// A sound file the app ships.
  case named(String)
  /// A critical alert sound (`aps.sound` dictionary with `critical: 1`); `nil` name is the
  /// default critical sound.
  case critical(name: String?, volume: Double?)

  /// The name as `expect` compares it: the file name, or `default`.
  public var name: String {
    switch self {
    case .default: "default"
    case .named(let name): name
    case .critical(let name, _): name ?? "default"
    }
  }
}
