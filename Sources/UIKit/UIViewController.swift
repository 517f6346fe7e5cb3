public import Foundation
import Synchronization

/// A stand-in for UIKit's `UIViewController`, so an app's and a content extension's view
/// controllers compile: it draws nothing and has no view. It keeps what the app sets (title,
/// preferred size) and calls nothing by itself; the lifecycle methods are there to be overridden.
///
/// Views (`UILabel`, `UIImageView`), `@IBOutlet`s and storyboards have no counterpart (wrap them
/// in `#if canImport(UIKit) && !os(Linux)`).
@MainActor
open class UIViewController: UIResponder {
  /// The nib the controller was made with, if any.
  public let nibName: String?
  /// The bundle of the nib, if any.
  public let nibBundle: Bundle?
  /// The title.
  open var title: String?
  /// The size the controller asks for (iOS sizes a notification content extension's view from
  /// it).
  open var preferredContentSize = CGSize.zero
  /// The extension's context (a content extension's actions, dismissal, media state).
  open var extensionContext: NSExtensionContext? { context }
  private let context = NSExtensionContext()

  /// Creates a controller; no nib is loaded.
  nonisolated public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    nibName = nibNameOrNil
    nibBundle = nibBundleOrNil
    super.init()
  }

  /// Creates a controller from an archive; nothing is decoded.
  nonisolated public required init?(coder: NSCoder) {
    nibName = nil
    nibBundle = nil
    super.init()
  }

  /// Creates a controller with no nib.
  nonisolated public convenience override init() {
    self.init(nibName: nil, bundle: nil)
  }

  /// Called once the (absent) view is loaded; override it.
  open func viewDidLoad() {}
  /// Called from a nib; override it.
  open func awakeFromNib() {}
  /// Override it.
  open func viewWillAppear(_ animated: Bool) {}
  /// Override it.
  open func viewDidAppear(_ animated: Bool) {}
  /// Override it.
  open func viewWillDisappear(_ animated: Bool) {}
  /// Override it.
  open func viewDidDisappear(_ animated: Bool) {}
}

/// A stand-in for Foundation's `NSExtensionContext` (absent on Linux): the context of an app
/// extension. UserNotificationsUI adds a content extension's actions and calls; they are kept
/// here for tests to read.
open class NSExtensionContext: NSObject, @unchecked Sendable {
  // @unchecked: the one stored property is a `Mutex`; the class is `open`, as Apple declares it.
  private let state = Mutex(State())

  private struct State: @unchecked Sendable {
    // @unchecked: UNNotificationAction is an immutable NSObject.
    var actions: [UNNotificationAction] = []
    var calls: [String] = []
  }

  /// The actions a notification content extension shows (UserNotificationsUI's
  /// `notificationActions`).
  package var storedNotificationActions: [UNNotificationAction] {
    get { state.withLock { $0.actions } }
    set { state.withLock { $0.actions = newValue } }
  }

  /// The calls made so far, by method name, in order.
  package var calls: [String] { state.withLock { $0.calls } }

  /// Records a call by its method's name.
  package func record(_ call: String) { state.withLock { $0.calls.append(call) } }
}
