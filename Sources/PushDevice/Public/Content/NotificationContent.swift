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
  /// The conversation, sender and avatar of a communication notification (iOS 15): set by the
  /// app's code through `updating(from:)` with an `INSendMessageIntent` or `INStartCallIntent`;
  /// `nil` for a plain notification (Rules.md §16).
  public var communication: NotificationCommunication?
  /// The whole payload, `aps` included, as the app receives it.
  ///
  /// Content made from a push keeps the push's body (shared with whoever sent it) rather than a
  /// tree, and reads it again on each access: a payload is read far less often than a device
  /// keeps it (``PayloadSource``).
  public var payload: JSONValue {
    get { payloadSource.value }
    set { payloadSource = .tree(newValue) }
  }
  /// ``payload`` written by `JSONWriter.prettyValue(_:level:)`, from the push body when the
  /// content keeps one (no tree is read for it).
  package func writePayload(into writer: inout JSONWriter, level: Int) {
    if case .body(let bytes) = payloadSource, writer.prettyJSON(bytes, level: level) { return }
    writer.prettyValue(payload, level: level)
  }

  /// Where ``payload`` comes from.
  var payloadSource = PayloadSource.tree(JSONValue(.object(JSONObject())))

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
    self.payloadSource = .tree(payload)
  }

  /// `userInfo` as an iOS app receives it: the whole payload as Foundation values.
  public var userInfo: [AnyHashable: Any] {
    (payload.foundationValue as? [AnyHashable: Any]) ?? [:]
  }

  /// Whether the alert shows any text (a service extension only runs for visible alerts).
  package var hasVisibleText: Bool { !title.isEmpty || !subtitle.isEmpty || !body.isEmpty }
}

/// Where a notification's payload comes from: a tree (built in code, or set by a service
/// extension), or the JSON body of the push it came from.
///
/// The body is the exact bytes APNs accepted (already read once as a JSON object), so reading
/// it again gives the same tree, members, duplicates and byte ranges included, in storage of
/// exactly its size; the device keeps a few hundred shared bytes per notification instead of a
/// tree of several times that size.
enum PayloadSource: Sendable, Equatable {
  /// A tree (boxed: most content keeps a body instead).
  indirect case tree(JSONValue)
  /// A push body that reads as a JSON object.
  case body([UInt8])

  /// The payload tree.
  var value: JSONValue {
    switch self {
    case .tree(let tree):
      return tree
    case .body(let bytes):
      // The body was read as an object before it became a notification; an empty object
      // stands in should that ever not hold.
      return (try? JSONDocument(parsing: bytes, compact: true))?.root
        ?? JSONValue(.object(JSONObject()))
    }
  }

  static func == (lhs: PayloadSource, rhs: PayloadSource) -> Bool {
    if case .body(let left) = lhs, case .body(let right) = rhs, left == right { return true }
    return lhs.value == rhs.value
  }
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
