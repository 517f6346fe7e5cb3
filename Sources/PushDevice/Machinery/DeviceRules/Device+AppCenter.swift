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
  package static let maximumPendingLocalNotifications = LocalNotificationSchedule.maximumPending

  /// A repeating local notification's firings logged in full (Rules.md §9.9,
  /// ``LocalNotificationSchedule/loggedFirings``).
  package static let loggedLocalFirings = LocalNotificationSchedule.loggedFirings

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
        DeviceEvent.AuthorizationRequested(), nil, .device,
        "the app asks for provisional authorization: granted without a prompt")
    case .notDetermined:
      let allows = configuration.userAllowsNotifications
      authorization = NotificationAuthorization(
        status: allows ? .authorized : .denied, options: allows ? options : [])
      log(
        DeviceEvent.AuthorizationRequested(granted: allows), nil, .device,
        "the app asks for permission: the user taps "
          + (allows ? "Allow" : "Don't Allow") + " (the prompt is shown only once)")
    case .authorized, .provisional, .denied:
      log(
        DeviceEvent.AuthorizationRequested(), nil, .device,
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
    guard
      let fireDate = LocalNotificationSchedule.nextFireDate(
        trigger, after: clock.now, first: true, timeZone: clock.timeZone)
    else {
      throw .invalidNoDate
    }
    let discarded = localNotifications.add(request, trigger: trigger, fireDate: fireDate)
    log(
      DeviceEvent.LocalScheduled(identifier: request.identifier), nil, .device,
      "the app schedules local notification \(request.identifier) for "
        + VirtualTimeFormat.text(fireDate))
    if let latest = discarded {
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
      guard let entry = centerPart.remove(identifier: identifier) else { continue }
      setStatus(entry.push, .removed, reason: "removed by the app")
      removed.append(entry.push)
    }
    log(
      DeviceEvent.CenterRemoved(notifications: removed), nil, .device,
      "the app removes \(removed.count) delivered notification(s) from Notification Center")
  }

  /// The app removes every delivered notification.
  package mutating func removeAllDeliveredNotifications() {
    removeDeliveredNotifications(centerPart.store.newestFirst().map(\.request.identifier))
  }

  /// The app sets its icon's badge (`setBadgeCount(_:)`).
  package mutating func setBadgeCount(_ count: Int) {
    let badge = centerPart.setBadge(count)
    log(
      DeviceEvent.Badge(badge: badge), nil, .device,
      count == 0 ? "the app clears its badge" : "the app sets its badge to \(badge)")
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
    // The app's own willPresent answers later, outside this call: such a firing is logged.
    let asksWillPresent =
      app.state == .foreground
      && localNotifications[identifier].map {
        appCodeTakes(.askWillPresent(PendingWillPresent(push: identifier, request: $0.request)))
      } == true
    guard
      let firing = localNotifications.fire(
        identifier, now: clock.now, timeZone: clock.timeZone, mayCount: !asksWillPresent)
    else { return }
    let push = firing.push
    if let next = firing.next {
      clock.schedule(.localNotification(identifier: identifier), at: next)
    }
    if firing.isCounted, firing.previousCounted == nil {
      log(
        DeviceEvent.LocalFired(identifier: identifier, counted: true), push, .device,
        "local notification \(identifier) fires for the \(firing.count)th time: from now on "
          + "its firings are counted, not logged, each taking the place of the one before "
          + "(Rules.md §9.9)")
    }
    localNotifications.isPlayingCountedFiring = firing.isCounted
    defer { localNotifications.isPlayingCountedFiring = false }
    history[push] = PushRecord(id: push, received: clock.now)
    log(
      DeviceEvent.LocalFired(identifier: identifier), push, .device,
      "local notification \(identifier) fires: no APNs step, no service extension")
    let request = NotificationRequest(
      identifier: identifier, content: firing.request.content, date: clock.now)
    history[push]?.requestIdentifier = identifier
    present(push, request: request)
    if firing.isCounted, let previous = firing.previousCounted,
      centerPart.store.entry(push: previous) == nil,
      centerPart.heldPush(identifier: identifier) != previous
    {
      history.takeOver(previous)
    }
  }

}
