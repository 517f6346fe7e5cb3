import Foundation
import PushCore
import PushPayload

/// What the device remembers about the non-notification push types (Rules.md §14).
struct PushTypeState: Sendable {
  /// Background pushes handed to the app within the last hour (Rules.md §6).
  private(set) var backgroundPushesInWindow = 0
  /// VoIP pushes the app did not report to CallKit.
  var voipFailures = 0
  /// The VoIP push the app's hosted PushKit delegate is handling, and whether the app was in
  /// the foreground when it arrived.
  var voipInFlight: (push: String, wasForeground: Bool)?
  /// Whether the app reported a call to CallKit during ``voipInFlight``.
  var voipReported = false
  /// The calls the app reported and has not ended (their UUIDs).
  var activeCalls: Set<UUID> = []
  /// The reported calls that may still ring, oldest first: a call leaves when it ends, and
  /// one that rang ``Device/callRingLimit`` is dropped at the next report, so the list holds
  /// only the calls of the last half minute or so.
  var ringingCalls: [IncomingCall] = []
  /// Arrival times of `location` pushes in the last 24 hours.
  var locationTimes: [Date] = []

  /// Counts a background push against `budget` pushes per rolling hour; `false` when the
  /// budget is spent (the push is throttled). The device ends its hour with
  /// ``endBackgroundWindow()``.
  mutating func admitBackgroundPush(budget: Int) -> Bool {
    guard backgroundPushesInWindow < budget else { return false }
    backgroundPushesInWindow += 1
    return true
  }

  /// The rolling hour of a background push ended: it no longer counts.
  mutating func endBackgroundWindow() {
    backgroundPushesInWindow = max(0, backgroundPushesInWindow - 1)
  }
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
    case .voip: deliverVoIP(id, payload: payload.json)
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
    let isHighPriority = (history[id]?.priority ?? 10) == 10
    handled(
      id, .pttServiceUpdate, .device,
      "Push to Talk wakes the app for a service update: incomingServiceUpdatePush runs "
        + "(isHighPriority: \(isHighPriority)), not incomingPushResult")
  }

  /// The push reached its receiver: status `silent`, one event.
  mutating func handled(
    _ id: String, _ kind: PlainEvent, _ source: DiagnosticSource, _ reason: String
  ) {
    setStatus(id, .silent, reason: reason)
    log(kind, id, source, reason + "; nothing is shown")
  }

  /// The push reached nothing: status `discarded`, with why.
  mutating func discardForReceiver(
    _ id: String, _ source: DiagnosticSource, _ code: DiscardedCode, _ reason: String
  ) {
    setStatus(id, .discarded, reason: reason)
    log(DeviceEvent.Discarded(code: code), id, source, reason)
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
  mutating func deliverVoIP(_ id: String, payload: JSONValue) {
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
    if handToAppCode(.deliverVoIPPush(push: id, payload: payload)) {
      // The app's own PushKit delegate decides (``finishVoIPPush(_:completion:)``).
      pushTypeState.voipInFlight = (id, wasForeground)
      pushTypeState.voipReported = false
      return
    }
    if settings.reportsCalls {
      setStatus(id, .silent, reason: "reported to CallKit as an incoming call")
      log(
        DeviceEvent.CallKitIncoming(), id, .device,
        "the app reports the call: the incoming-call screen shows")
      // The app file's app reports the payload's `caller` and `hasVideo` (model, Rules.md §14).
      startRinging(
        IncomingCall(
          uuid: nil, push: id, caller: payload["caller"]?.stringValue,
          hasVideo: payload["hasVideo"]?.boolValue ?? false, ringingSince: clock.now))
      return
    }
    if sparedByMustReport(id, wasForeground: wasForeground) { return }
    terminateForUnreportedCall(id, "the app did not report the VoIP push to CallKit")
  }

  /// iOS terminates an app that did not report a VoIP push to CallKit; after
  /// `voipFailureLimit` such pushes it stops delivering them (Rules.md §14).
  /// From iOS 26.4 an app in the foreground need not report a VoIP push (`mustReport` is
  /// false): whether that spares push `id` (recorded as such).
  private mutating func sparedByMustReport(_ id: String, wasForeground: Bool) -> Bool {
    guard configuration.iosVersion >= IOSVersion(26, 4), wasForeground else { return false }
    setStatus(id, .silent, reason: "mustReport is false: the app is in the foreground")
    log(
      .pushKitVoIP, id, .device,
      "PKVoIPPushMetadata.mustReport is false (the app is in the foreground): no report needed")
    return true
  }

  mutating func terminateForUnreportedCall(_ id: String, _ why: String) {
    let settings = app.pushTypes
    pushTypeState.voipFailures += 1
    setStatus(id, .discarded, reason: "the app did not report the call to CallKit")
    setAppState(.notRunning, reason: "iOS terminates an app that does not report a VoIP call")
    // The calls the app reported went with its process: none rings any longer (model).
    pushTypeState.activeCalls.removeAll()
    pushTypeState.ringingCalls.removeAll()
    var reason = why + ": iOS terminated it"
    if pushTypeState.voipFailures >= settings.voipFailureLimit {
      reason += "; after \(pushTypeState.voipFailures) failures it stops delivering VoIP pushes"
    }
    log(
      DeviceEvent.VoIPTerminated(failures: pushTypeState.voipFailures), id, .device, reason)
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

// MARK: - The app's own PushKit and CallKit code (PushSimAppHost)

extension Device {
  /// The token the device issues the app for a push type with tokens of its own (`voip`,
  /// `widgets`, `controls`): 64 hex digits, the type's name in ASCII first (model: one token
  /// per type for the app's lifetime on this device).
  package static func pushTypeToken(_ type: PushType) -> String {
    let name = type.rawValue.utf8.prefix(16).map { byte in
      let hex = String(byte, radix: 16)
      return hex.count == 1 ? "0" + hex : hex
    }.joined()
    return name + String(repeating: "0", count: 63 - name.count) + "1"
  }

  /// `address` with a written-out token of a push type (``pushTypeToken(_:)``) read as that
  /// type's address.
  func pushTypeAddress(_ address: PushAddress?) -> PushAddress? {
    guard case .token(let token)? = address,
      let type = PushAddress.ownTokenTypes.first(where: { Self.pushTypeToken($0) == token })
    else { return address }
    return .pushType(type)
  }

  /// APNs's refusal of a push sent to the app's token of `owner` (`DeviceTokenNotForTopic`
  /// when the push is of another type), or `nil` when it goes through (model).
  func misaddressedToPushTypeToken(_ owner: PushType, pushType: PushType?) -> (String?, String)? {
    guard pushType != owner else { return nil }
    return (
      "DeviceTokenNotForTopic",
      "the app's \(owner.rawValue) token takes only \(owner.rawValue) pushes"
    )
  }

  /// VoIP pushes the app failed to report so far: each terminated the app.
  package var voipTerminations: Int { pushTypeState.voipFailures }

  /// The app's hosted code registered for `type` (`desiredPushTypes`): the device hands it
  /// its token (`pushkit.token`) and returns it.
  package mutating func issuePushKitToken(_ type: PushType) -> String {
    let token = Self.pushTypeToken(type)
    log(
      DeviceEvent.PushKitToken(type: type.rawValue, token: token), nil, .device,
      "PushKit hands the app its \(type.rawValue) token: the delegate's didUpdate runs")
    return token
  }

  /// The app's `CXProvider.reportNewIncomingCall`: the incoming-call screen shows
  /// (`callkit.incoming`), unless a call with that UUID is still going (`callkit.refused`,
  /// `callUUIDAlreadyExists`) or `maximumCallGroups` calls (the provider's configuration; each
  /// incoming call is a group of its own, a value below 1 counts as 1) are still going
  /// (`callkit.refused`, `unknown`). A report during a VoIP push counts for it (Rules.md §14).
  ///
  /// - Returns: the `CXErrorCodeIncomingCallError` code of a refusal, or `nil`.
  package mutating func reportIncomingCall(
    uuid: UUID, caller: String?, hasVideo: Bool, maximumCallGroups: Int = 2
  ) -> Int? {
    let push = pushTypeState.voipInFlight?.push
    let uuidText = uuid.uuidString.lowercased()
    guard !pushTypeState.activeCalls.contains(uuid) else {
      log(
        DeviceEvent.CallKitRefused(uuid: uuidText, error: 2), push, .device,
        "CallKit refuses the call: a call with UUID \(uuidText) is already going "
          + "(callUUIDAlreadyExists)")
      return 2
    }
    let groups = max(1, maximumCallGroups)
    guard pushTypeState.activeCalls.count < groups else {
      log(
        DeviceEvent.CallKitRefused(uuid: uuidText, error: 0, maximumCallGroups: groups), push,
        .model,
        "CallKit refuses the call: the provider's \(groups) call group"
          + (groups == 1 ? " is" : "s are") + " taken by calls not ended "
          + "(maximumCallGroups; unknown)")
      return 0
    }
    pushTypeState.activeCalls.insert(uuid)
    if push != nil { pushTypeState.voipReported = true }
    startRinging(
      IncomingCall(
        uuid: uuid, push: push, caller: caller, hasVideo: hasVideo, ringingSince: clock.now))
    log(
      DeviceEvent.CallKitIncoming(uuid: uuidText, caller: caller, hasVideo: hasVideo), push,
      .device,
      "the app reports the call\(caller.map { " from \($0)" } ?? ""): the incoming-call screen "
        + "shows")
    return nil
  }

  /// How long a call nobody answers rings before it stops, when the app does not end it
  /// first: 30 s (model, Rules.md §14; Apple documents no limit, the app is expected to end an
  /// unanswered call with `reportCall(with:endedAt:reason:)`).
  package static let callRingLimit: TimeInterval = 30

  /// The calls ringing now, oldest first: reported to CallKit less than ``callRingLimit`` ago
  /// and not ended (what the incoming-call screen shows, Rules.md §14).
  ///
  /// - Complexity: O(c) for the c calls reported in about the last ``callRingLimit``.
  package var ringingCalls: [IncomingCall] {
    pushTypeState.ringingCalls.filter {
      clock.now.timeIntervalSince($0.ringingSince) < Self.callRingLimit
    }
  }

  /// A reported call starts ringing; calls that rang their limit are let go.
  mutating func startRinging(_ call: IncomingCall) {
    pushTypeState.ringingCalls.removeAll {
      clock.now.timeIntervalSince($0.ringingSince) >= Self.callRingLimit
    }
    pushTypeState.ringingCalls.append(call)
  }

  /// The app's `CXProvider.reportCall(with:endedAt:reason:)` (`callkit.ended`): the call
  /// stops ringing.
  package mutating func reportCallEnded(uuid: UUID, reason: Int) {
    guard pushTypeState.activeCalls.remove(uuid) != nil else { return }
    pushTypeState.ringingCalls.removeAll { $0.uuid == uuid }
    log(
      DeviceEvent.CallKitEnded(uuid: uuid.uuidString.lowercased(), reason: reason), nil, .device,
      "the app reports that the call ended")
  }

  /// How the app's PushKit delegate ended a VoIP push: a call reported before the completion
  /// shows, one not reported terminates the app (unless `mustReport` is false, iOS 26.4 in
  /// the foreground), as without app code (Rules.md §14).
  mutating func finishVoIPPush(_ id: String, completion: AppCallCompletion) {
    let wasForeground = pushTypeState.voipInFlight?.wasForeground ?? false
    let reported = pushTypeState.voipReported
    pushTypeState.voipInFlight = nil
    pushTypeState.voipReported = false
    let completed: Bool
    switch completion {
    case .completed:
      completed = true
      log(
        DeviceEvent.PushKitCompleted(completed: true, reported: reported), id, .device,
        "the app's PushKit delegate called its completion "
          + (reported ? "after reporting a call" : "without reporting a call"))
    case .notCompleted:
      completed = false
      log(
        DeviceEvent.PushKitCompleted(completed: false, reported: reported), id, .device,
        "the app's PushKit delegate did not call its completion in time")
    case .notImplemented:
      completed = false
      log(
        DeviceEvent.PushKitCompleted(completed: false, reported: false), id, .device,
        "the app has no PKPushRegistry whose delegate takes voIP pushes "
          + "(didReceiveIncomingPushWith)")
    }
    if reported {
      setStatus(id, .silent, reason: "reported to CallKit as an incoming call")
      return
    }
    if sparedByMustReport(id, wasForeground: wasForeground) { return }
    terminateForUnreportedCall(
      id,
      completed
        ? "the app's delegate completed without reporting the VoIP push to CallKit"
        : "the app did not report the VoIP push to CallKit")
  }
}
