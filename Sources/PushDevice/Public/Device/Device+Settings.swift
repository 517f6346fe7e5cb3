import Foundation
import PushLocalization

extension Device {
  /// Changes the device settings mid-run (scenario step `set` with `device`).
  ///
  /// Unlocking and locking are recorded (locking sends a foreground app to the background);
  /// going online delivers what APNs stored (Rules.md §6); turning the Scheduled
  /// Summary off delivers what it held, and changing its times reschedules the next delivery
  /// (Rules.md §4). `now` is ignored: only ``advance(by:)`` moves time.
  public mutating func setDevice(_ new: DeviceConfiguration) {
    settlePendingRun()
    let old = configuration
    configuration = new
    configuration.now = old.now
    clock.timeZone = new.timeZone
    if old.languages != new.languages {
      localizer = AlertLocalizer(bundle: strings, preferredLanguages: new.languages)
    }

    if old.locked && !new.locked {
      log(.unlock, nil, .device, "the user unlocks the device")
    } else if !old.locked && new.locked {
      log(.lock, nil, .device, "the user locks the device")
      if app.state == .foreground {
        setAppState(.background, reason: "locking the device sends the app to the background")
      }
    }
    if old.muted != new.muted {
      log(
        .mute, nil, .device,
        new.muted ? "the ring/silent switch is set to silent" : "the device rings again")
    }
    if old.focus != new.focus {
      let text = new.focus.map { "Focus \"\($0.name)\" is on" } ?? "Focus is off"
      log(.focus, nil, .device, text)
    }
    if old.scheduledSummary != new.scheduledSummary {
      centerPart.nextSummaryDelivery = nil
      if new.scheduledSummary == nil {
        deliverSummary(reason: "the Scheduled Summary was turned off")
      } else if centerPart.isHoldingAny {
        _ = scheduleSummaryDelivery()
      }
    }
    if !old.online && new.online {
      log(.online, nil, .device, "the device is online")
      tellAPNsOfRemoval()
      deliverStoredPush()
    } else if old.online && !new.online {
      log(.offline, nil, .device, "the device is offline: APNs stores pushes")
    }
  }

  /// Changes the app's configuration mid-run (scenario step `set` with `app`).
  ///
  /// A state change is recorded (foreground unlocks the device). Grouping is a view, so a new
  /// grouping setting regroups what the center holds (Rules.md §4). A new service extension,
  /// media manifest or ATS setting applies to later pushes (``DeviceHost`` rebuilds its
  /// fetcher). The strings bundle and router given at creation stay.
  public mutating func setApp(_ new: AppConfiguration) {
    settlePendingRun()
    let oldState = app.state
    let oldActivities = app.liveActivities
    var updated = new
    updated.state = oldState
    app = updated
    applyLiveActivitySettings(old: oldActivities)
    if new.state != oldState { setAppState(new.state, reason: "set by the scenario") }
  }
}
