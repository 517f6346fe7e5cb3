import PushPayload

/// What the device needs done before it can go on: a piece of the app's code, which takes
/// time. ``Device`` is a state machine and never runs it; each input leaves the effects it
/// waits for (``Device/effects``, or ``DeviceStep/effects`` of ``Device/step(_:)``), and a host
/// (``DeviceHost``) performs the first and feeds the result back with
/// ``Device/complete(_:with:)``, which returns the effects then waiting, until none is left
/// (Architecture.md, "The host loop").
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

/// What ``Device`` waits for from the app's code before anything else: nothing, the run of its
/// service extension (with the events logged meanwhile, which belong after the run's start), or
/// the delegate's `willPresent`. The calls queued behind it (``Device/appCalls``) come after.
package enum Awaiting: Sendable {
  /// Nothing: the next effect, if any, is the oldest queued call.
  case nothing
  /// An extension run; `heldEvents` were logged while it runs and are put after its start
  /// when it ends (Rules.md §7).
  case extensionRun(PendingExtensionRun, heldEvents: [DeviceEvent])
  /// A notification waiting for the delegate's `willPresent`.
  case willPresent(PendingWillPresent)

  /// The effect that ends it, if any.
  var effect: DeviceEffect? {
    switch self {
    case .nothing: nil
    case .extensionRun(let run, _): .runExtension(run)
    case .willPresent(let waiting): .askWillPresent(waiting)
    }
  }
}

/// What one input to ``Device`` returned, with the effects it left waiting, in the order a host
/// performs them.
package struct DeviceStep<Value> {
  /// What the input returned.
  package var value: Value
  /// The effects now waiting (``Device/effects``).
  package var effects: [DeviceEffect]
}

extension DeviceStep: Sendable where Value: Sendable {}

extension Device {
  /// The effects the device waits for, in the order a host performs them: what it awaits (an
  /// extension run, then `willPresent`), then the queued calls into the app's code, oldest
  /// first.
  package var effects: [DeviceEffect] {
    guard let first = awaiting.effect else { return appCalls }
    return [first] + appCalls
  }

  /// The first of ``effects``, if any.
  package var nextEffect: DeviceEffect? { awaiting.effect ?? appCalls.first }

  /// Runs one input and returns what it returned with the effects it left (the NIO shape: an
  /// input returns its actions).
  package mutating func step<Value>(_ input: (inout Device) -> Value) -> DeviceStep<Value> {
    let value = input(&self)
    return DeviceStep(value: value, effects: effects)
  }

  /// Feeds back how `effect` ended and returns the effects then waiting (the result may leave
  /// more: a finished run presents its notification, which may ask `willPresent`).
  ///
  /// `effect` must be the first of ``effects`` and `result` of its kind: anything else is a
  /// host's programming error and stops the program, naming both.
  @discardableResult
  package mutating func complete(_ effect: DeviceEffect, with result: DeviceEffect.Result)
    -> [DeviceEffect]
  {
    guard effect == nextEffect else {
      preconditionFailure(
        "Device.complete: \(effect) is not the effect the device waits for "
          + "(\(nextEffect.map { "\($0)" } ?? "none")), given \(result)")
    }
    let ended = awaiting
    if ended.effect == nil { appCalls.removeFirst() } else { awaiting = .nothing }
    switch (effect, result) {
    case (.runExtension(let run), .extensionFinished(let outcome)):
      var held: [DeviceEvent] = []
      if case .extensionRun(_, let events) = ended { held = events }
      finishExtensionRun(run, heldEvents: held, outcome: outcome)
    case (.askWillPresent(let waiting), .presentationChosen(let options)):
      finishWillPresent(waiting, options: options)
    case (.deliverResponse, .appCallEnded(let completion)),
      (.wakeApp, .appCallEnded(let completion)),
      (.deliverVoIPPush, .appCallEnded(let completion)):
      recordAppCall(effect, completion: completion)
    default:
      preconditionFailure("Device.complete: \(effect) cannot end with \(result)")
    }
    // The app's events its call left out (a CallKit report past the push's 1,000), counted.
    logDroppedAppEvents()
    return effects
  }
}
