/// A registered notification category: actions, options and summary texts (Behavior.md §4, §8).
///
/// Mirrors `UNNotificationCategory` and the scenario format's category object.
public struct NotificationCategory: Sendable, Equatable {
  /// The identifier a payload's `aps.category` names.
  public var id: String
  /// Custom actions, in the order the system shows them.
  public var actions: [NotificationAction]
  /// `UNNotificationCategoryOptions` (Behavior.md §8).
  public var options: Set<Option>
  /// `categorySummaryFormat`: `%u` = notifications besides the leading one, `%@` = distinct
  /// `summary-arg` values (Rules.md §4). `nil` uses `%u more notifications`.
  public var summaryFormat: String?
  /// `hiddenPreviewsBodyPlaceholder`: `%u` = notifications in the thread (Rules.md §5
  /// step 8). `nil` uses `Notification`.
  public var hiddenPreviewsBodyPlaceholder: String?

  /// Creates a category.
  public init(
    id: String, actions: [NotificationAction] = [], options: Set<Option> = [],
    summaryFormat: String? = nil, hiddenPreviewsBodyPlaceholder: String? = nil
  ) {
    self.id = id
    self.actions = actions
    self.options = options
    self.summaryFormat = summaryFormat
    self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder
  }

  /// The action with this identifier, if the category has one.
  package func action(_ identifier: String) -> NotificationAction? {
    actions.first { $0.id == identifier }
  }

  /// `UNNotificationCategoryOptions` members (Behavior.md §8); raw values are the scenario
  /// spellings.
  public enum Option: String, Sendable, Hashable, Codable, CaseIterable {
    /// The app hears explicit dismissals (Rules.md §8).
    case customDismissAction
    /// Hidden previews keep the title (Rules.md §5 step 8).
    case hiddenPreviewsShowTitle
    /// Hidden previews keep the subtitle (Rules.md §5 step 8).
    case hiddenPreviewsShowSubtitle
    /// Shown in CarPlay (no effect in PushSim).
    case allowInCarPlay
  }
}
