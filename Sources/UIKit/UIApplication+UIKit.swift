import Foundation
internal import PushSimHosting

extension UIApplication {
  /// The app delegate (held weakly). On a simulated device it is the app delegate the device
  /// runs (`AppCode.app(application:)`), as `UIApplicationMain` sets it on iOS.
  public var delegate: (any UIApplicationDelegate)? {
    get { uiKit.read { $0.delegate } as? any UIApplicationDelegate }
    set { uiKit.write { $0.delegate = newValue } }
  }

  /// The app's windows made key and visible (``UIWindow/makeKeyAndVisible()``) and still alive,
  /// oldest first. Deprecated in iOS 15 as Apple declares it.
  @available(
    iOS, deprecated: 15.0, message: "Use UIWindowScene.windows on a relevant window scene instead"
  )
  public var windows: [UIWindow] {
    uiKit.read { parts in parts.windows.compactMap { $0.object as? UIWindow } }
  }

  /// Adds `window` to ``windows`` (its `makeKeyAndVisible()`).
  func show(_ window: UIWindow) {
    uiKit.write { parts in
      parts.windows.removeAll { $0.object == nil || $0.object === window }
      parts.windows.append(WeakObject(window))
    }
  }

  /// Starts a background task: the app asks for time to finish work after it leaves the
  /// foreground, and ends the task with ``endBackgroundTask(_:)``.
  ///
  /// The identifier is new and never ``UIBackgroundTaskIdentifier/invalid``. The simulated
  /// device gives background tasks all the time they take: `handler` never runs (Rules.md §9.9).
  public func beginBackgroundTask(
    withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
  ) -> UIBackgroundTaskIdentifier {
    let identifier = UIBackgroundTaskIdentifier.next()
    uiKit.write { _ = $0.backgroundTasks.insert(identifier.rawValue) }
    return identifier
  }

  /// Starts a background task with no name (``beginBackgroundTask(withName:expirationHandler:)``).
  public func beginBackgroundTask(
    expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
  ) -> UIBackgroundTaskIdentifier {
    beginBackgroundTask(withName: nil, expirationHandler: handler)
  }

  /// Ends a background task; an identifier that is not running (``UIBackgroundTaskIdentifier/invalid``,
  /// or one already ended) changes nothing.
  public func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
    uiKit.write { _ = $0.backgroundTasks.remove(identifier.rawValue) }
  }

  /// The background tasks begun and not ended (for tests).
  package var runningBackgroundTasks: Set<UIBackgroundTaskIdentifier> {
    Set(uiKit.read { $0.backgroundTasks }.map(UIBackgroundTaskIdentifier.init(rawValue:)))
  }

  /// A key of the options `application(_:open:options:)` gets
  /// (`UIApplication.OpenURLOptionsKey`); raw values as UIKit's constants.
  public struct OpenURLOptionsKey: RawRepresentable, Hashable, Sendable {
    /// The key's name.
    public let rawValue: String
    /// Creates a key.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The bundle identifier of the app that asked to open the URL.
    public static let sourceApplication = OpenURLOptionsKey(
      rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
    /// The property list the source app passed along.
    public static let annotation = OpenURLOptionsKey(
      rawValue: "UIApplicationOpenURLOptionsAnnotationKey")
    /// Whether the file must be opened in place (a Boolean).
    public static let openInPlace = OpenURLOptionsKey(
      rawValue: "UIApplicationOpenURLOptionsOpenInPlaceKey")
    /// The attribution of the event that opened the URL (iOS 14.5).
    public static let eventAttribution = OpenURLOptionsKey(
      rawValue: "UIApplicationOpenURLOptionsEventAttributionKey")
  }
}

extension UIApplication.LaunchOptionsKey {
  /// The app was launched to open a URL; the value is the `URL`.
  public static let url = UIApplication.LaunchOptionsKey(
    rawValue: "UIApplicationLaunchOptionsURLKey")
  /// The bundle identifier of the app that launched this one.
  public static let sourceApplication = UIApplication.LaunchOptionsKey(
    rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
  /// The app was launched to continue a user activity; the value is a dictionary.
  public static let userActivityDictionary = UIApplication.LaunchOptionsKey(
    rawValue: "UIApplicationLaunchOptionsUserActivityDictionaryKey")
}

/// A background task's identifier (`UIBackgroundTaskIdentifier`).
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
  /// The identifier's number.
  public let rawValue: Int

  /// Creates an identifier from its number.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// No background task (`UIBackgroundTaskInvalid`, 0): what to keep while none is running.
  public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)

  private static let counter = Locked(0)

  /// A new identifier, never ``invalid``.
  static func next() -> UIBackgroundTaskIdentifier {
    UIBackgroundTaskIdentifier(
      rawValue: counter.write { count in
        count += 1
        return count
      })
  }
}

extension UIApplicationDelegate {
  /// The entry point of an app whose app delegate is marked `@main`, as UIKit provides it.
  ///
  /// On iOS it calls `UIApplicationMain`, which makes the application and the delegate and
  /// runs the main event loop for ever. On Linux there is no app to run: PushSim's simulated
  /// device launches the app delegate itself (`AppCode.app(application:)`), so this returns at
  /// once and the program exits with status 0 (Guides/TestingAppCode.md, "`@main`").
  @MainActor public static func main() {
    _ = UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, nil)
  }
}

/// Makes the application and the app delegate and runs the main event loop
/// (`UIApplicationMain`); on iOS it never returns.
///
/// On Linux there is no event loop and nothing to launch (the simulated device launches the app
/// delegate it is given): it returns 0 at once (Guides/TestingAppCode.md, "`@main`").
@discardableResult
public func UIApplicationMain(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
  _ principalClassName: String?, _ delegateClassName: String?
) -> Int32 {
  0
}
