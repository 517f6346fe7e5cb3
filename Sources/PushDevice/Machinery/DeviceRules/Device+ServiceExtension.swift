import Foundation
import PushPayload

/// A push the device has handed to the app's notification service extension and waits for
/// (Behavior.md §6.1, Rules.md §7).
///
/// ``Device`` stops here because the extension is the app's code and takes time; ``DeviceHost``
/// runs it (``ServiceExtensionStage``) and completes the ``DeviceEffect/runExtension(_:)`` effect.
package struct PendingExtensionRun: Sendable, Equatable {
  /// The push's scenario id.
  package var push: String
  /// The request as the device built it (text localized), given to the extension.
  package var request: NotificationRequest
  /// The extension's budget of virtual time (30 s by default; Behavior.md §6.2).
  package var budget: Duration
  /// Which extension the app ships.
  package var kind: ServiceExtensionConfiguration.Kind
  /// The virtual instant the extension starts.
  package var start: Date
  /// Whether the extension may hide the push by handing over empty content: the app has the
  /// `filtering` entitlement and the push is an `alert` push (Rules.md §7).
  package var mayFilter = false
}

extension Device {
  /// The service-extension run the device waits for, if any.
  ///
  /// While it is set, the push it names is neither shown nor in Notification Center. Any
  /// other step taken before the run's effect is completed first ends the run with the
  /// original content (logged as `extension.skipped`, source `model`): a device never loses a
  /// push.
  package var pendingExtensionRun: PendingExtensionRun? {
    guard case .extensionRun(let run, _) = awaiting else { return nil }
    return run
  }

  /// Decides whether the app's service extension runs, as iOS does (Rules.md §7): when
  /// `mutable-content` is set, the alert has visible text after localization, alerts are
  /// allowed (provisional counts) and the app has an extension. Returns `true` when the push
  /// now waits in ``pendingExtensionRun``; `false` when it goes on with `request` unchanged.
  mutating func handOverToExtension(
    _ id: String, request: NotificationRequest, mutableContent: Bool, alertPush: Bool
  ) -> Bool {
    guard mutableContent else { return false }
    guard let configuration = app.serviceExtension else {
      log(
        .extensionSkipped, id, .device,
        "mutable-content is set but the app has no service extension")
      return false
    }
    guard request.content.hasVisibleText else {
      log(
        .extensionSkipped, id, .device,
        "mutable-content is set but the alert shows no text: the extension does not run")
      return false
    }
    let status = app.authorization.status
    guard status == .authorized || status == .provisional else {
      log(.extensionSkipped, id, .device, "alerts are not allowed: the extension does not run")
      return false
    }
    handToAppCode(
      .runExtension(
        PendingExtensionRun(
          push: id, request: request, budget: configuration.budget, kind: configuration.kind,
          start: clock.now,
          mayFilter: alertPush && app.extensionMayFilter)))
    return true
  }

  /// Brings the outcome of `run`: logs its events on the virtual clock (the app's calls
  /// during it, `heldEvents`, right after its start), moves time on by what the extension used,
  /// and presents the delivered content.
  mutating func finishExtensionRun(
    _ run: PendingExtensionRun, heldEvents: [DeviceEvent], outcome: ServiceExtensionOutcome
  ) {
    // The app's calls during the run come right after its start (Rules.md §7).
    var duringRun = heldEvents
    for event in outcome.deviceEvents(startingAt: run.start, push: run.push) {
      advance(to: event.time)
      // The run's window kept at most 200 of the app's events; the push's and the run's
      // bounds apply too (Rules.md §7.2).
      if pushLog.admits(event.kind, push: event.push) { pushLog.append(event) }
      for event in duringRun { pushLog.append(event) }
      duringRun = []
    }
    for event in duringRun { pushLog.append(event) }
    advance(to: run.start.addingTimeInterval(outcome.elapsed.timeInterval))
    guard outcome.delivered != .suppressed else {
      setStatus(run.push, .suppressed, reason: "the app's extension filtered it out")
      log(
        .suppressed, run.push, .device,
        "the app's extension handed over empty content and the app has the filtering "
          + "entitlement: nothing is shown, and nothing enters Notification Center")
      // A filtered push still updates the badge it carries, as shipping extensions use it.
      if let number = outcome.request.content.badge, app.authorization.options.contains(.badge) {
        setBadge(number, push: run.push)
      }
      return
    }
    // The identifier cannot change (Rules.md §7): present under the device's identifier.
    let request = communicationStyled(
      run.push,
      request: NotificationRequest(
        identifier: run.request.identifier, content: outcome.request.content, date: clock.now))
    present(run.push, request: request)
  }

  /// Ends a pending run nobody carried out with the original content, so the next step
  /// starts from a settled device.
  mutating func settlePendingRun() {
    switch awaiting {
    case .nothing:
      return
    case .willPresent(let waiting):
      awaiting = .nothing
      finishWillPresent(waiting, options: nil)
    case .extensionRun(let run, let held):
      awaiting = .nothing
      log(
        .extensionSkipped, run.push, .model,
        "the device moved on before the app's extension ran (no host ran it): the original "
          + "content is delivered")
      for event in held { pushLog.append(event) }
      present(run.push, request: run.request)
    }
  }
}
