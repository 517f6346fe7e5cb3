import Foundation
import PushCore
import PushPayload

/// The app's installs and removals on the device (scenario steps `removeApp` and `installApp`,
/// Rules.md §15.1).
struct AppInstallation: Sendable {
  /// One removal of the app.
  struct Removal: Sendable {
    /// When the person deleted the app.
    var at: Date
    /// When APNs learned of it (the device's next contact with APNs: the removal itself when
    /// online, else the moment it comes online); `nil` until then. The 410's `timestamp`.
    var known: Date?
  }

  /// Every removal so far, oldest first; the last is the current one while ``installed`` is
  /// `false`.
  var removals: [Removal] = []
  /// Whether the app is on the device.
  var installed = true
  /// The device token of each earlier install (hex), with the index of the removal that ended it.
  var retiredTokens: [String: Int] = [:]

  /// Installs after the first: each gets a device token of its own.
  var generation: Int { removals.count - (installed ? 0 : 1) }

  /// The current removal, when APNs knows of it.
  var knownRemoval: Removal? {
    guard !installed, let removal = removals.last, removal.known != nil else { return nil }
    return removal
  }
}

extension Device {
  /// Whether the app is installed (`false` after ``removeApp()`` until ``installApp()``).
  public var isAppInstalled: Bool { installation.installed }

  /// The person deletes the app (scenario step `removeApp`, Rules.md §15.1): its notifications
  /// leave Notification Center and the Scheduled Summary, its pending local notifications and
  /// badge go, its Live Activities end and leave the Lock Screen, it stops running, and its
  /// registration ends. APNs learns of it at the device's next contact (now, when the device is
  /// online) and from then answers every push to the app 410 `Unregistered` with the time it
  /// learned as `timestamp` (``PushRecord/unregisteredAt``). Returns `false`, changing nothing,
  /// when the app is not installed.
  @discardableResult
  public mutating func removeApp() -> Bool {
    settlePendingRun()
    guard installation.installed else { return false }
    let now = clock.now
    if registration.issued { installation.retiredTokens[deviceToken] = installation.removals.count }
    installation.removals.append(
      AppInstallation.Removal(at: now, known: configuration.online ? now : nil))
    installation.installed = false
    log(
      .appRemoved, nil, .device,
      configuration.online
        ? "the person deletes the app: APNs answers 410 Unregistered for it from now on"
        : "the person deletes the app while the device is offline: APNs learns of it when the "
          + "device is next online")
    for push in centerPart.removeEverything() {
      setStatus(push, .removed, reason: "the app was removed")
    }
    localNotifications.removeAll()
    endActivitiesOfRemovedApp()
    registration = RemoteRegistration()
    setAppState(.notRunning, reason: "the app was removed")
    return true
  }

  /// The person installs the app again (scenario step `installApp`, Rules.md §15.1): a fresh
  /// install, whose authorization is `notDetermined`, which is not registered for remote
  /// notifications (registering issues a new device token) and does not run until opened.
  /// Returns `false`, changing nothing, when the app is installed.
  @discardableResult
  public mutating func installApp() -> Bool {
    settlePendingRun()
    guard !installation.installed else { return false }
    installation.installed = true
    app.authorization = NotificationAuthorization(status: .notDetermined, options: [])
    registration = RemoteRegistration()
    pushTypeState = PushTypeState()
    log(
      .appInstalled, nil, .device,
      "the person installs the app again: notification authorization is notDetermined and the "
        + "app must register for remote notifications again (a new device token)")
    return true
  }

  /// The removed app's Live Activities end and leave the Lock Screen.
  private mutating func endActivitiesOfRemovedApp() {
    let reason = "the app was removed"
    for index in activityStore.activities.indices {
      let activity = activityStore.activities[index]
      switch activity.state {
      case .pending:
        activityStore.update(index) { $0.state = .dismissed }
        log(
          DeviceEvent.ActivityDismissed(activity: activity.id), nil, .device,
          "Live Activity \(activity.id) is gone: \(reason)")
      case .active, .stale:
        endActivity(
          at: index, push: nil, dismissal: clock.now, source: .device, reason: reason)
      case .ended:
        dismissActivity(activity.id, reason: reason)
      case .dismissed:
        break
      }
    }
  }

  /// The device made contact with APNs (it came online): APNs learns of a removal made while
  /// it was offline, and, when the app is still removed, discards what it stored for it.
  mutating func tellAPNsOfRemoval() {
    guard let last = installation.removals.indices.last,
      installation.removals[last].known == nil
    else { return }
    // Reinstalled while offline: APNs learns that the old install's token is gone.
    installation.removals[last].known = clock.now
    guard !installation.installed else { return }
    log(
      .appRemoved, nil, .apns,
      "the device is online: APNs learns that the app was removed and answers 410 Unregistered "
        + "for it from now on")
    for entry in gateway.takeStored() {
      setStatus(entry.push, .discarded, reason: "the app was removed from the device")
      log(
        DeviceEvent.Discarded(code: .appRemoved), entry.push, .apns,
        "APNs stored the push, but the app was removed from the device")
    }
  }

  /// Refuses a push to a removed app as APNs does once it knows (410 `Unregistered`, with the
  /// time it learned as `timestamp`), and a push to the device token of an earlier install;
  /// `false` when the push goes on.
  mutating func rejectForRemovedApp(_ id: String, address: PushAddress?) -> Bool {
    var removal = installation.knownRemoval
    var message = "the app was removed from the device"
    if removal == nil, case .token(let token)? = address,
      let index = installation.retiredTokens[token.lowercased()]
    {
      removal = installation.removals[index]
      message = "the token belongs to an earlier install of the app, removed from the device"
    }
    guard let removal, let known = removal.known else { return false }
    let timestamp = Self.apnsTimestamp(known)
    history[id]?.httpStatus = 410
    history[id]?.unregisteredAt = known
    setStatus(id, .rejected, reason: "Unregistered")
    report(
      [Diagnostic(.error, code: .unregistered, path: nil, message: message, source: .apns)],
      push: id)
    log(
      DeviceEvent.Rejected(httpStatus: 410, reason: "Unregistered", timestamp: timestamp), id,
      .apns, "APNs answered 410 Unregistered: \(message)")
    return true
  }

  /// A 410's `timestamp`: milliseconds since 1970, whole.
  package static func apnsTimestamp(_ date: Date) -> Int {
    Int((date.timeIntervalSince1970 * 1000).rounded(.down))
  }
}
