import Foundation
import PushCore
import PushPayload

extension Device {
  /// A background push (`content-available` and no alert, sound or badge), Rules.md §6.
  mutating func handleBackgroundPush(_ id: String, payload: JSONValue) {
    if app.state == .forceQuit {
      let reason = "the user force-quit the app: background pushes are discarded until it is opened"
      setStatus(id, .discarded, reason: reason)
      log(DeviceEvent.Discarded(code: .forceQuit), id, .device, reason)
      return
    }
    if !app.backgroundModes.contains(.remoteNotification) {
      let reason = "the app lacks the remote-notification background mode"
      setStatus(id, .discarded, reason: reason)
      log(DeviceEvent.Discarded(code: .noBackgroundMode), id, .device, reason)
      return
    }
    if app.state == .foreground {
      appStatus.remoteNotifications += 1
      let reason = "the app is in the foreground: didReceiveRemoteNotification runs"
      setStatus(id, .silent, reason: reason)
      log(DeviceEvent.Silent(), id, .device, reason)
      callRemoteNotificationHandler(id, payload: payload)
      return
    }
    let budget = configuration.silentPushBudgetPerHour
    guard pushTypeState.admitBackgroundPush(budget: budget) else {
      let reason = "over the budget of \(budget) background pushes per rolling hour"
      setStatus(id, .throttled, reason: reason)
      log(DeviceEvent.Throttled(code: .backgroundBudget, budget: budget), id, .model, reason)
      return
    }
    clock.schedule(.budgetWindow(push: id), at: clock.now.addingTimeInterval(3600))
    wakeInBackground()
    let reason = "the app is woken in the background: didReceiveRemoteNotification runs"
    setStatus(id, .silent, reason: reason)
    log(
      DeviceEvent.Silent(inWindow: pushTypeState.backgroundPushesInWindow), id, .device, reason)
    callRemoteNotificationHandler(id, payload: payload)
  }

  /// Hands the push to the app's `didReceiveRemoteNotification`, when its code has one.
  mutating func callRemoteNotificationHandler(_ id: String, payload: JSONValue) {
    handToAppCode(.wakeApp(push: id, payload: payload))
  }

  /// A push with an alert and `content-available`: shown, and the app is woken too (Behavior.md
  /// §7.5).
  mutating func wakeForMixedPush(_ id: String, payload: JSONValue) {
    if app.state == .forceQuit {
      log(
        .wakeSkipped, id, .device, "content-available: the app was force-quit, so it is not woken"
      )
      return
    }
    if !app.backgroundModes.contains(.remoteNotification) {
      log(
        .wakeSkipped, id, .device,
        "content-available: the app lacks the remote-notification background mode")
      return
    }
    if app.state == .foreground {
      appStatus.remoteNotifications += 1
      log(
        DeviceEvent.Wake(), id, .device,
        "content-available: didReceiveRemoteNotification runs in the foreground")
      callRemoteNotificationHandler(id, payload: payload)
      return
    }
    wakeInBackground()
    log(
      DeviceEvent.Wake(), id, .device, "content-available: the app is also woken in the background")
    callRemoteNotificationHandler(id, payload: payload)
  }

  /// Counts a background wake; a not-running app is launched into the background (Behavior.md
  /// §7.1).
  mutating func wakeInBackground() {
    appStatus.remoteNotifications += 1
    appStatus.backgroundWakes += 1
    if app.state == .notRunning {
      setAppState(.background, reason: "launched in the background by a push")
    }
  }

  /// Changes the app state, recording it; foreground unlocks the device (ScenarioFormat.md).
  mutating func setAppState(_ state: AppState, reason: String) {
    guard app.state != state else { return }
    let old = app.state
    app.state = state
    appStatus.state = state
    log(.appState, nil, .device, "\(old.rawValue) → \(state.rawValue): \(reason)")
    if state == .foreground && configuration.locked {
      configuration.locked = false
      log(.unlock, nil, .device, "the app came to the foreground: the device is unlocked")
    }
  }
}
