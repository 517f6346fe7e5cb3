public import Foundation

/// A window (`UIWindow`): a stand-in that draws nothing. It keeps its frame, scene and root
/// view controller; ``makeKeyAndVisible()`` makes it the application's key window and lists it
/// in `UIApplication.shared.windows`.
///
/// Not `@MainActor` here, as Apple's is, so an app delegate (nonisolated on Linux, Rules.md
/// §9.9) can make its window in `didFinishLaunchingWithOptions`.
open class UIWindow: UIResponder {
  /// The window's frame, in points.
  open var frame: CGRect
  /// The view controller whose view fills the window.
  open var rootViewController: UIViewController?
  /// The scene the window belongs to (iOS 13).
  open weak var windowScene: UIWindowScene?
  /// Whether the window is the key window (``makeKeyAndVisible()``).
  open private(set) var isKeyWindow = false
  /// Whether the window is hidden; a window is hidden until ``makeKeyAndVisible()``.
  open var isHidden = true

  /// Creates a window with `frame`.
  public init(frame: CGRect) {
    self.frame = frame
    super.init()
  }

  /// Creates a window the size of the main screen.
  public override convenience init() {
    self.init(frame: UIScreen.main.bounds)
  }

  /// Creates a window in `windowScene` (iOS 13), the size of the main screen.
  public convenience init(windowScene: UIWindowScene) {
    self.init(frame: UIScreen.main.bounds)
    self.windowScene = windowScene
    windowScene.add(self)
  }

  /// Shows the window and makes it the key window of the application running the code
  /// (`UIApplication.shared`).
  open func makeKeyAndVisible() {
    isHidden = false
    isKeyWindow = true
    UIApplication.shared.show(self)
  }

  /// Makes the window the key window.
  open func makeKey() {
    isKeyWindow = true
  }
}

/// The device's screen (`UIScreen`): an iPhone 14's 390 × 844 points at scale 3. Nothing is
/// drawn on it.
open class UIScreen: NSObject, @unchecked Sendable {
  // @unchecked: immutable.
  /// The screen's bounds, in points.
  public let bounds: CGRect
  /// Pixels per point.
  public let scale: CGFloat

  init(bounds: CGRect, scale: CGFloat) {
    self.bounds = bounds
    self.scale = scale
    super.init()
  }

  /// The device's screen. Deprecated in iOS 16 as Apple declares it.
  @available(
    iOS, deprecated: 16.0, message: "Use a UIScreen instance found through context instead"
  )
  public static let main = UIScreen(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), scale: 3)
}
