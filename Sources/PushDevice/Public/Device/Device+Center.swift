import Foundation

extension Device {
  /// Notification Center as the app's grouping setting shows it (`expect.center`).
  ///
  /// Rules.md §4: groups by their newest notification, newest first; inside a group
  /// newest first; ties keep arrival order, later first. The summary line is the leading
  /// notification's category `summaryFormat` (or ``DefaultGroupSummary``) with `%u` = the others
  /// in the group and `%@` = their distinct `summary-arg` values; a group of one has none.
  ///
  /// - Complexity: O(n) in the notifications shown.
  public var center: [CenterGroup] {
    let grouping = app.settings.grouping
    return centerPart.store.groups(grouping).map { group in
      CenterGroup(
        thread: group.thread, entries: group.entries,
        summary: group.entries.first.flatMap { leading in
          summaryLine(leading: leading, count: group.entries.count) {
            centerPart.store.summaryArguments(ofGroup: group.thread, grouping)
          }
        })
    }
  }

  /// The top of Notification Center: its first `limit` groups, each with its leading
  /// notification, size and summary line, and how many groups there are in all (what a
  /// drawing of the lock screen shows).
  ///
  /// - Complexity: O(limit) plus the shown groups' distinct `summary-arg` values, whatever the
  ///   center holds under them (``center`` lists everything).
  package func centerTop(limit: Int) -> (groups: [CenterGroupHead], groupCount: Int) {
    let grouping = app.settings.grouping
    let groups = centerPart.store.firstGroups(grouping, limit: limit).map { group in
      CenterGroupHead(
        thread: group.thread, leading: group.leading, count: group.count,
        summary: summaryLine(leading: group.leading, count: group.count) {
          centerPart.store.summaryArguments(ofGroup: group.thread, grouping)
        })
    }
    return (groups, centerPart.store.groupCount(grouping))
  }

  /// Every notification in Notification Center, newest first.
  public var deliveredNotifications: [DeliveredNotification] { centerPart.store.newestFirst() }

  /// The number of notifications in Notification Center.
  package var centerCount: Int { centerPart.store.count }

  /// A notification (delivered, held, replaced, tapped…) by push id, with its lock-screen
  /// text as the device would show it now (`expect.notification`).
  public func notification(_ push: String) -> NotificationRecord? {
    guard let position = history.position(of: push) else { return nil }
    return notification(ofPushAt: position)
  }

  /// ``notification(_:)`` of the push at `position` in ``pushes`` (a report walking them in
  /// order looks no id up).
  package func notification(ofPushAt position: Int) -> NotificationRecord? {
    guard let kept = history.notification(at: position), history.ordered.indices.contains(position)
    else { return nil }
    var record = NotificationRecord(
      push: history.ids[position], request: kept.request, presentation: kept.presentation,
      effectiveLevel: kept.effectiveLevel, language: kept.language)
    record.lockScreenText = lockScreenText(for: kept.request.content)
    record.status = history.ordered[position].status
    return record
  }

  /// The title and body of the notification a push of this device became (what
  /// ``notification(_:)`` reads), without building its record: a transcript reads them for
  /// every delivered event.
  package func notificationText(_ push: String) -> (title: String, body: String)? {
    guard let content = history.notification(of: push)?.request.content else { return nil }
    return (content.title, content.body)
  }

  /// The summary line of a group of `count` led by `leading` (Rules.md §4); `arguments` are
  /// the group's distinct `summary-arg` values, newest first.
  func summaryLine(
    leading: DeliveredNotification, count: Int, arguments: () -> [String]
  ) -> String? {
    guard count > 1 else { return nil }
    let format =
      app.category(leading.content.categoryIdentifier)?.summaryFormat
      ?? DefaultGroupSummary.format(count: count - 1, languages: configuration.languages)
    return formatCategoryText(
      format, count: count - 1, argument: arguments().joined(separator: ", "))
  }

  /// Whether the lock screen hides notification previews now (Show Previews, Rules.md §5
  /// step 8).
  var previewsHidden: Bool {
    switch app.settings.showPreviews {
    case .always: false
    case .never: true
    case .whenUnlocked: configuration.locked
    }
  }

  /// The lock-screen text (Rules.md §5 step 8), for the device's state now.
  func lockScreenText(for content: NotificationContent) -> LockScreenText {
    guard previewsHidden else {
      return LockScreenText(title: content.title, subtitle: content.subtitle, body: content.body)
    }
    let category = app.category(content.categoryIdentifier)
    let options = category?.options ?? []
    let title = options.contains(.hiddenPreviewsShowTitle) ? content.title : app.displayName
    let subtitle = options.contains(.hiddenPreviewsShowSubtitle) ? content.subtitle : ""
    let body: String
    if let placeholder = category?.hiddenPreviewsBodyPlaceholder {
      let inThread = max(1, centerPart.store.count(thread: content.threadIdentifier))
      body = formatCategoryText(placeholder, count: inThread, argument: "")
    } else {
      body = "Notification"
    }
    return LockScreenText(title: title, subtitle: subtitle, body: body, hidden: true)
  }
}
