public import Foundation

/// A scene of the app's interface (`UIScene`, iOS 13): the object a scene delegate's
/// `scene(_:willConnectTo:options:)` receives. Nothing is shown.
open class UIScene: UIResponder {
  /// The session the scene belongs to.
  public let session: UISceneSession
  /// The scene's delegate (held strongly, as UIKit holds it).
  open var delegate: (any UISceneDelegate)?
  /// The scene's title.
  open var title: String?

  /// Creates a scene for `session` (UIKit makes scenes; tests make them to call a scene
  /// delegate).
  public required init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
    self.session = session
    super.init()
  }

  /// What the system hands a scene as it connects (`UIScene.ConnectionOptions`): the activity,
  /// URL or notification response that launched it.
  open class ConnectionOptions: NSObject {
    /// The activities to continue (a Handoff or a universal link).
    public let userActivities: Set<NSUserActivity>
    /// The response to the notification the user tapped to launch the scene, if any.
    public let notificationResponse: UNNotificationResponse?
    /// The bundle identifier of the app that opened this one, if any.
    public let sourceApplication: String?
    /// The activity type of a Handoff in progress, if any.
    public let handoffUserActivityType: String?

    /// Creates options (UIKit makes them; tests make them to call a scene delegate).
    public init(
      userActivities: Set<NSUserActivity> = [], notificationResponse: UNNotificationResponse? = nil,
      sourceApplication: String? = nil, handoffUserActivityType: String? = nil
    ) {
      self.userActivities = userActivities
      self.notificationResponse = notificationResponse
      self.sourceApplication = sourceApplication
      self.handoffUserActivityType = handoffUserActivityType
      super.init()
    }
  }
}

/// A scene that shows windows (`UIWindowScene`, iOS 13).
open class UIWindowScene: UIScene {
  private var shown: [WeakObject] = []

  /// The scene's windows, alive, oldest first.
  open var windows: [UIWindow] { shown.compactMap { $0.object as? UIWindow } }

  /// Adds `window` to ``windows``.
  func add(_ window: UIWindow) {
    shown.removeAll { $0.object == nil || $0.object === window }
    shown.append(WeakObject(window))
  }
}

/// The app's answers to a scene's life (`UISceneDelegate`, iOS 13). Every method is optional
/// here, as in Apple's SDK: each has a default that does nothing.
public protocol UISceneDelegate: NSObjectProtocol {
  /// The scene connects to the app: set up its windows from `connectionOptions`.
  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions)
  /// The scene was disconnected.
  func sceneDidDisconnect(_ scene: UIScene)
  /// The scene became active.
  func sceneDidBecomeActive(_ scene: UIScene)
  /// The scene is about to stop being active.
  func sceneWillResignActive(_ scene: UIScene)
  /// The scene is about to enter the foreground.
  func sceneWillEnterForeground(_ scene: UIScene)
  /// The scene entered the background.
  func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
  /// Not implemented by the app: does nothing.
  public func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {}
  /// Not implemented by the app: does nothing.
  public func sceneDidDisconnect(_ scene: UIScene) {}
  /// Not implemented by the app: does nothing.
  public func sceneDidBecomeActive(_ scene: UIScene) {}
  /// Not implemented by the app: does nothing.
  public func sceneWillResignActive(_ scene: UIScene) {}
  /// Not implemented by the app: does nothing.
  public func sceneWillEnterForeground(_ scene: UIScene) {}
  /// Not implemented by the app: does nothing.
  public func sceneDidEnterBackground(_ scene: UIScene) {}
}

/// A scene delegate that manages a window (`UIWindowSceneDelegate`, iOS 13): declare
/// `var window: UIWindow?`.
public protocol UIWindowSceneDelegate: UISceneDelegate {
  /// The scene's main window.
  var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
  /// Not declared by the app: no window.
  public var window: UIWindow? {
    get { nil }
    set {}
  }
}

/// A scene's session (`UISceneSession`, iOS 13): its role, configuration and identifier,
/// which outlive the scene.
open class UISceneSession: NSObject {
  /// What the session's scenes show.
  public let role: UISceneSession.Role
  /// The configuration the app chose for the session.
  public let configuration: UISceneConfiguration
  /// The session's identifier, unique and kept across launches.
  public let persistentIdentifier: String
  /// The session's scene, while connected.
  open weak var scene: UIScene?
  /// What the app keeps with the session.
  open var userInfo: [String: Any]?
  /// The activity that restores the session's state.
  open var stateRestorationActivity: NSUserActivity?

  /// Creates a session (UIKit makes them; tests make them to call a scene delegate).
  public init(
    role: UISceneSession.Role = .windowApplication, configuration: UISceneConfiguration? = nil,
    persistentIdentifier: String = UUID().uuidString
  ) {
    self.role = role
    self.configuration =
      configuration ?? UISceneConfiguration(name: "Default Configuration", sessionRole: role)
    self.persistentIdentifier = persistentIdentifier
    super.init()
  }

  /// What a session's scenes show (`UISceneSession.Role`); raw values as UIKit's constants.
  public struct Role: RawRepresentable, Hashable, Sendable {
    /// The role's name.
    public let rawValue: String
    /// Creates a role.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The app's interactive windows on the device's screen.
    public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    /// A non-interactive window on an external display (iOS 16).
    public static let windowExternalDisplayNonInteractive = Role(
      rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    /// A window on an external display (iOS 13–16).
    @available(iOS, introduced: 13.0, deprecated: 16.0)
    public static let windowExternalDisplay = Role(
      rawValue: "UIWindowSceneSessionRoleExternalDisplay")
  }
}

/// How a scene is made (`UISceneConfiguration`, iOS 13): what
/// `application(_:configurationForConnecting:options:)` returns.
open class UISceneConfiguration: NSObject, NSCopying {
  /// The configuration's name, as the app's Info.plist names it.
  public let name: String?
  /// The role of the sessions it makes.
  public let role: UISceneSession.Role
  /// The class of the scene's delegate.
  open var delegateClass: AnyClass?
  /// The class of the scene.
  open var sceneClass: AnyClass?

  /// Creates a configuration.
  public init(name: String?, sessionRole: UISceneSession.Role) {
    self.name = name
    self.role = sessionRole
    super.init()
  }

  /// A copy with the same name, role and classes.
  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = UISceneConfiguration(name: name, sessionRole: role)
    copy.delegateClass = delegateClass
    copy.sceneClass = sceneClass
    return copy
  }
}
