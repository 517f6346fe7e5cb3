/// A notification center in memory, for app code run with no simulated device.
///
/// It keeps what iOS keeps for one app (Behavior.md §7.2–§7.4):
/// - pending requests by identifier, in the order added; adding an identifier again replaces the
///   request; at most ``Configuration/maximumPendingRequests`` (64) are kept: the soonest to fire,
///   the rest discarded silently, as Apple documents for local notifications;
/// - a request with no trigger is delivered at once and replaces a delivered notification with its
///   identifier; ``fireDueRequests()`` delivers pending requests whose time has come, keeping
///   repeating ones;
/// - authorization answered as ``Configuration/userAllowsNotifications`` says, with one prompt
///   (``authorizationPromptCount``); `.provisional` is granted without one;
/// - `add` fails with `notificationsNotAllowed` while not authorized (denied or not yet asked;
///   `source: model`), and with `notificationInvalidNoDate` for a calendar trigger no date matches;
/// - categories, delivered notifications and the badge.
package actor StandaloneNotificationCenterBackend: UserNotificationCenterBackend {
  /// How the simulated user and system behave.
  package struct Configuration: Sendable {
    /// Whether the user taps Allow on the prompt.
    package var userAllowsNotifications = true
    /// The pending-request limit (64, the figure Apple gives for local notifications).
    package var maximumPendingRequests = 64
    /// `supportsContentExtensions` (true on iPhone).
    package var supportsContentExtensions = true
    /// The clock (the wall clock by default).
    package var now: @Sendable () -> Date = { Date() }

    /// The defaults: the user allows, 64 pending requests, the wall clock.
    package init() {}
  }

  private struct Pending {
    var request: UNNotificationRequest
    var fireDate: Date?
  }

  private let configuration: Configuration
  private var pending: [Pending] = []
  private var delivered: [UNNotification] = []
  private var categories: Set<UNNotificationCategory> = []
  private var status: UNAuthorizationStatus = .notDetermined
  private var granted: UNAuthorizationOptions = []
  /// How many times the user was shown the permission prompt.
  package private(set) var authorizationPromptCount = 0
  /// The app's badge (`nil` until set).
  package private(set) var badgeCount: Int?

  /// Creates an empty center.
  package init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  package nonisolated func now() -> Date { configuration.now() }

  package nonisolated var supportsContentExtensions: Bool {
    configuration.supportsContentExtensions
  }

  package func requestAuthorization(options: UNAuthorizationOptions) async throws -> Bool {
    switch status {
    case .notDetermined where options.contains(.provisional):
      status = .provisional
      granted = options
      return true
    case .notDetermined, .provisional:
      if status == .provisional && options.contains(.provisional) { return true }
      authorizationPromptCount += 1
      status = configuration.userAllowsNotifications ? .authorized : .denied
      granted = configuration.userAllowsNotifications ? options : []
      return configuration.userAllowsNotifications
    case .denied:
      return false
    case .authorized, .ephemeral:
      return true
    }
  }

  package func notificationSettings() async -> UNNotificationSettings {
    UNNotificationSettings(status: status, granted: granted)
  }

  package func setNotificationCategories(_ categories: Set<UNNotificationCategory>) async {
    self.categories = categories
  }

  package func notificationCategories() async -> Set<UNNotificationCategory> { categories }

  package func add(_ request: UNNotificationRequest) async throws {
    guard status == .authorized || status == .provisional || status == .ephemeral else {
      throw UNError.make(
        .notificationsNotAllowed, "Notifications are not allowed for this application")
    }
    let now = now()
    guard let trigger = request.trigger else {
      deliver(request, at: now)
      return
    }
    let fireDate = trigger.nextDate(after: now)
    if trigger is UNCalendarNotificationTrigger, fireDate == nil {
      throw UNError.make(
        .notificationInvalidNoDate, "No date matches the trigger's date components")
    }
    pending.removeAll { $0.request.identifier == request.identifier }
    pending.append(Pending(request: request, fireDate: fireDate))
    if pending.count > configuration.maximumPendingRequests {
      // Keep the soonest to fire; a request that never fires sorts last. Stable for equal dates.
      let kept = pending.enumerated()
        .sorted { a, b in
          let x = a.element.fireDate ?? .distantFuture
          let y = b.element.fireDate ?? .distantFuture
          return x == y ? a.offset < b.offset : x < y
        }
        .prefix(configuration.maximumPendingRequests)
        .map(\.offset)
      let keep = Set(kept)
      pending = pending.enumerated().filter { keep.contains($0.offset) }.map(\.element)
    }
  }

  package func pendingNotificationRequests() async -> [UNNotificationRequest] {
    pending.map(\.request)
  }

  package func removePendingNotificationRequests(withIdentifiers identifiers: [String]) async {
    let removed = Set(identifiers)
    pending.removeAll { removed.contains($0.request.identifier) }
  }

  package func removeAllPendingNotificationRequests() async { pending.removeAll() }

  package func deliveredNotifications() async -> [UNNotification] { delivered }

  package func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async {
    let removed = Set(identifiers)
    delivered.removeAll { removed.contains($0.request.identifier) }
  }

  package func removeAllDeliveredNotifications() async { delivered.removeAll() }

  package func setBadgeCount(_ newBadgeCount: Int) async throws { badgeCount = newBadgeCount }

  /// Delivers every pending request whose fire date is not after now; a repeating request stays
  /// pending with its next date, the others leave the pending list.
  ///
  /// - Returns: The notifications delivered, oldest fire date first.
  @discardableResult
  package func fireDueRequests() -> [UNNotification] {
    let now = now()
    var fired: [UNNotification] = []
    var remaining: [Pending] = []
    for entry in pending {
      guard let date = entry.fireDate, date <= now else {
        remaining.append(entry)
        continue
      }
      fired.append(deliver(entry.request, at: date))
      if let trigger = entry.request.trigger, trigger.repeats,
        let next = trigger.nextDate(after: max(now, date))
      {
        remaining.append(Pending(request: entry.request, fireDate: next))
      }
    }
    pending = remaining
    return fired.sorted { $0.date < $1.date }
  }

  @discardableResult
  private func deliver(_ request: UNNotificationRequest, at date: Date) -> UNNotification {
    let notification = UNNotification(request: request, date: date)
    delivered.removeAll { $0.request.identifier == request.identifier }
    delivered.append(notification)
    if let badge = request.content.badge { badgeCount = badge.intValue }
    return notification
  }
}
