import Foundation
import PushPayload

extension Device {
  /// The user taps a notification (default action) or picks one of its actions (scenario step
  /// `tap`), Rules.md §8.
  ///
  /// A tap or a `foreground` action brings the app to the foreground (unlocking the device); an
  /// action without `foreground` runs in the background; an `authenticationRequired` action on a
  /// locked device unlocks it first (event `unlock`). Either way the notification leaves the
  /// center (status `opened`), and the response goes to the router.
  ///
  /// - Parameters:
  ///   - push: the push id of a notification in Notification Center.
  ///   - action: an action identifier of its category; `nil` or `"default"` is a tap.
  ///   - text: what the user typed, for a text-input action (`userText`).
  /// - Returns: the router's decision.
  /// - Throws: ``ResponseError`` when the notification is not in the center or its category
  ///   has no such action; the device is unchanged then.
  @discardableResult
  public mutating func tap(_ push: String, action: String? = nil, text: String? = nil)
    throws(ResponseError)
    -> RouteDecision
  {
    settlePendingRun()
    guard let entry = centerPart.store.entry(push: push) else {
      throw .notInCenter(push, status: history[push]?.status)
    }
    let content = entry.content
    let actionIdentifier = action ?? NotificationResponse.defaultActionIdentifier
    if RouteConfiguration.ActionCondition(actionIdentifier) == .default {
      log(.tap, push, .device, "the user taps the notification (default action)")
      if configuration.locked {
        unlock(push, reason: "opening the app from a notification unlocks the device")
      }
      centerPart.remove(push: push)
      setStatus(push, .opened, reason: "tapped")
      setAppState(.foreground, reason: "the user opened a notification")
      return respond(push, NotificationResponse.tap(entry.request))
    }

    let categoryIdentifier = content.categoryIdentifier
    guard let category = app.category(categoryIdentifier),
      let chosen = category.action(actionIdentifier)
    else {
      throw .unknownAction(actionIdentifier, push: push, category: categoryIdentifier)
    }
    let userText = chosen.textInput != nil ? (text ?? "") : nil
    let place = chosen.options.contains(.foreground) ? "in the foreground" : "in the background"
    log(
      DeviceEvent.Action(action: chosen.id, userText: userText), push, .device,
      "the user picks action \"\(chosen.id)\" (handled \(place))")
    if chosen.options.contains(.authenticationRequired) && configuration.locked {
      unlock(
        push, reason: "action \"\(chosen.id)\" requires authentication: the device unlocks first")
    }
    centerPart.remove(push: push)
    setStatus(push, .opened, reason: "action \(chosen.id)")
    if chosen.options.contains(.foreground) {
      if configuration.locked {
        unlock(push, reason: "a foreground action opens the app: the device unlocks")
      }
      setAppState(.foreground, reason: "the user picked a foreground action")
    } else if app.state == .notRunning || app.state == .forceQuit {
      setAppState(.background, reason: "launched in the background for a notification action")
    }
    let response = NotificationResponse(
      notification: NotificationResponse.Notification(request: entry.request, date: entry.date),
      actionIdentifier: chosen.id, userText: userText)
    return respond(push, response)
  }

  /// The user explicitly dismisses a notification (scenario step `dismiss`, Rules.md
  /// §8): it leaves the center (status `dismissed`); the app hears of it only when the
  /// category has `customDismissAction`.
  ///
  /// - Returns: the router's decision, or `nil` when the app was not told.
  /// - Throws: ``ResponseError`` when the notification is not in the center.
  @discardableResult
  public mutating func dismiss(_ push: String) throws(ResponseError) -> RouteDecision? {
    settlePendingRun()
    guard let entry = centerPart.store.entry(push: push) else {
      throw .notInCenter(push, status: history[push]?.status)
    }
    centerPart.remove(push: push)
    setStatus(push, .dismissed, reason: "dismissed")
    let category = app.category(entry.content.categoryIdentifier)
    guard category?.options.contains(.customDismissAction) ?? false else {
      log(
        .dismiss, push, .device,
        "the user dismisses it; the app is not told (no customDismissAction)")
      return nil
    }
    log(
      .dismiss, push, .device,
      "the user dismisses it; the category has customDismissAction: the app is told")
    return respond(push, NotificationResponse.dismiss(entry.request))
  }

  /// The user clears Notification Center (scenario step `clear`): every notification leaves
  /// (status `dismissed`); the app is not told (Behavior.md §8: only an explicit dismiss is
  /// reported).
  public mutating func clear() {
    settlePendingRun()
    let removed = centerPart.removeAll()
    for entry in removed { setStatus(entry.push, .dismissed, reason: "cleared") }
    log(
      DeviceEvent.Clear(notifications: removed.map(\.push)), nil, .device,
      "the user clears Notification Center (\(removed.count) notification(s))")
  }

  /// Unlocks the device, recording `unlock`.
  mutating func unlock(_ push: String?, reason: String) {
    guard configuration.locked else { return }
    configuration.locked = false
    log(.unlock, push, .device, reason)
  }

  /// Hands a response to the app and its router, recording the route (Rules.md §8).
  mutating func respond(_ push: String, _ response: NotificationResponse) -> RouteDecision {
    appStatus.responses += 1
    let decision = (router ?? RouteTable(app.routes)).route(for: response)
    responses.append(
      ResponseRecord(push: push, response: response, decision: decision, time: clock.now))
    pushLog.append(decision.event(for: response, at: clock.now, push: push))
    handToAppCode(.deliverResponse(push: push, response: response))
    return decision
  }
}
