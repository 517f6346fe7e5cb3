/// The text the lock screen shows for a notification (Rules.md §5 step 8).
///
/// With previews hidden (`never`, or `whenUnlocked` while locked) the title is the app name and
/// the body the category's `hiddenPreviewsBodyPlaceholder` (`%u` = notifications in the thread)
/// or `Notification`, unless the category keeps the title or subtitle.
public struct LockScreenText: Sendable, Hashable {
  /// The title line.
  public var title: String
  /// The subtitle line (`""` when none).
  public var subtitle: String
  /// The body.
  public var body: String
  /// Whether previews were hidden.
  public var hidden: Bool

  /// Creates a text.
  package init(title: String, subtitle: String = "", body: String, hidden: Bool = false) {
    self.title = title
    self.subtitle = subtitle
    self.body = body
    self.hidden = hidden
  }
}
