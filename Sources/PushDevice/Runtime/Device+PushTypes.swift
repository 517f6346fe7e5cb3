import Foundation
import PushCore
import PushPayload

/// What the device remembers about the non-notification push types (Rules.md §14).
struct PushTypeState: Sendable {
  /// VoIP pushes the app did not report to CallKit.
  var voipFailures = 0
  /// Arrival times of `location` pushes in the last 24 hours.
  var locationTimes: [Date] = []
}

extension Device {
  /// `location` pushes per rolling 24 hours before the system stops delivering them.
  static let locationBudget = 360

  /// A push of a type that never shows a notification goes to its own receiver (Rules.md §14):
  /// PushKit and CallKit for `voip`, the Location Push Service Extension, Push to Talk, the
  /// File Provider system, WidgetKit, the watch, the MDM client. None ever shows a banner,
  /// plays a sound or changes the badge.
  mutating func deliverToReceiver(_ id: String, type: PushType, payload: Payload) {
    switch type {
    case .voip: deliverVoIP(id)
    case .location: deliverLocation(id)
    case .pushtotalk:
      deliverPushToTalk(id, payload: payload)
    case .fileprovider:
      let container = payload.json["container-identifier"]?.stringValue
      if app.pushTypes.fileProviderReplicated,
        container != "NSFileProviderWorkingSetContainerItemIdentifier"
      {
        discardForReceiver(
          id, .device, .fileProviderNotWorkingSet,
          "a replicated File Provider extension takes only the working-set container")
        return
      }
      handled(
        id, .fileProviderSignal, .device,
        "the system calls signalEnumerator(for: \(container ?? "no container")); the app's "
          + "PushKit delegate is not called")
    case .widgets:
      guard requireVersion(id, IOSVersion(26), "widgets") else { return }
      handled(id, .widgetsReload, .device, "WidgetKit reloads the app's widget timelines")
    case .controls:
      guard requireVersion(id, IOSVersion(18), "controls") else { return }
      handled(id, .controlsReload, .device, "WidgetKit reloads the control that owns the token")
    case .complication:
      report(
        [
          Diagnostic(
            .error, code: .pushTypeNotForPlatform, location: .header("apns-push-type"),
            message: "complication pushes go to a watchOS app; an iPhone never receives them",
            source: .model)
        ], push: id)
      discardForReceiver(id, .model, .notForIPhone, "complication pushes are for watchOS")
    case .mdm:
      handled(
        id, .mdmCheckIn, .model,
        "the device's management client checks in with the MDM server; no app is involved")
    case .alert, .background, .liveactivity:
      break
    }
  }

  /// `pushtotalk` (iOS 16): while the user is in a channel the push wakes the app's channel
  /// manager delegate: `incomingPushResult`, or from iOS 17.2 `incomingServiceUpdatePush` for
  /// a push whose `aps` says `"ptt-push-type": "service-update"`, with `isHighPriority` from
  /// `apns-priority` (Behavior.md §12.3; Rules.md §14).
  mutating func deliverPushToTalk(_ id: String, payload: Payload) {
    guard requireVersion(id, IOSVersion(16), "pushtotalk") else { return }
    guard app.pushTypes.pttChannelJoined else {
      discardForReceiver(
        id, .model, .pttNotJoined,
        "the user is in no Push to Talk channel: the ephemeral token is inactive")
      return
    }
    let isServiceUpdate = payload.json["aps"]?["ptt-push-type"]?.stringValue == "service-update"
    guard isServiceUpdate, configuration.iosVersion >= .pushToStart else {
      handled(id, .pttIncoming, .device, "Push to Talk wakes the app: incomingPushResult runs")
      return
    }
    let isHighPriority = (records[id]?.priority ?? 10) == 10
    handled(
      id, .pttServiceUpdate, .device,
      "Push to Talk wakes the app for a service update: incomingServiceUpdatePush runs "
        + "(isHighPriority: \(isHighPriority)), not incomingPushResult")
  }

  /// The push reached its receiver: status `silent`, one event.
  mutating func handled(
    _ id: String, _ kind: DeviceEvent.Kind, _ source: DiagnosticSource, _ reason: String
  ) {
    setStatus(id, .silent, reason: reason)
    log(kind, id, source, reason + "; nothing is shown")
  }

  /// The push reached nothing: status `discarded`, with why.
  mutating func discardForReceiver(
    _ id: String, _ source: DiagnosticSource, _ code: DiscardedCode, _ reason: String
  ) {
    setStatus(id, .discarded, reason: reason)
    log(id, source, reason, code: code)
  }

  /// Whether the device's iOS has the push type; a push before it is discarded (model).
  mutating func requireVersion(_ id: String, _ version: IOSVersion, _ type: String) -> Bool {
    guard configuration.iosVersion < version else { return true }
    discardForReceiver(
      id, .model, .iosVersion,
      "\(type) pushes need iOS \(version); this device runs \(configuration.iosVersion)")
    return false
  }

  /// `voip`: PushKit launches or wakes the app, which must report a call to CallKit; an app
  /// that does not is terminated, and after repeated failures iOS stops delivering.
  mutating func deliverVoIP(_ id: String) {
    let settings = app.pushTypes
    if pushTypeState.voipFailures >= settings.voipFailureLimit {
      discardForReceiver(
        id, .device, .voipNotReported,
        "the app failed to report \(pushTypeState.voipFailures) VoIP pushes to CallKit: iOS no "
          + "longer delivers them")
      return
    }
    let wasForeground = app.state == .foreground
    if app.state != .foreground {
      setAppState(.background, reason: "PushKit launches or wakes the app for a VoIP push")
    }
    appStatus.remoteNotifications += 1
    log(.pushKitVoIP, id, .device, "PushKit calls didReceiveIncomingPushWith")
    if settings.reportsCalls {
      setStatus(id, .silent, reason: "reported to CallKit as an incoming call")
      log(.callKitIncoming, id, .device, "the app reports the call: the incoming-call screen shows")
      return
    }
    if configuration.iosVersion >= IOSVersion(26, 4), wasForeground {
      setStatus(id, .silent, reason: "mustReport is false: the app is in the foreground")
      log(
        .pushKitVoIP, id, .device,
        "PKVoIPPushMetadata.mustReport is false (the app is in the foreground): no report needed")
      return
    }
    pushTypeState.voipFailures += 1
    setStatus(id, .discarded, reason: "the app did not report the call to CallKit")
    setAppState(.notRunning, reason: "iOS terminates an app that does not report a VoIP call")
    var reason = "the app did not report the VoIP push to CallKit: iOS terminated it"
    if pushTypeState.voipFailures >= settings.voipFailureLimit {
      reason += "; after \(pushTypeState.voipFailures) failures it stops delivering VoIP pushes"
    }
    log(
      .voipTerminated, id, .device, reason,
      ["failures": .init(.number(JSONNumber(pushTypeState.voipFailures)))])
  }

  /// `location`: the Location Push Service Extension, with Always authorization, within a
  /// budget of about 360 a day.
  mutating func deliverLocation(_ id: String) {
    let settings = app.pushTypes
    guard settings.locationExtension else {
      discardForReceiver(
        id, .device, .noLocationExtension,
        "the app has no Location Push Service Extension with the location.push entitlement")
      return
    }
    guard settings.locationAlways else {
      discardForReceiver(
        id, .device, .locationNotAuthorized,
        "without Always location authorization the extension is not eligible")
      return
    }
    pushTypeState.locationTimes.removeAll { clock.now.timeIntervalSince($0) >= 86_400 }
    guard pushTypeState.locationTimes.count < Self.locationBudget else {
      discardForReceiver(
        id, .device, .locationBudget,
        "over the budget of about \(Self.locationBudget) location pushes a day: the system "
          + "unregisters the extension for a while")
      return
    }
    pushTypeState.locationTimes.append(clock.now)
    handled(
      id, .locationExtension, .device,
      "the Location Push Service Extension runs didReceiveLocationPushPayload")
  }
}
