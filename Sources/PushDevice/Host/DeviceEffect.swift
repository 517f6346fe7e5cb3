import PushPayload

/// What the device needs done before it can go on: a piece of the app's code, which takes
/// time. ``Device`` is a state machine and never runs it; after each input it offers the next
/// effect (``Device/nextEffect``), and a host (``DeviceHost``) performs it and feeds the result
/// back with ``Device/complete(_:with:)``, until none is left (Architecture.md, "The host
/// loop").
package enum DeviceEffect: Sendable, Equatable {
  /// Run the app's service extension on a push (``ServiceExtensionStage``); the result is
  /// ``Result/extensionFinished(_:)``.
  case runExtension(PendingExtensionRun)
  /// Ask the delegate's `willPresent` how a notification arriving in the foreground shows; the
  /// result is ``Result/presentationChosen(_:)``.
  case askWillPresent(PendingWillPresent)
  /// Hand a response (a tap, an action, a dismiss) to the delegate's `didReceive`; the result
  /// is ``Result/appCallEnded(_:)``.
  case deliverResponse(push: String, response: NotificationResponse)
  /// Wake the app with a `content-available` push
  /// (`didReceiveRemoteNotification`); the result is ``Result/appCallEnded(_:)``.
  case wakeApp(push: String, payload: JSONValue)
  /// Hand a `voip` push to the app's PushKit delegate (`didReceiveIncomingPushWith`); the
  /// result is ``Result/appCallEnded(_:)``, and the calls the app reported to CallKit meanwhile
  /// decide what iOS does (Rules.md §14).
  case deliverVoIPPush(push: String, payload: JSONValue)

  /// The push whose handling the effect is part of.
  package var push: String {
    switch self {
    case .runExtension(let run): run.push
    case .askWillPresent(let waiting): waiting.push
    case .deliverResponse(let push, _), .wakeApp(let push, _), .deliverVoIPPush(let push, _): push
    }
  }

  /// How a performed effect ended.
  package enum Result: Sendable, Equatable {
    /// The extension run's outcome.
    case extensionFinished(ServiceExtensionOutcome)
    /// The delegate's options, or `nil` when it does not implement `willPresent`.
    case presentationChosen(Set<PresentationOption>?)
    /// How the call into the app's code ended.
    case appCallEnded(AppCallCompletion)
  }
}

extension Device {
  /// The next thing the device waits for from the app's code, if any: a pending extension run
  /// first, then a notification waiting for `willPresent`, then the calls into the app in the
  /// order the steps queued them.
  package var nextEffect: DeviceEffect? {
    if let run = pendingRun { return .runExtension(run) }
    if let waiting = pendingPresentation { return .askWillPresent(waiting) }
    switch pendingAppCalls.first {
    case .didReceive(let push, let response)?:
      return .deliverResponse(push: push, response: response)
    case .remoteNotification(let push, let payload)?: return .wakeApp(push: push, payload: payload)
    case .voipPush(let push, let payload)?: return .deliverVoIPPush(push: push, payload: payload)
    case nil: return nil
    }
  }

  /// Feeds back how `effect` (the device's ``nextEffect``) ended; a result of another kind
  /// than the effect's, or an effect no longer waiting, changes nothing.
  package mutating func complete(_ effect: DeviceEffect, with result: DeviceEffect.Result) {
    guard effect == nextEffect else { return }
    switch (effect, result) {
    case (.runExtension, .extensionFinished(let outcome)):
      finishExtensionRun(outcome)
    case (.askWillPresent, .presentationChosen(let options)):
      finishWillPresent(options)
    case (.deliverResponse, .appCallEnded(let completion)),
      (.wakeApp, .appCallEnded(let completion)),
      (.deliverVoIPPush, .appCallEnded(let completion)):
      if let call = takeNextAppCall() { recordAppCall(call, completion: completion) }
    default:
      return
    }
    // The app's events its call left out (a CallKit report past the push's 1,000), counted.
    logDroppedAppEvents()
  }
}
