import Foundation
import PushSimAppHost
import Testing

@testable import UserNotifications

/// Implements nothing: every method is iOS's absent optional method.
private final class SilentDelegate: NSObject, UNUserNotificationCenterDelegate {}

/// Implements the async forms only.
private final class AsyncDelegate: NSObject, UNUserNotificationCenterDelegate {
  let responses = LockedList<String>()
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification
  ) async -> UNNotificationPresentationOptions {
    [.banner, .sound]
  }
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
  ) async {
    responses.append(response.actionIdentifier)
  }
}

/// Implements the completion-handler forms, without `@Sendable`, as most apps write them.
private final class HandlerDelegate: NSObject, UNUserNotificationCenterDelegate {
  let settingsOpened = LockedList<String?>()
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
  ) {
    completionHandler(notification.request.content.threadIdentifier == "muted" ? [] : [.list])
  }
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?
  ) {
    settingsOpened.append(notification?.request.identifier)
  }
}

final class LockedList<Element>: @unchecked Sendable {
  private let lock = NSLock()
  private var elements: [Element] = []
  func append(_ element: Element) { lock.withLock { elements.append(element) } }
  var all: [Element] { lock.withLock { elements } }
}

private func notification(
  _ identifier: String, userInfo: [AnyHashable: Any] = [:], thread: String = ""
)
  -> UNNotification
{
  let content = UNMutableNotificationContent()
  content.userInfo = userInfo
  content.threadIdentifier = thread
  return UNNotification(
    request: UNNotificationRequest(identifier: identifier, content: content, trigger: nil),
    date: startOfScenario)
}

private func ask<V: Sendable>(
  _ body: (@escaping @Sendable (DelegateAnswer<V>) -> Void) -> Bool
) async -> DelegateAnswer<V>? {
  await withCheckedContinuation { continuation in
    if !body({ continuation.resume(returning: $0) }) { continuation.resume(returning: nil) }
  }
}

@Suite("UNUserNotificationCenterDelegate")
struct DelegateTests {
  @Test("with no method implemented, willPresent answers [] and the host learns it is absent")
  func silentDelegate() async {
    let (center, _) = makeCenter()
    let delegate = SilentDelegate()
    center.delegate = delegate
    let options = await awaitHandler {
      delegate.userNotificationCenter(
        center, willPresent: notification("a"), withCompletionHandler: $0)
    }
    #expect(options == [])
    #expect(await delegate.userNotificationCenter(center, willPresent: notification("a")) == [])
    let answer = await ask { center.askDelegateWillPresent(notification("a"), reply: $0) }
    guard case .notImplemented = answer else {
      Issue.record("expected notImplemented, got \(String(describing: answer))")
      return
    }
    let tap = UNNotificationResponse(
      notification: notification("a"), actionIdentifier: UNNotificationDefaultActionIdentifier)
    let tapAnswer = await ask { center.askDelegateDidReceive(tap, reply: $0) }
    guard case .notImplemented = tapAnswer else {
      Issue.record("expected notImplemented, got \(String(describing: tapAnswer))")
      return
    }
    guard case .notImplemented = center.askDelegateOpenSettings(for: nil) else {
      Issue.record("expected notImplemented")
      return
    }
  }

  @Test("an app that implements the async forms is reached through the completion forms too")
  func asyncDelegate() async {
    let (center, _) = makeCenter()
    let delegate = AsyncDelegate()
    center.delegate = delegate
    let options = await awaitHandler {
      delegate.userNotificationCenter(
        center, willPresent: notification("a"), withCompletionHandler: $0)
    }
    #expect(options == [.banner, .sound])
    let answer = await ask { center.askDelegateWillPresent(notification("a"), reply: $0) }
    guard case .answered(let answered) = answer else {
      Issue.record("expected an answer")
      return
    }
    #expect(answered == [.banner, .sound])
    let response = UNTextInputNotificationResponse(
      notification: notification("a"), actionIdentifier: "reply", userText: "On my way")
    let tap = await ask { center.askDelegateDidReceive(response, reply: $0) }
    guard case .answered = tap else {
      Issue.record("expected an answer")
      return
    }
    #expect(delegate.responses.all == ["reply"])
    #expect(response.userText == "On my way")
  }

  @Test("an app that implements the completion forms is reached through the async forms too")
  func handlerDelegate() async {
    let (center, _) = makeCenter()
    let delegate = HandlerDelegate()
    center.delegate = delegate
    #expect(
      await delegate.userNotificationCenter(center, willPresent: notification("a")) == [.list])
    let muted = await ask {
      center.askDelegateWillPresent(notification("m", thread: "muted"), reply: $0)
    }
    guard case .answered(let options) = muted else {
      Issue.record("expected an answer")
      return
    }
    #expect(options == [])
    guard case .answered = center.askDelegateOpenSettings(for: notification("s")) else {
      Issue.record("expected an answer")
      return
    }
    #expect(delegate.settingsOpened.all == ["s"])
    // didReceive is not implemented: its default still completes.
    let tap = UNNotificationResponse(
      notification: notification("a"), actionIdentifier: UNNotificationDefaultActionIdentifier)
    await delegate.userNotificationCenter(center, didReceive: tap)
  }

  @Test("the host hears nothing when the center has no delegate")
  func noDelegate() {
    let (center, _) = makeCenter()
    #expect(!center.askDelegateWillPresent(notification("a")) { _ in })
    #expect(center.askDelegateOpenSettings(for: nil) == nil)
  }

  @Test("the seed articles' didReceive, verbatim, routes a tap to the chat")
  func seedSnippet() async throws {
    let (center, _) = makeCenter()
    let delegate = NotificationDelegate()
    center.delegate = delegate
    let userInfo = try UserInfoJSON.userInfo(
      fromJSON: Array(#"{"aps":{"alert":"Hola"},"chat-id":"chat_4521"}"#.utf8))
    let tap = UNNotificationResponse(
      notification: notification("seed", userInfo: userInfo),
      actionIdentifier: UNNotificationDefaultActionIdentifier)
    let answer = await ask { center.askDelegateDidReceive(tap, reply: $0) }
    guard case .answered = answer else {
      Issue.record("expected an answer")
      return
    }
    #expect(
      NavigationRouter.shared.destinations.contains(.chat(chatId: "chat_4521", messageType: "text"))
    )
  }
}
