/// The `aps` dictionary, read with safe optional casts (Behavior.md §1.2; Rules.md §2).
///
/// Every key of Apple's Table 1 is here, plus the Live Activity keys and `url-args`. A value of
/// the wrong type is absent (or, for the flags, not set) and adds a diagnostic to
/// ``Payload/diagnostics``; nothing here traps on input.
public struct APS: Sendable, Equatable {
  /// `alert`.
  public var alert: Alert?
  /// `badge`: a non-negative integer; `nil` leaves the badge unchanged, 0 clears it (Behavior.md
  /// §7.4).
  public var badge: Int?
  /// `sound` (string or critical dictionary).
  public var sound: Sound?
  /// `thread-id`: the group (UNNotificationContent.threadIdentifier).
  public var threadID: String?
  /// `category`: a registered UNNotificationCategory identifier.
  public var category: String?
  /// `content-available: 1`: wake the app in the background (Behavior.md §7.1).
  public var contentAvailable: Bool
  /// `mutable-content: 1`: run the service extension (Behavior.md §6.1).
  public var mutableContent: Bool
  /// `target-content-id`: the scene to bring forward.
  public var targetContentID: String?
  /// `interruption-level` as written; `nil` when absent. An unknown level reads as `.active`.
  public var interruptionLevel: InterruptionLevel?
  /// `relevance-score`: 0…1 for notifications (clamped), any number for Live Activities;
  /// `0` is 0, not absent.
  public var relevanceScore: Double?
  /// `filter-criteria`: evaluated against the current Focus filter.
  public var filterCriteria: String?
  /// Live Activity `event`: `start`, `update` or `end`.
  public var event: String?
  /// Live Activity `timestamp` (UNIX seconds).
  public var timestamp: Double?
  /// Live Activity `content-state`.
  public var contentState: JSONValue?
  /// Live Activity `stale-date` (UNIX seconds).
  public var staleDate: Double?
  /// Live Activity `dismissal-date` (UNIX seconds).
  public var dismissalDate: Double?
  /// Live Activity push-to-start `attributes-type`.
  public var attributesType: String?
  /// Live Activity push-to-start `attributes`.
  public var attributes: JSONValue?
  /// Live Activity push-to-start `input-push-token: 1` (iOS 18+).
  public var inputPushToken: Bool
  /// Live Activity push-to-start `input-push-channel` (iOS 18+).
  public var inputPushChannel: String?
  /// Safari website push `url-args`.
  public var urlArguments: [String]?
  /// Keys inside `aps` that Apple does not define (APNs ignores them, Behavior.md §1.1).
  public var unknownKeys: [String]

  /// Creates an empty `aps` (nothing set).
  public init() {
    contentAvailable = false
    mutableContent = false
    inputPushToken = false
    unknownKeys = []
  }

  /// The level the device uses: the one written; else `.critical` when the sound dictionary
  /// says `critical: 1` (Apple documents the flag alone as enabling a critical alert, and apps
  /// send exactly that); else `.active` (Behavior.md §1.4, §5.1). A level written beside the
  /// flag wins over it (`source: model`).
  public var effectiveInterruptionLevel: InterruptionLevel {
    interruptionLevel ?? (sound?.isCritical == true ? .critical : .active)
  }

  /// Whether this is a Live Activity push (it has an `event` or a `content-state`).
  public var isLiveActivity: Bool { event != nil || contentState != nil }

  /// Whether the push shows or sounds something: an alert, a sound or a badge.
  public var hasVisibleContent: Bool { alert != nil || sound != nil || badge != nil }

  /// A background push in the sense of Rules.md §6: `content-available` and no
  /// alert, sound or badge.
  public var isBackgroundOnly: Bool { contentAvailable && !hasVisibleContent }

  /// The keys Apple defines inside `aps` (Behavior.md §1.2 and the keys listed after it).
  public static let knownKeys: Set<String> = [
    "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
    "target-content-id", "interruption-level", "relevance-score", "filter-criteria", "stale-date",
    "content-state", "timestamp", "event", "dismissal-date", "attributes-type", "attributes",
    "input-push-token", "input-push-channel", "url-args",
  ]
}
