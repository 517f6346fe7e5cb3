package import PushSimHosting
import Synchronization

/// The result a background push handler reports (`UIBackgroundFetchResult`); raw values are
/// UIKit's.
public enum UIBackgroundFetchResult: UInt, Sendable, Hashable {
  /// New data was downloaded.
  case newData = 0
  /// There was no new data.
  case noData = 1
  /// Downloading failed.
  case failed = 2
}

/// A minimal stand-in for UIKit's `UIApplication`, so an app delegate's push code and a
/// background push handler move over unchanged. UIKit is not re-created: this has `shared`,
/// `applicationState`, the registration for remote notifications and the badge (Rules.md §15).
/// The hosting device passes an instance whose state is the simulated app's and whose calls
/// reach that device.
public final class UIApplication: @unchecked Sendable {
  /// The app's state (`UIApplication.State`).
  public enum State: Int, Sendable, Hashable {
    /// In the foreground, receiving events.
    case active = 0
    /// In the foreground, not receiving events.
    case inactive = 1
    /// In the background.
    case background = 2
  }

  /// A key of the launch options `application(_:didFinishLaunchingWithOptions:)` gets
  /// (`UIApplication.LaunchOptionsKey`).
  public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
    /// The key's name.
    public let rawValue: String
    /// Creates a key.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The app was launched for a remote notification; the value is its payload.
    public static let remoteNotification = LaunchOptionsKey(
      rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
  }

  private struct Local {
    var state: State
    var registered = false
    var badge = 0
  }

  private let local: Mutex<Local>
  private let backend: (any ApplicationBackend)?
  /// What the UIKit module's part of the application keeps (its delegate, windows and
  /// background tasks): declared there, kept here, where the application is.
  package let uiKit = Locked(UIKitParts())

  /// Creates an application in a state (the device makes them); `backend` carries its
  /// registration and badge calls to a device, `nil` keeps them here.
  package init(applicationState: State, backend: (any ApplicationBackend)? = nil) {
    local = Mutex(Local(state: applicationState))
    self.backend = backend
  }

  /// The app's state.
  public var applicationState: State {
    get { local.withLock { $0.state } }
  }

  /// Changes the state (the device does, as the simulated app moves between states).
  package func setApplicationState(_ newState: State) { local.withLock { $0.state = newState } }

  /// Starts registering with APNs (Rules.md §15): the device issues the app its device token
  /// and calls the app delegate's `didRegisterForRemoteNotificationsWithDeviceToken`, or its
  /// `didFailToRegisterForRemoteNotificationsWithError` when the app lacks the
  /// `aps-environment` entitlement. Both come later, on a thread of their own.
  public func registerForRemoteNotifications() {
    guard let backend else {
      local.withLock { $0.registered = true }
      return
    }
    backend.registerForRemoteNotifications(self)
  }

  /// Unregisters: APNs answers 410 `Unregistered` for the app's device token until it
  /// registers again.
  public func unregisterForRemoteNotifications() {
    guard let backend else {
      local.withLock { $0.registered = false }
      return
    }
    backend.unregisterForRemoteNotifications()
  }

  /// Whether registration completed (and the app did not unregister since).
  public var isRegisteredForRemoteNotifications: Bool {
    backend?.isRegisteredForRemoteNotifications ?? local.withLock { $0.registered }
  }

  /// The app icon's badge; 0 hides it. Setting it reaches the device's badge as
  /// `UNUserNotificationCenter.setBadgeCount(_:)` does. Deprecated in iOS 17 as Apple declares
  /// it (an iOS-only deprecation, so Linux builds give no warning).
  @available(
    iOS, deprecated: 17.0,
    message: "Use -[UNUserNotificationCenter setBadgeCount:withCompletionHandler:] instead."
  )
  public var applicationIconBadgeNumber: Int {
    get { backend?.badge ?? local.withLock { $0.badge } }
    set {
      guard let backend else {
        local.withLock { $0.badge = newValue }
        return
      }
      backend.setBadge(newValue)
    }
  }

  /// The application of the device whose code is running, else one in the background (a
  /// background push wakes a backgrounded app).
  public static var shared: UIApplication { HostedProcess.current.application ?? standalone }

  private static let standalone = UIApplication(applicationState: .background)
}

/// What the UIKit module keeps on a ``UIApplication`` (its `delegate`, `windows` and background
/// tasks), so that each device's application has its own.
package struct UIKitParts {
  /// The app delegate (`UIApplication.delegate`), held weakly.
  package weak var delegate: AnyObject?
  /// The windows made key and visible in this application, held weakly, oldest first.
  package var windows: [WeakObject] = []
  /// The background tasks begun and not ended.
  package var backgroundTasks: Set<Int> = []

  /// Empty parts.
  package init() {}
}

/// An object held weakly.
package struct WeakObject {
  /// The object, while it lives.
  package weak var object: AnyObject?

  /// Holds `object` weakly.
  package init(_ object: AnyObject) { self.object = object }
}

/// Where an application's registration and badge calls go (the hosting device's; Rules.md
/// §15).
package protocol ApplicationBackend: Sendable {
  /// The app called `registerForRemoteNotifications()` on `application`.
  func registerForRemoteNotifications(_ application: UIApplication)
  /// The app called `unregisterForRemoteNotifications()`.
  func unregisterForRemoteNotifications()
  /// Whether the app is registered.
  var isRegisteredForRemoteNotifications: Bool { get }
  /// The app's badge as the device last showed it (or as the app set it since).
  var badge: Int { get }
  /// The app set its badge.
  func setBadge(_ count: Int)
}

/// The app code that handles background (silent) pushes, as
/// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` of a UIKit app delegate.
///
/// The signature is UIKit's exactly, so the method's body moves from the app delegate unchanged:
/// declare `extension AppDelegate: RemoteNotificationHandling` (or a small class) and paste it. The
/// hosting device calls it for pushes iOS would wake the app for (Behavior.md §7.1, §7.5) and waits
/// for the completion handler on its clock.
public protocol RemoteNotificationHandling: AnyObject {
  /// A remote notification arrived that wakes the app; call `completionHandler` when done.
  func application(
    _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void)
}
