import Foundation
import UserNotifications

/// A screen of the app.
enum Screen: Equatable, Sendable {
  case inbox
  case conversation(id: String)
}

/// The app's navigation and the actions that reach the server, one place for every entry point
/// (a notification, a link, the inbox list).
final class AppRouter: @unchecked Sendable {
  // @unchecked: every stored property is read and written under `lock`.
  static let shared = AppRouter()

  private let lock = NSLock()
  private var screens: [Screen] = [.inbox]
  private var handled: [NotificationRoute] = []
  private let api: InboxAPI

  init(api: InboxAPI = InboxAPI()) {
    self.api = api
  }

  /// The screen on top.
  var current: Screen {
    lock.lock()
    defer { lock.unlock() }
    return screens.last ?? .inbox
  }

  /// Every route handled so far, oldest first.
  var handledRoutes: [NotificationRoute] {
    lock.lock()
    defer { lock.unlock() }
    return handled
  }

  /// Carries out a notification's route; `completion` runs once the server has the reply or
  /// the read mark (iOS keeps the app running in the background until then).
  func handle(_ route: NotificationRoute, completion: @escaping () -> Void) {
    lock.lock()
    handled.append(route)
    if case .openConversation(let id) = route { screens.append(.conversation(id: id)) }
    lock.unlock()
    switch route {
    case .openConversation, .dismissed:
      completion()
    case .reply(let conversation, let text):
      api.send(reply: text, to: conversation) { _ in completion() }
    case .markRead(let conversation):
      api.markRead(conversation) { _ in completion() }
    }
  }
}
