public import Foundation
import Synchronization
public import UserNotifications

/// A stand-in for UIKit's `UIViewController`, so a content extension's `NotificationViewController`
/// compiles: it draws nothing and has no view. It keeps what the extension sets (title,
/// preferred size) and calls nothing by itself; the lifecycle methods are there to be overridden.
///
/// UIKit is not re-created on Linux: `import UIKit`, views (`UILabel`, `UIImageView`), `@IBOutlet`s
/// and storyboards have no counterpart (wrap them in `#if canImport(UIKit)`).
@MainActor
open class UIViewController: NSObject {
  /// The nib the controller was made with, if any.
  public let nibName: String?
  /// The bundle of the nib, if any.
  public let nibBundle: Bundle?
  /// The title.
  open var title: String?
  /// The size the extension asks for (iOS sizes the notification's view from it).
  open var preferredContentSize = CGSize.zero
  /// The extension's context (actions, dismissal, media state).
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

/// A stand-in for Foundation's `NSExtensionContext` (absent on Linux) with the content
/// extension's additions: its actions and the calls it makes, kept for tests to read.
open class NSExtensionContext: NSObject, @unchecked Sendable {
  // @unchecked: the one stored property is a `Mutex`; the class is `open`, as Apple declares it.
  private let state = Mutex(State())

  private struct State: @unchecked Sendable {
    // @unchecked: UNNotificationAction is an immutable NSObject.
    var actions: [UNNotificationAction] = []
    var calls: [String] = []
  }

  /// The actions the notification shows (iOS 12).
  public var notificationActions: [UNNotificationAction] {
    get { state.withLock { $0.actions } }
    set { state.withLock { $0.actions = newValue } }
  }

  /// Opens the app with the default action.
  public func performNotificationDefaultAction() { record("performNotificationDefaultAction") }
  /// Dismisses the notification.
  public func dismissNotificationContentExtension() {
    record("dismissNotificationContentExtension")
  }
  /// The extension's media started playing.
  public func mediaPlayingStarted() { record("mediaPlayingStarted") }
  /// The extension's media paused.
  public func mediaPlayingPaused() { record("mediaPlayingPaused") }

  /// The calls made so far, by method name, in order.
  package var calls: [String] { state.withLock { $0.calls } }

  private func record(_ call: String) { state.withLock { $0.calls.append(call) } }
}
