import Foundation
import PushDevice
import PushPayload
import PushSimHosting
import UserNotifications

/// The app's `UNUserNotificationCenterDelegate`, called by the device (Behavior.md §7.2, §8).
///
/// - `willPresent`: the options the delegate passes to its completion handler decide how a
///   notification arriving in the foreground shows (`.alert` counts as banner and list, as on
///   iOS 14+); a delegate without `willPresent` leaves the app's `foregroundPresentation`
///   setting in charge.
/// - `didReceive`: taps, actions (a text-input action as a `UNTextInputNotificationResponse`
///   with the typed text) and dismisses (for categories with `customDismissAction`).
/// - Each call runs on a thread of its own (``AppThread``). A completion handler not called
///   within ``completionLimit`` of real time is reported as not completed (iOS logs a warning); `willPresent` then presents nothing (`source: model`).
///
/// Every call runs with the device's center as `UNUserNotificationCenter.current()` and the
/// device's Live Activities as `Activity`'s, and the calls the delegate made on both reach the
/// device before the device goes on.
struct HostedDelegate: NotificationDelegate {
  let delegate: Unchecked<any UNUserNotificationCenterDelegate>
  let center: UNUserNotificationCenter
  let application: UIApplication
  let backend: DeviceApplicationBackend
  let runner: AppCallRunner
  let completionLimit: Duration

  func willPresent(_ notification: NotificationResponse.Notification) async
    -> Set<PresentationOption>?
  {
    let unNotification = Self.notification(notification)
    let answer = await ask("willPresent") { center, reply in
      _ = center.askDelegateWillPresent(unNotification, reply: reply)
    }
    switch answer {
    case .notImplemented?: return nil
    case .answered(let options)?: return Self.presentationOptions(options)
    case nil: return []
    }
  }

  func didReceive(_ response: NotificationResponse) async -> AppCallCompletion {
    let unResponse = Self.response(response)
    let answer = await ask("didReceive") { center, reply in
      _ = center.askDelegateDidReceive(unResponse, reply: reply)
    }
    switch answer {
    case .notImplemented?: return .notImplemented
    case .answered?: return .completed(result: nil)
    case nil: return .notCompleted
    }
  }

  /// Asks the app's delegate through `send`, on a thread of its own, with the device's center
  /// as `UNUserNotificationCenter.current()` and the app's `Activity` calls bound to this
  /// device; waits at most `completionLimit` (armed before the delegate is entered) for the
  /// completion handler (`nil` when it never comes), then lets the center finish what the
  /// delegate started.
  private func ask<Value: Sendable>(
    _ method: String,
    _ send:
      @escaping @Sendable (UNUserNotificationCenter, @escaping @Sendable (Value) -> Void) ->
      Void
  ) async -> Value? {
    let (center, application) = (center, application)
    await backend.refresh()
    let answer = await runner.ask(
      method, limit: completionLimit,
      in: HostedProcess(center: center, application: application)
    ) { reply in send(center, reply) }
    await center.drain()
    await backend.drain()
    return answer
  }

  /// The presentation options PushDevice models for `options`; `.alert` (deprecated in iOS 14)
  /// shows as banner and list.
  static func presentationOptions(_ options: UNNotificationPresentationOptions)
    -> Set<PresentationOption>
  {
    var result = PresentationOption.deviceOptions(options)
    if options.contains(PresentationOption.appleAlert) { result.formUnion([.banner, .list]) }
    return result
  }

  /// A delivered notification as the app sees it.
  static func notification(_ notification: NotificationResponse.Notification) -> UNNotification {
    UNNotification(
      request: UNNotificationRequest(
        identifier: notification.request.identifier,
        content: UNNotificationContent(notification.request.content),
        trigger: UNPushNotificationTrigger()),
      date: notification.date)
  }

  /// The user's response as the app sees it: a text-input response when text was typed.
  static func response(_ response: NotificationResponse) -> UNNotificationResponse {
    let notification = notification(response.notification)
    guard let text = response.userText else {
      return UNNotificationResponse(
        notification: notification, actionIdentifier: response.actionIdentifier)
    }
    return UNTextInputNotificationResponse(
      notification: notification, actionIdentifier: response.actionIdentifier, userText: text)
  }
}

/// The app's `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`, called by
/// the device for pushes that wake the app (Behavior.md §7.1, §7.5).
///
/// The payload reaches the handler as `userInfo` bridged as on iOS; `UIApplication.shared` and
/// the `application` argument report the simulated app's state; the fetch result becomes the
/// call's completion (`newData`, `noData`, `failed`). A handler that never calls its completion
/// within ``completionLimit`` of real time is reported as not completed. Its `Activity` calls
/// reach the device.
struct HostedRemoteNotificationHandler: RemoteNotificationHandler {
  let handler: Unchecked<any RemoteNotificationHandling>
  let center: UNUserNotificationCenter
  let application: UIApplication
  let backend: DeviceApplicationBackend
  let runner: AppCallRunner
  let state: @Sendable () async -> AppState
  let completionLimit: Duration

  func didReceiveRemoteNotification(_ payload: JSONValue) async -> AppCallCompletion {
    await backend.refresh()
    application.setApplicationState(Self.applicationState(await state()))
    let userInfo = Unchecked(UserInfoJSON.userInfo(from: payload))
    let (handler, center, application) = (handler, center, application)
    // `nil` inside: the app delegate's default (the app has no handler).
    let result: UIBackgroundFetchResult?? = await runner.ask(
      "didReceiveRemoteNotification", limit: completionLimit,
      in: HostedProcess(center: center, application: application)
    ) { reply in
      ApplicationDelegateDefaults.withNotImplemented({ reply(nil) }) {
        handler.value.application(
          application, didReceiveRemoteNotification: userInfo.value,
          fetchCompletionHandler: { reply($0) })
      }
    }
    await center.drain()
    await backend.drain()
    guard let result else { return .notCompleted }
    guard let result else { return .notImplemented }
    return .completed(result: Self.resultName(result))
  }

  /// UIKit's state for the simulated app's state.
  static func applicationState(_ state: AppState) -> UIApplication.State {
    state == .foreground ? .active : .background
  }

  /// The scenario spelling of a fetch result.
  static func resultName(_ result: UIBackgroundFetchResult) -> String {
    switch result {
    case .newData: "newData"
    case .noData: "noData"
    case .failed: "failed"
    }
  }
}
