import Foundation
import PushPayload

/// A notification that arrived while the app is in the foreground, waiting for the delegate's
/// `willPresent` (Behavior.md §7.3).
package struct PendingWillPresent: Sendable, Equatable {
  /// The push's scenario id.
  package var push: String
  /// The request as delivered (after any service extension).
  package var request: NotificationRequest
}

extension Device {
  /// The notification waiting for the delegate's `willPresent`, if any. Like
  /// ``pendingExtensionRun``, another step taken first settles it with the app's configured
  /// `foregroundPresentation`.
  package var pendingWillPresent: PendingWillPresent? { pendingPresentation }

  /// Brings the delegate's answer to `willPresent` and presents the waiting notification with
  /// it; `nil` (the app does not implement `willPresent`) uses the configured options.
  package mutating func finishWillPresent(_ options: Set<PresentationOption>?) {
    guard let waiting = pendingPresentation else { return }
    pendingPresentation = nil
    let chosen = options ?? app.foregroundPresentation
    let names = chosen.map(\.rawValue).sorted()
    log(
      .delegateWillPresent, waiting.push, .device,
      options == nil
        ? "the app's delegate does not implement willPresent: the app's foregroundPresentation "
          + "applies"
        : "the app's delegate answers willPresent with [\(names.joined(separator: ", "))]",
      ["options": .init(.array(names.map { .init(.string($0)) }))])
    presentationOverride = chosen
    present(waiting.push, request: waiting.request)
  }

  /// Takes the oldest call into the app's code still waiting, if any.
  ///
  /// - Complexity: O(q) for q waiting calls (a step queues a handful at most).
  package mutating func takeNextAppCall() -> AppCall? {
    pendingAppCalls.isEmpty ? nil : pendingAppCalls.removeFirst()
  }

  /// Records how a call into the app's code ended (Behavior.md §7.1, §8).
  package mutating func recordAppCall(_ call: AppCall, completion: AppCallCompletion) {
    switch call {
    case .didReceive(let push, let response):
      let action = response.actionIdentifier
      switch completion {
      case .completed:
        log(
          .delegateDidReceive, push, .device,
          "the app's delegate handled the response (\(action)) and called its completion handler"
        )
      case .notCompleted:
        log(
          .delegateDidReceive, push, .device,
          "the app's delegate did not call didReceive's completion handler: iOS logs a warning "
            + "and the app may be suspended before it finishes",
          ["completed": .init(.bool(false))])
      case .notImplemented:
        log(
          .delegateDidReceive, push, .device,
          "the app's delegate does not implement didReceive: the response (\(action)) is lost",
          ["completed": .init(.bool(false))])
      }
    case .voipPush(let push, _):
      finishVoIPPush(push, completion: completion)
    case .remoteNotification(let push, _):
      switch completion {
      case .completed(let result):
        let result = result ?? "newData"
        log(
          .remoteNotificationHandled, push, .device,
          "didReceiveRemoteNotification called its completion handler with .\(result)",
          ["result": .init(.string(result))])
      case .notCompleted:
        log(
          .remoteNotificationHandled, push, .device,
          "didReceiveRemoteNotification did not call its completion handler within about 30 s: "
            + "iOS ends the app's background time and may wake it less often",
          ["completed": .init(.bool(false))])
      case .notImplemented:
        log(
          .remoteNotificationHandled, push, .device,
          "the app does not implement didReceiveRemoteNotification: the push wakes it for nothing",
          ["completed": .init(.bool(false))])
      }
    }
  }

  /// Presents a notification still waiting for `willPresent` with the configured options.
  mutating func settlePendingPresentation() {
    guard pendingPresentation != nil else { return }
    finishWillPresent(nil)
  }
}
