/// `aps.alert`: what a notification displays (Behavior.md §1.3, Apple Table 2).
///
/// A string alert is the body. The dictionary form carries literal texts, localization keys and
/// their arguments, and legacy keys. Live Activity alerts may write `title` and `body` as
/// `{"loc-key": …, "loc-args": […]}` objects (Behavior.md §1.3, [LA]); those fill ``titleLocKey`` /
/// ``titleLocArguments`` and ``locKey`` / ``locArguments``. Values of the wrong type are absent,
/// with a diagnostic (Rules.md §2).
public struct Alert: Sendable, Hashable {
  /// How the alert was written.
  public enum Form: String, Sendable, Hashable {
    /// `"alert": "text"`: the text is the body.
    case string
    /// `"alert": {…}`.
    case dictionary
  }

  /// Which form the payload used.
  public var form: Form
  /// `title`.
  public var title: String?
  /// `subtitle`.
  public var subtitle: String?
  /// `body` (or the whole string alert).
  public var body: String?
  /// `title-loc-key` (or `title.loc-key` in a Live Activity alert).
  public var titleLocKey: String?
  /// `title-loc-args` (non-string items as their JSON text).
  public var titleLocArguments: [String]?
  /// `subtitle-loc-key`.
  public var subtitleLocKey: String?
  /// `subtitle-loc-args`.
  public var subtitleLocArguments: [String]?
  /// `loc-key`: the localized body (or `body.loc-key` in a Live Activity alert).
  public var locKey: String?
  /// `loc-args`.
  public var locArguments: [String]?
  /// `launch-image`: a launch image name (UNNotificationContent.launchImageName).
  public var launchImage: String?
  /// `action-loc-key`: legacy (pre-iOS 10) button title key; `null` reads as absent.
  public var actionLocKey: String?
  /// `action`: Safari website push button label.
  public var action: String?
  /// `summary-arg`: kept, ignored for display since iOS 15 (Rules.md §2).
  public var summaryArgument: String?
  /// `summary-arg-count`: kept, ignored for display since iOS 15.
  public var summaryArgumentCount: Int?
  /// `sound` inside the alert, as Live Activity payloads write it ([LA]).
  public var sound: Sound?
  /// The keys Apple defines in the alert dictionary (Behavior.md §1.3; `sound` is read only
  /// for Live Activity alerts).
  public static let knownKeys: Set<String> = [
    "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args",
    "subtitle-loc-key", "subtitle-loc-args", "loc-key", "loc-args", "action-loc-key", "action",
    "summary-arg", "summary-arg-count", "sound",
  ]

  /// Keys of the alert dictionary that Apple does not define.
  public var unknownKeys: [String]

  /// Creates an alert; only the body is commonly set in code.
  public init(
    form: Form = .dictionary, title: String? = nil, subtitle: String? = nil, body: String? = nil,
    titleLocKey: String? = nil, titleLocArguments: [String]? = nil,
    subtitleLocKey: String? = nil, subtitleLocArguments: [String]? = nil,
    locKey: String? = nil, locArguments: [String]? = nil, launchImage: String? = nil,
    actionLocKey: String? = nil, action: String? = nil, summaryArgument: String? = nil,
    summaryArgumentCount: Int? = nil, sound: Sound? = nil, unknownKeys: [String] = []
  ) {
    self.form = form
    self.title = title
    self.subtitle = subtitle
    self.body = body
    self.titleLocKey = titleLocKey
    self.titleLocArguments = titleLocArguments
    self.subtitleLocKey = subtitleLocKey
    self.subtitleLocArguments = subtitleLocArguments
    self.locKey = locKey
    self.locArguments = locArguments
    self.launchImage = launchImage
    self.actionLocKey = actionLocKey
    self.action = action
    self.summaryArgument = summaryArgument
    self.summaryArgumentCount = summaryArgumentCount
    self.sound = sound
    self.unknownKeys = unknownKeys
  }

  /// Whether the alert can show text: a title, subtitle or body, literal or localized.
  ///
  /// The service extension runs only for a visible alert (Rules.md §7); a loc-key
  /// counts, since it shows at least the key itself.
  public var hasVisibleText: Bool {
    // Checked one by one: an array literal here allocated on every lint run.
    func visible(_ text: String?) -> Bool { text.map { !$0.isEmpty } ?? false }
    return visible(title) || visible(subtitle) || visible(body) || visible(titleLocKey)
      || visible(subtitleLocKey) || visible(locKey)
  }
}
