import Foundation
import PushDevice
import UserNotifications

/// The notification center of a simulated device, as the app's `UNUserNotificationCenter` sees
/// it: every call becomes a ``DeviceHost/appCall(_:)`` on the device running the app's code
/// (Behavior.md §7.2–§7.6).
///
/// - Authorization follows the device's `userAllowsNotifications`; the prompt shows once.
/// - `add(_:)` schedules a local notification on the virtual clock: no trigger (or a push
///   trigger) fires at once, a time-interval or calendar trigger when the device's clock reaches
///   it. A location trigger never fires (the device has no location): it is not scheduled.
/// - Pending and delivered lists, removals, the badge and categories are the device's own.
///
/// The host is held weakly: the host owns the app's code, which owns this backend.
final class DeviceCenterBackend: UserNotificationCenterBackend {
  private weak let host: DeviceHost?

  init(host: DeviceHost) {
    self.host = host
  }

  func now() -> Date {
    host?.clock.now.date ?? DeviceConfiguration.defaultStart
  }

  var appContainers: (any AppGroupContainers)? { host?.appContainers }

  var supportsContentExtensions: Bool { true }

  var isFocused: Bool? { host?.focusStatus.isFocused }

  var focusStatusAuthorization: Int? { host?.focusStatus.authorization.statusCode }

  func requestFocusStatusAuthorization() -> Int? { host?.focusStatus.request().statusCode }

  func requestAuthorization(options: UNAuthorizationOptions) async throws -> Bool {
    let wanted = NotificationAuthorization.Option.deviceOptions(options)
    let provisional = options.contains(.provisional)
    return await host?.appCall { $0.requestAuthorization(wanted, provisional: provisional) }
      ?? false
  }

  func notificationSettings() async -> UNNotificationSettings {
    let authorization = await host?.appCall { $0.app.authorization }
    guard let authorization else {
      return UNNotificationSettings(status: .notDetermined, granted: [])
    }
    return UNNotificationSettings(
      status: authorization.status.apple,
      granted: NotificationAuthorization.Option.appleOptions(authorization.options))
  }

  func setNotificationCategories(_ categories: Set<UNNotificationCategory>) async {
    let device = categories.map(\.deviceCategory).sorted { $0.id < $1.id }
    await host?.appCall { $0.setCategories(device) }
  }

  func notificationCategories() async -> Set<UNNotificationCategory> {
    let categories = await host?.appCall { $0.app.categories } ?? []
    return Set(categories.map(UNNotificationCategory.init))
  }

  func add(_ request: UNNotificationRequest) async throws {
    guard let trigger = Self.localTrigger(request.trigger) else { return }
    let identifier = request.identifier
    let content = request.content.deviceContent
    let outcome: LocalNotificationError? = await host?.appCall { device in
      do throws(LocalNotificationError) {
        try device.addLocalNotification(
          NotificationRequest(identifier: identifier, content: content, date: device.now),
          trigger: trigger)
        return nil
      } catch {
        return error
      }
    }
    switch outcome {
    case nil: return
    case .notificationsNotAllowed?: throw UNError(.notificationsNotAllowed)
    case .invalidNoDate?: throw UNError(.notificationInvalidNoDate)
    }
  }

  func pendingNotificationRequests() async -> [UNNotificationRequest] {
    let pending = await host?.appCall { $0.pendingLocalNotifications } ?? []
    return pending.map { entry in
      UNNotificationRequest(
        identifier: entry.request.identifier,
        content: UNNotificationContent(entry.request.content),
        trigger: Self.trigger(entry.trigger))
    }
  }

  func removePendingNotificationRequests(withIdentifiers identifiers: [String]) async {
    await host?.appCall { $0.removePendingLocalNotifications(identifiers) }
  }

  func removeAllPendingNotificationRequests() async {
    await host?.appCall { $0.removeAllPendingLocalNotifications() }
  }

  func deliveredNotifications() async -> [UNNotification] {
    let delivered = await host?.appCall { $0.deliveredNotifications } ?? []
    return delivered.map { entry in
      UNNotification(
        request: UNNotificationRequest(
          identifier: entry.request.identifier, content: UNNotificationContent(entry.content),
          trigger: UNPushNotificationTrigger()),
        date: entry.date)
    }
  }

  func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async {
    await host?.appCall { $0.removeDeliveredNotifications(identifiers) }
  }

  func removeAllDeliveredNotifications() async {
    await host?.appCall { $0.removeAllDeliveredNotifications() }
  }

  func setBadgeCount(_ newBadgeCount: Int) async throws {
    await host?.appCall { $0.setBadgeCount(newBadgeCount) }
  }

  // MARK: Conversions

  /// The device's trigger for a request's trigger; `nil` for one that never fires (location).
  static func localTrigger(_ trigger: UNNotificationTrigger?) -> LocalTrigger? {
    switch trigger {
    case nil: .immediately
    case let interval as UNTimeIntervalNotificationTrigger:
      .timeInterval(interval.timeInterval, repeats: interval.repeats)
    case let calendar as UNCalendarNotificationTrigger:
      .calendar(calendar.dateComponents, repeats: calendar.repeats)
    case is UNPushNotificationTrigger: .immediately
    default: nil
    }
  }

  /// The request trigger for a device trigger.
  static func trigger(_ trigger: LocalTrigger) -> UNNotificationTrigger? {
    switch trigger {
    case .immediately: nil
    case .timeInterval(let interval, let repeats):
      UNTimeIntervalNotificationTrigger(timeInterval: interval, repeats: repeats)
    case .calendar(let components, let repeats):
      UNCalendarNotificationTrigger(dateMatching: components, repeats: repeats)
    }
  }
}
