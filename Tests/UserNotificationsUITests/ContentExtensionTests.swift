import Synchronization
import Testing
import UserNotificationsUI

/// Xcode's content extension template, less its UIKit views: compiles unchanged.
final class NotificationViewController: UIViewController, UNNotificationContentExtension {
  var shown: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    preferredContentSize = CGSize(width: 320, height: 180)
  }

  func didReceive(_ notification: UNNotification) {
    shown.append(notification.request.content.body)
  }
}

/// Handles actions and plays media.
final class PlayerViewController: UIViewController, UNNotificationContentExtension {
  var playing = false

  func didReceive(_ notification: UNNotification) {
    extensionContext?.notificationActions = [
      UNNotificationAction(identifier: "like", title: "Like", options: [])
    ]
  }

  func didReceive(
    _ response: UNNotificationResponse,
    completionHandler completion: @escaping (UNNotificationContentExtensionResponseOption) -> Void
  ) {
    if response.actionIdentifier == "like" {
      extensionContext?.performNotificationDefaultAction()
      completion(.doNotDismiss)
    } else {
      completion(.dismiss)
    }
  }

  var mediaPlayPauseButtonType: UNNotificationContentExtensionMediaPlayPauseButtonType { .overlay }
  var mediaPlayPauseButtonFrame: CGRect { CGRect(x: 10, y: 10, width: 44, height: 44) }

  func mediaPlay() {
    playing = true
    extensionContext?.mediaPlayingStarted()
  }

  func mediaPause() {
    playing = false
    extensionContext?.mediaPlayingPaused()
  }
}

/// A notification as the system hands it to the extension.
func notification(_ body: String) -> UNNotification {
  let content = UNMutableNotificationContent()
  content.body = body
  return UNNotification(
    request: UNNotificationRequest(identifier: "n1", content: content, trigger: nil), date: Date())
}

/// Collects the option a completion handler was called with.
final class OptionBox: Sendable {
  let option = Mutex<UNNotificationContentExtensionResponseOption?>(nil)
}

@MainActor @Suite struct ContentExtensionTests {
  @Test func templateReceivesNotificationsAndHasDefaults() async {
    let controller = NotificationViewController()
    controller.viewDidLoad()
    let content: any UNNotificationContentExtension = controller
    content.didReceive(notification("Hello"))
    content.didReceive(notification("Again"))
    #expect(controller.shown == ["Hello", "Again"])
    #expect(controller.preferredContentSize == CGSize(width: 320, height: 180))
    #expect(content.mediaPlayPauseButtonType == .none)
    #expect(content.mediaPlayPauseButtonFrame == .zero)
    let box = OptionBox()
    content.didReceive(
      UNNotificationResponse(notification: notification("x"), actionIdentifier: "open")
    ) { option in box.option.withLock { $0 = option } }
    #expect(box.option.withLock { $0 } == .dismissAndForwardAction)
  }

  @Test func actionsMediaAndTheContext() {
    let controller = PlayerViewController(nibName: nil, bundle: nil)
    let content: any UNNotificationContentExtension = controller
    content.didReceive(notification("Song"))
    #expect(controller.extensionContext?.notificationActions.map(\.identifier) == ["like"])
    let box = OptionBox()
    content.didReceive(
      UNNotificationResponse(notification: notification("Song"), actionIdentifier: "like")
    ) { option in box.option.withLock { $0 = option } }
    #expect(box.option.withLock { $0 } == .doNotDismiss)
    #expect(content.mediaPlayPauseButtonType == .overlay)
    content.mediaPlay()
    content.mediaPause()
    #expect(!controller.playing)
    #expect(
      controller.extensionContext?.calls == [
        "performNotificationDefaultAction", "mediaPlayingStarted", "mediaPlayingPaused",
      ])
    #expect(UNNotificationContentExtensionResponseOption.dismissAndForwardAction.rawValue == 2)
    #expect(UNNotificationContentExtensionMediaPlayPauseButtonType.overlay.rawValue == 2)
  }
}
