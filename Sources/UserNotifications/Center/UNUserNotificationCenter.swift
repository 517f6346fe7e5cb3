package import PushSimHosting

/// The app's notification center (`UNUserNotificationCenter`): authorization, settings,
/// categories, local notifications, what is in Notification Center, the badge, and the delegate.
///
/// Every method has Apple's completion-handler form and its `async` form. Calls reach the
/// center's backend one at a time in the order the app made them, so
/// `removeAllDeliveredNotifications()` followed by `await deliveredNotifications()` sees an empty
/// list; completion handlers run on a thread of their own, as Apple's run on a background queue.
///
/// ``current()`` is the center of the simulated device whose code is running (bound by the device
/// for the app's extension, delegate and background handler, and the tasks they start), or a
/// process-wide center in memory when no device is bound.
open class UNUserNotificationCenter: NSObject, @unchecked Sendable {
  /// Where calls end up.
  package let backend: any UserNotificationCenterBackend
  private let queue = SerialQueue()
  private let delegateBox = Locked(WeakDelegate())
  /// The app's Focus status authorization on this center's device (Intents'
  /// `INFocusStatusAuthorizationStatus` raw value), kept here, where the device's app is.
  package let focusStatusAuthorization = Locked(0)

  private struct WeakDelegate {
    weak var value: (any UNUserNotificationCenterDelegate)?
  }

  /// Creates a center over a backend (a device makes one per app it runs).
  package init(backend: any UserNotificationCenterBackend) {
    self.backend = backend
    super.init()
  }

  /// The process-wide center used when no device is bound: in memory, the user allows.
  package static let standalone = UNUserNotificationCenter(
    backend: StandaloneNotificationCenterBackend())

  /// The app's center: the running device's, or the standalone one when no device is bound.
  open class func current() -> UNUserNotificationCenter {
    HostedProcess.current.center ?? standalone
  }

  /// Runs `operation` in a process whose center is `center` (``current()``, also in the tasks
  /// it starts).
  package static func withCurrent<R>(
    _ center: UNUserNotificationCenter, operation: () throws -> R
  ) rethrows -> R {
    try HostedProcess(center: center).bind(operation)
  }

  /// Runs `operation` in a process whose center is `center` (``current()``, also in the tasks
  /// it starts).
  package static func withCurrent<R>(
    _ center: UNUserNotificationCenter, operation: () async throws -> R
  ) async rethrows -> R {
    try await HostedProcess(center: center).bind(operation)
  }

  /// The delegate that decides foreground presentation and receives responses. Weak, as
  /// Apple's (`weak var`): the app keeps its delegate alive.
  open var delegate: (any UNUserNotificationCenterDelegate)? {
    get { delegateBox.read { $0.value } }
    set { delegateBox.write { $0.value = newValue } }
  }

  /// Whether the device supports notification content extensions.
  open var supportsContentExtensions: Bool { backend.supportsContentExtensions }

  /// Waits until every call made so far has reached the backend (the device calls it after the
  /// app's code returns, before it looks at the center).
  package func drain() async { await queue.drain() }

  // MARK: Authorization and settings

  /// Asks the user to allow notifications; the prompt appears once (Behavior.md §7.3).
  open func requestAuthorization(
    options: UNAuthorizationOptions = [],
    completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let backend = backend
    queue.enqueue {
      do {
        let granted = try await backend.requestAuthorization(options: options)
        AppThread.deliver("requestAuthorization completion") { completionHandler(granted, nil) }
      } catch {
        AppThread.deliver("requestAuthorization completion") { completionHandler(false, error) }
      }
    }
  }

  /// Asks the user to allow notifications; the prompt appears once.
  open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
    let backend = backend
    return try await queue.run { try await backend.requestAuthorization(options: options) }
  }

  /// The app's notification settings.
  open func getNotificationSettings(
    completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void
  ) {
    let backend = backend
    answer(completionHandler, "getNotificationSettings") { await backend.notificationSettings() }
  }

  /// The app's notification settings.
  open func notificationSettings() async -> UNNotificationSettings {
    let backend = backend
    return await queue.run { await backend.notificationSettings() }
  }

  // MARK: Categories

  /// Replaces the app's categories (register them at launch).
  open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
    let backend = backend
    queue.enqueue { await backend.setNotificationCategories(categories) }
  }

  /// The app's categories.
  open func getNotificationCategories(
    completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void
  ) {
    let backend = backend
    answer(completionHandler, "getNotificationCategories") {
      await backend.notificationCategories()
    }
  }

  /// The app's categories.
  open func notificationCategories() async -> Set<UNNotificationCategory> {
    let backend = backend
    return await queue.run { await backend.notificationCategories() }
  }

  // MARK: Local notifications

  /// Schedules a local notification; a pending request with the same identifier is replaced.
  open func add(
    _ request: UNNotificationRequest,
    withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
  ) {
    let backend = backend
    queue.enqueue {
      let error = await Self.error { try await backend.add(request) }
      guard let completionHandler else { return }
      AppThread.deliver("add completion") { completionHandler(error) }
    }
  }

  /// Schedules a local notification; a pending request with the same identifier is replaced.
  open func add(_ request: UNNotificationRequest) async throws {
    let backend = backend
    try await queue.run { try await backend.add(request) }
  }

  /// The requests waiting for their trigger.
  open func getPendingNotificationRequests(
    completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void
  ) {
    let backend = backend
    answer(completionHandler, "getPendingNotificationRequests") {
      await backend.pendingNotificationRequests()
    }
  }

  /// The requests waiting for their trigger.
  open func pendingNotificationRequests() async -> [UNNotificationRequest] {
    let backend = backend
    return await queue.run { await backend.pendingNotificationRequests() }
  }

  /// Removes pending requests by identifier.
  open func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
    let backend = backend
    queue.enqueue { await backend.removePendingNotificationRequests(withIdentifiers: identifiers) }
  }

  /// Removes every pending request.
  open func removeAllPendingNotificationRequests() {
    let backend = backend
    queue.enqueue { await backend.removeAllPendingNotificationRequests() }
  }

  // MARK: Notification Center

  /// The app's notifications in Notification Center.
  open func getDeliveredNotifications(
    completionHandler: @escaping @Sendable ([UNNotification]) -> Void
  ) {
    let backend = backend
    answer(completionHandler, "getDeliveredNotifications") {
      await backend.deliveredNotifications()
    }
  }

  /// The app's notifications in Notification Center.
  open func deliveredNotifications() async -> [UNNotification] {
    let backend = backend
    return await queue.run { await backend.deliveredNotifications() }
  }

  /// Removes notifications from Notification Center by request identifier.
  open func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
    let backend = backend
    queue.enqueue { await backend.removeDeliveredNotifications(withIdentifiers: identifiers) }
  }

  /// Removes every notification of the app from Notification Center.
  open func removeAllDeliveredNotifications() {
    let backend = backend
    queue.enqueue { await backend.removeAllDeliveredNotifications() }
  }

  // MARK: Badge

  /// Sets the app's badge; 0 hides it (iOS 16).
  open func setBadgeCount(
    _ newBadgeCount: Int,
    withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
  ) {
    let backend = backend
    queue.enqueue {
      let error = await Self.error { try await backend.setBadgeCount(newBadgeCount) }
      guard let completionHandler else { return }
      AppThread.deliver("setBadgeCount completion") { completionHandler(error) }
    }
  }

  /// Sets the app's badge; 0 hides it (iOS 16).
  open func setBadgeCount(_ newBadgeCount: Int) async throws {
    let backend = backend
    try await queue.run { try await backend.setBadgeCount(newBadgeCount) }
  }

  // MARK: Completion handlers

  /// Queues `call` and hands its result to the app's `completionHandler` on a thread of its
  /// own (``AppThread/deliver(_:_:)``), as Apple calls it on a background queue: a handler
  /// that blocks holds up neither the center's later calls nor the device.
  private func answer<Value: Sendable>(
    _ completionHandler: @escaping @Sendable (Value) -> Void, _ method: String,
    _ call: @escaping @Sendable () async -> Value
  ) {
    queue.enqueue {
      let value = await call()
      AppThread.deliver("\(method) completion") { completionHandler(value) }
    }
  }

  /// The error `call` throws, `nil` when it returns.
  private static func error(_ call: () async throws -> Void) async -> (any Error)? {
    do {
      try await call()
      return nil
    } catch {
      return error
    }
  }
}
