import Synchronization

/// The app's notification center (`UNUserNotificationCenter`): authorization, settings,
/// categories, local notifications, what is in Notification Center, the badge, and the delegate.
///
/// Every method has Apple's completion-handler form and its `async` form. Calls reach the
/// center's backend one at a time in the order the app made them, so
/// `removeAllDeliveredNotifications()` followed by `await deliveredNotifications()` sees an empty
/// list; completion handlers run on a background task, as Apple's run on a background queue.
///
/// ``current()`` is the center of the simulated device whose code is running (bound by the device
/// for the app's extension, delegate and background handler, and the tasks they start), or a
/// process-wide center in memory when no device is bound.
open class UNUserNotificationCenter: NSObject, @unchecked Sendable {
  /// Where calls end up.
  package let backend: any UserNotificationCenterBackend
  private let queue = SerialCalls()
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
        completionHandler(try await backend.requestAuthorization(options: options), nil)
      } catch {
        completionHandler(false, error)
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
    queue.enqueue { completionHandler(await backend.notificationSettings()) }
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
    queue.enqueue { completionHandler(await backend.notificationCategories()) }
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
      do {
        try await backend.add(request)
        completionHandler?(nil)
      } catch {
        completionHandler?(error)
      }
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
    queue.enqueue { completionHandler(await backend.pendingNotificationRequests()) }
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
    queue.enqueue { completionHandler(await backend.deliveredNotifications()) }
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
      do {
        try await backend.setBadgeCount(newBadgeCount)
        completionHandler?(nil)
      } catch {
        completionHandler?(error)
      }
    }
  }

  /// Sets the app's badge; 0 hides it (iOS 16).
  open func setBadgeCount(_ newBadgeCount: Int) async throws {
    let backend = backend
    try await queue.run { try await backend.setBadgeCount(newBadgeCount) }
  }
}

/// Runs a center's calls one at a time, in the order they were made.
private final class SerialCalls: Sendable {
  private let last = Mutex<Task<Void, Never>?>(nil)

  /// Starts `operation` after every call made before it.
  func enqueue(_ operation: @escaping @Sendable () async -> Void) {
    last.withLock { last in
      let previous = last
      last = Task {
        await previous?.value
        await operation()
      }
    }
  }

  /// Runs `operation` after every call made before it and returns its result.
  func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    let task: Task<T, any Error> = last.withLock { last in
      let previous = last
      let task = Task {
        await previous?.value
        return try await operation()
      }
      last = Task { _ = try? await task.value }
      return task
    }
    return try await task.value
  }

  /// Runs `operation` after every call made before it and returns its result.
  func run<T: Sendable>(_ operation: @escaping @Sendable () async -> T) async -> T {
    let task: Task<T, Never> = last.withLock { last in
      let previous = last
      let task = Task {
        await previous?.value
        return await operation()
      }
      last = Task { _ = await task.value }
      return task
    }
    return await task.value
  }

  /// Waits for every call made so far.
  func drain() async {
    await last.withLock { $0 }?.value
  }
}
