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
  package var pendingWillPresent: PendingWillPresent? {
    guard case .willPresent(let waiting) = awaiting else { return nil }
    return waiting
  }

  /// Whether the app's code takes `effect`: an extension run always (a device with no host
  /// settles it at its next input), anything else when a host's code has that piece.
  func appCodeTakes(_ effect: DeviceEffect) -> Bool {
    if case .runExtension = effect { return true }
    return hostTakes?(effect) == true
  }

  /// Hands `effect` to the app's code and returns `true` when the device now waits for it;
  /// `false` (the app's code lacks that piece, or there is no host) leaves the caller to go on
  /// as iOS does without it, then and there, so events keep their order.
  ///
  /// An extension run or `willPresent` is awaited before anything else (a `willPresent`
  /// arriving while another effect is awaited waits ahead of the queued calls); a call is
  /// queued behind what waits.
  @discardableResult
  mutating func handToAppCode(_ effect: DeviceEffect) -> Bool {
    guard appCodeTakes(effect) else { return false }
    switch (effect, awaiting) {
    case (.runExtension(let run), .nothing):
      awaiting = .extensionRun(run, heldEvents: [])
    case (.runExtension(let run), .willPresent(let waiting)):
      appCalls.insert(.askWillPresent(waiting), at: 0)
      awaiting = .extensionRun(run, heldEvents: [])
    case (.askWillPresent(let waiting), .nothing):
      awaiting = .willPresent(waiting)
    case (.askWillPresent, _):
      let place = appCalls.firstIndex { if case .askWillPresent = $0 { false } else { true } }
      appCalls.insert(effect, at: place ?? appCalls.endIndex)
    case (.runExtension, .extensionRun):
      preconditionFailure("Device: an extension run started while another runs")
    case (.deliverResponse, _), (.wakeApp, _), (.deliverVoIPPush, _):
      appCalls.append(effect)
    }
    return true
  }

  /// Brings the delegate's answer to `willPresent` and presents `waiting` with it; `nil` (the
  /// app does not implement `willPresent`) uses the configured options.
  mutating func finishWillPresent(_ waiting: PendingWillPresent, options: Set<PresentationOption>?)
  {
    let chosen = options ?? app.foregroundPresentation
    let names = chosen.map(\.rawValue).sorted()
    log(
      DeviceEvent.DelegateWillPresent(options: names), waiting.push, .device,
      options == nil
        ? "the app's delegate does not implement willPresent: the app's foregroundPresentation "
          + "applies"
        : "the app's delegate answers willPresent with [\(names.joined(separator: ", "))]")
    present(waiting.push, request: waiting.request, options: chosen)
  }

  /// Records how a call into the app's code ended (Behavior.md §7.1, §8).
  mutating func recordAppCall(_ call: DeviceEffect, completion: AppCallCompletion) {
    switch call {
    case .deliverResponse(let push, let response):
      let action = response.actionIdentifier
      switch completion {
      case .completed:
        log(
          DeviceEvent.DelegateDidReceive(), push, .device,
          "the app's delegate handled the response (\(action)) and called its completion handler"
        )
      case .notCompleted:
        log(
          DeviceEvent.DelegateDidReceive(completed: false), push, .device,
          "the app's delegate did not call didReceive's completion handler: iOS logs a warning "
            + "and the app may be suspended before it finishes")
      case .notImplemented:
        log(
          DeviceEvent.DelegateDidReceive(completed: false), push, .device,
          "the app's delegate does not implement didReceive: the response (\(action)) is lost")
      }
    case .deliverVoIPPush(let push, _):
      finishVoIPPush(push, completion: completion)
    case .wakeApp(let push, _):
      switch completion {
      case .completed(let result):
        let result = result ?? "newData"
        log(
          DeviceEvent.RemoteNotificationHandled(result: result), push, .device,
          "didReceiveRemoteNotification called its completion handler with .\(result)")
      case .notCompleted:
        log(
          DeviceEvent.RemoteNotificationHandled(completed: false), push, .device,
          "didReceiveRemoteNotification did not call its completion handler within about 30 s: "
            + "iOS ends the app's background time and may wake it less often")
      case .notImplemented:
        log(
          DeviceEvent.RemoteNotificationHandled(completed: false), push, .device,
          "the app does not implement didReceiveRemoteNotification: the push wakes it for nothing")
      }
    case .runExtension, .askWillPresent:
      preconditionFailure("Device: \(call) is not a call that ends with \(completion)")
    }
  }
}
