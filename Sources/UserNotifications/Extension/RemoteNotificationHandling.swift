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

/// A minimal stand-in for UIKit's `UIApplication`, so a background push handler's signature and
/// body move over unchanged. UIKit is not re-created: this has only `shared` and
/// `applicationState`, which such handlers commonly read. The hosting device passes an instance
/// whose state is the simulated app's.
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

  private let state: Mutex<State>

  /// Creates an application in a state (the device makes them).
  package init(applicationState: State) { state = Mutex(applicationState) }

  /// The app's state.
  public var applicationState: State {
    get { state.withLock { $0 } }
  }

  /// Changes the state (the device does, as the simulated app moves between states).
  package func setApplicationState(_ newState: State) { state.withLock { $0 = newState } }

  /// The application of the device whose code is running, else one in the background (a
  /// background push wakes a backgrounded app).
  public static var shared: UIApplication { HostedProcess.current.application ?? standalone }

  private static let standalone = UIApplication(applicationState: .background)
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
