public import Foundation
public import UIKit

/// How the play/pause button of a content extension's media is drawn
/// (`UNNotificationContentExtensionMediaPlayPauseButtonType`).
public enum UNNotificationContentExtensionMediaPlayPauseButtonType: UInt, Sendable, Hashable {
  /// No button.
  case none = 0
  /// A standard button, drawn by the system.
  case `default` = 1
  /// A button drawn over the media.
  case overlay = 2
}

/// What happens after a content extension handled an action
/// (`UNNotificationContentExtensionResponseOption`).
public enum UNNotificationContentExtensionResponseOption: UInt, Sendable, Hashable {
  /// The notification stays on screen.
  case doNotDismiss = 0
  /// The notification is dismissed.
  case dismiss = 1
  /// The notification is dismissed and the action goes on to the app's delegate.
  case dismissAndForwardAction = 2
}

/// A notification content extension's view controller: it gets each notification it shows
/// (`didReceive(_:)`) and, optionally, the user's actions.
///
/// `@MainActor`, as the view controller that adopts it is: without that, a `UIViewController`
/// subclass could not satisfy the requirements in Swift 6 mode. Swift protocols have no optional
/// methods, so the optional ones have defaults that behave as if not implemented: an action is
/// dismissed and forwarded to the app (`dismissAndForwardAction`), there is no play/pause button
/// and `mediaPlay()`/`mediaPause()` do nothing. `mediaPlayPauseButtonTintColor` is left out:
/// UIKit's `UIColor` has no counterpart here.
@MainActor
public protocol UNNotificationContentExtension: NSObjectProtocol {
  /// A notification to show arrived (also each later one of the same category while shown).
  func didReceive(_ notification: UNNotification)

  /// The user picked one of the notification's actions; call `completion` with what follows.
  func didReceive(
    _ response: UNNotificationResponse,
    completionHandler completion:
      @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void)

  /// The play/pause button to draw over the media; `.none` for none.
  var mediaPlayPauseButtonType: UNNotificationContentExtensionMediaPlayPauseButtonType { get }

  /// Where the play/pause button goes, in the view controller's view.
  var mediaPlayPauseButtonFrame: CGRect { get }

  /// The user tapped play.
  func mediaPlay()

  /// The user tapped pause.
  func mediaPause()
}

extension UNNotificationContentExtension {
  /// Not implemented: the notification is dismissed and the action forwarded to the app.
  public func didReceive(
    _ response: UNNotificationResponse,
    completionHandler completion:
      @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void
  ) {
    completion(.dismissAndForwardAction)
  }

  /// Not implemented: no button.
  public var mediaPlayPauseButtonType: UNNotificationContentExtensionMediaPlayPauseButtonType {
    .none
  }

  /// Not implemented: an empty frame.
  public var mediaPlayPauseButtonFrame: CGRect { .zero }

  /// Not implemented: nothing happens.
  public func mediaPlay() {}

  /// Not implemented: nothing happens.
  public func mediaPause() {}
}
