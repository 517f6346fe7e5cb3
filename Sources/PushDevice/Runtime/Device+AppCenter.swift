import Foundation
import PushPayload

/// When a local notification fires: the trigger of a `UNNotificationRequest` the app adds
/// (Behavior.md §7.6), in the device's virtual time.
package enum LocalTrigger: Sendable, Equatable {
  /// No trigger: delivered at once.
  case immediately
  /// `UNTimeIntervalNotificationTrigger`: after `interval` seconds, again every `interval`
  /// when it repeats.
  case timeInterval(TimeInterval, repeats: Bool)
  /// `UNCalendarNotificationTrigger`: at the next date matching `components` in the device's
  /// time zone, and at each later match when it repeats.
  case calendar(DateComponents, repeats: Bool)
}

/// A local notification waiting for its trigger.
package struct PendingLocalNotification: Sendable, Equatable {
  /// The request as the app added it.
  package var request: NotificationRequest
  /// Its trigger.
  package var trigger: LocalTrigger
  /// When it fires next.
  package var fireDate: Date
  /// Order of addition (to keep the soonest 64 stably).
  var sequence: Int
  /// How many times it has fired.
  package internal(set) var firings = 0
  /// The push id of its latest counted firing (past the first
  /// ``Device/loggedLocalFirings``, Rules.md §9.9), whose record the next one takes over.
  var countedPush: String?
}

/// Why an app's local notification was refused (`UNErrorCode`).
package enum LocalNotificationError: Error, Sendable, Equatable {
  /// Notifications are not allowed for the app (`UNErrorCodeNotificationsNotAllowed`).
  case notificationsNotAllowed
  /// A calendar trigger no date matches (`UNErrorCodeNotificationInvalidNoDate`).
  case invalidNoDate
}

extension Device {
  /// iOS keeps the soonest 64 local notifications an app schedules and discards the rest
  /// (Behavior.md §7.6).
  package static let maximumPendingLocalNotifications = 64

  /// A repeating local notification's firings logged and recorded in full; later firings are
  /// played alike but counted, not logged, and each takes over the record of the one before
  /// once that one has left Notification Center, so a reminder every minute for years runs in
  /// bounded memory (Rules.md §9.9).
  package static let loggedLocalFirings = 100

  /// The local notifications waiting for their triggers, soonest first
  /// (`pendingNotificationRequests`).
  package var pendingLocalNotifications: [PendingLocalNotification] {
    localNotifications.soonestFirst
  }

  /// The app asks for permission (`requestAuthorization(options:)`): the prompt shows once,
  /// while the status is `notDetermined`, and the user answers as
  /// ``DeviceConfiguration/userAllowsNotifications`` says; `provisional` is granted without a
  /// prompt. Returns whether alerts are allowed now.
  package mutating func requestAuthorization(
    _ options: Set<NotificationAuthorization.Option>, provisional: Bool = false
  ) -> Bool {
    var authorization = app.authorization
    switch authorization.status {
    case .notDetermined where provisional:
      authorization = NotificationAuthorization(status: .provisional, options: options)
      log(
        .authorizationRequested, nil, .device,
        "the app asks for provisional authorization: granted without a prompt")
    case .notDetermined:
      let allows = configuration.userAllowsNotifications
      authorization = NotificationAuthorization(
        status: allows ? .authorized : .denied, options: allows ? options : [])
      log(
        .authorizationRequested, nil, .device,
        "the app asks for permission: the user taps "
          + (allows ? "Allow" : "Don't Allow") + " (the prompt is shown only once)",
        ["granted": .init(.bool(allows))])
    case .authorized, .provisional, .denied:
      log(
        .authorizationRequested, nil, .device,
        "the app asks for permission again: no prompt, the status stays "
          + authorization.status.rawValue)
    }
    app.authorization = authorization
    return authorization.status == .authorized || authorization.status == .provisional
  }

  /// The app schedules a local notification (`add(_:)`): delivered through presentation,
  /// grouping and Notification Center when its trigger fires, with no APNs step and no
  /// service extension (Behavior.md §7.6). Adding an identifier again replaces its request.
  ///
  /// - Throws: ``LocalNotificationError`` when notifications are not allowed or a calendar
  ///   trigger matches no date.
  package mutating func addLocalNotification(_ request: NotificationRequest, trigger: LocalTrigger)
    throws(LocalNotificationError)
  {
    let status = app.authorization.status
    guard status == .authorized || status == .provisional else {
      log(
        .localRefused, nil, .device,
        "the app adds local notification \(request.identifier), but notifications are not allowed")
      throw .notificationsNotAllowed
    }
    guard let fireDate = nextFireDate(trigger, after: clock.now, first: true) else {
      throw .invalidNoDate
    }
    localNotifications.add(request, trigger: trigger, fireDate: fireDate)
    log(
      .localScheduled, nil, .device,
      "the app schedules local notification \(request.identifier) for "
        + VirtualTimeFormat.text(fireDate),
      ["identifier": .init(.string(request.identifier))])
    if localNotifications.pending.count > Self.maximumPendingLocalNotifications,
      let latest = pendingLocalNotifications.last
    {
      localNotifications[latest.request.identifier] = nil
      log(
        .localDiscarded, nil, .device,
        "more than \(Self.maximumPendingLocalNotifications) pending local notifications: iOS "
          + "keeps the soonest and discards \(latest.request.identifier)")
    }
    clock.schedule(.localNotification(identifier: request.identifier), at: fireDate)
    if fireDate <= clock.now { fireLocalNotification(request.identifier) }
  }

  /// The app removes pending local notifications (`removePendingNotificationRequests`).
  package mutating func removePendingLocalNotifications(_ identifiers: [String]) {
    for identifier in identifiers { localNotifications[identifier] = nil }
  }

  /// The app removes all pending local notifications.
  package mutating func removeAllPendingLocalNotifications() {
    localNotifications.removeAll()
  }

  /// The app removes delivered notifications (`removeDeliveredNotifications(withIdentifiers:)`),
  /// as a chat app does when a message was read on another device: they leave Notification
  /// Center (status `removed`).
  package mutating func removeDeliveredNotifications(_ identifiers: [String]) {
    var removed: [String] = []
    for identifier in identifiers {
      guard let entry = store.remove(identifier: identifier) else { continue }
      setStatus(entry.push, .removed, reason: "removed by the app")
      removed.append(entry.push)
    }
    log(
      .centerRemoved, nil, .device,
      "the app removes \(removed.count) delivered notification(s) from Notification Center",
      ["notifications": .init(.array(removed.map { .init(.string($0)) }))])
  }

  /// The app removes every delivered notification.
  package mutating func removeAllDeliveredNotifications() {
    removeDeliveredNotifications(store.newestFirst().map(\.request.identifier))
  }

  /// The app sets its icon's badge (`setBadgeCount(_:)`).
  package mutating func setBadgeCount(_ count: Int) {
    badge = max(0, count)
    log(
      .badge, nil, .device,
      count == 0 ? "the app clears its badge" : "the app sets its badge to \(badge)",
      ["badge": .init(.number(JSONNumber(badge)))])
  }

  /// The app replaces its notification categories (`setNotificationCategories(_:)`).
  package mutating func setCategories(_ categories: [NotificationCategory]) {
    app.categories = categories
  }

  // MARK: Firing

  /// A local notification's trigger fired: present it, and schedule the next firing when it
  /// repeats. Past its first ``loggedLocalFirings`` firings, a repeating request's firing is
  /// counted, not logged, and takes over the record of its previous counted firing once that
  /// one has left Notification Center (Rules.md §9.9): memory stays bounded however long the
  /// clock runs.
  mutating func fireLocalNotification(_ identifier: String) {
    guard var pending = localNotifications[identifier], pending.fireDate <= clock.now else {
      return
    }
    pending.firings += 1
    let push = localNotifications.nextFiringID()
    let previous = pending.countedPush
    // The app's own willPresent answers later, outside this call: such a firing is logged.
    let counted =
      pending.firings > Self.loggedLocalFirings
      && !(app.state == .foreground
        && appCodeTakes(.askWillPresent(PendingWillPresent(push: push, request: pending.request))))
    if counted { pending.countedPush = push }
    if let next = nextFireDate(pending.trigger, after: clock.now, first: false) {
      pending.fireDate = next
      localNotifications[identifier] = pending
      clock.schedule(.localNotification(identifier: identifier), at: next)
    } else {
      localNotifications[identifier] = nil
    }
    if counted, previous == nil {
      log(
        .localFired, push, .device,
        "local notification \(identifier) fires for the \(pending.firings)th time: from now on "
          + "its firings are counted, not logged, each taking the place of the one before "
          + "(Rules.md §9.9)",
        ["identifier": .init(.string(identifier)), "counted": .init(.bool(true))])
    }
    isQuiet = counted
    defer { isQuiet = false }
    records[push] = PushRecord(id: push, received: clock.now)
    log(
      .localFired, push, .device,
      "local notification \(identifier) fires: no APNs step, no service extension",
      ["identifier": .init(.string(identifier))])
    let request = NotificationRequest(
      identifier: identifier, content: pending.request.content, date: clock.now)
    records[push]?.requestIdentifier = identifier
    present(push, request: request)
    if counted, let previous, store.entry(push: previous) == nil,
      held[identifier]?.push != previous
    {
      takeOverRecord(of: previous)
    }
  }

  /// The newest record (a counted firing's) takes the place of `previous`'s, which is dropped
  /// with the notification it made.
  private mutating func takeOverRecord(of previous: String) {
    guard let place = records.moveLast(into: previous) else { return }
    let last = records.ordered.count
    // Shorter than the records when the newest made no notification: nothing to move.
    guard place < keptNotifications.count else { return }
    keptNotifications[place] = last < keptNotifications.count ? keptNotifications[last] : nil
    if keptNotifications.count > last {
      keptNotifications.removeLast(keptNotifications.count - last)
    }
  }

  /// The next date `trigger` fires after `date` (`nil`: never).
  func nextFireDate(_ trigger: LocalTrigger, after date: Date, first: Bool) -> Date? {
    switch trigger {
    case .immediately:
      return first ? date : nil
    case .timeInterval(let interval, let repeats):
      guard interval > 0, first || repeats else { return nil }
      return date.addingTimeInterval(interval)
    case .calendar(let components, let repeats):
      guard first || repeats else { return nil }
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = clock.timeZone
      return calendar.nextDate(
        after: date, matching: components, matchingPolicy: .nextTime, direction: .forward)
    }
  }
}
