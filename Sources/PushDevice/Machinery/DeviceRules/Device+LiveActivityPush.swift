import Foundation
import PushCore
import PushLocalization
import PushPayload

extension Device {
  // MARK: - Addressing (APNs)

  /// APNs refuses a push sent to a token of the wrong kind (Rules.md §13, model): an ActivityKit
  /// push to the app's UserNotifications token, another push type to an ActivityKit token
  /// (`DeviceTokenNotForTopic`), or a token nobody issued (`BadDeviceToken`); the app's device
  /// token before it registered (`BadDeviceToken`) or after it unregistered (410
  /// `Unregistered`, Rules.md §15).
  ///
  /// - Returns: whether it refused the push.
  mutating func rejectMisaddressed(
    _ id: String, pushType: PushType?, topic: String? = nil, address: PushAddress?
  ) -> Bool {
    if rejectForRemovedApp(id, address: address) { return true }
    let isActivityPush = pushType == .liveactivity
    var reason: String?
    var message = ""
    var status = 400
    // A push type's topic is the app's bundle identifier with the type's suffix, exactly
    // (Behavior.md §2.3): another app's `.voip` topic is not this app's (Rules.md §1).
    if let topic, let suffix = pushType?.topicSuffix, topic != app.bundleId + suffix {
      reason = "DeviceTokenNotForTopic"
      message =
        "a \(pushType?.rawValue ?? "") push to this app needs the topic "
        + "\(JSONWriter.quoted(app.bundleId + suffix)), found \(JSONWriter.quoted(topic))"
    } else {
      switch pushTypeAddress(deviceTokenAddress(address)) {
      case .device?:
        if let refusal = misaddressedToDeviceToken(pushType: pushType) {
          (status, reason, message) = refusal
        }
      case .pushType(let owner)?:
        (reason, message) = misaddressedToPushTypeToken(owner, pushType: pushType) ?? (nil, "")
      case nil:
        if isActivityPush {
          reason = "DeviceTokenNotForTopic"
          message =
            "a liveactivity push goes to an ActivityKit token (an activity's update token or the "
            + "push-to-start token), not the app's device token"
        }
      case .activity(let activity):
        if !isActivityPush {
          reason = "DeviceTokenNotForTopic"
          message = "an activity's update token takes only liveactivity pushes"
        } else if let index = activityStore.index(of: activity) {
          if activityStore.activities[index].token == nil {
            reason = "BadDeviceToken"
            message = "activity \(activity) was not started with pushType .token: it has no token"
          }
        } else {
          reason = "BadDeviceToken"
          message = "no activity \(activity) has been started, so it has no token"
        }
      case .pushToStart, .channel:
        if !isActivityPush {
          reason = "DeviceTokenNotForTopic"
          message = "ActivityKit tokens and channels take only liveactivity pushes"
        }
      case .token(let token):
        let known =
          activityStore.index(token: token) != nil || token == ActivityStore.pushToStartToken
        if !known {
          reason = "BadDeviceToken"
          message = "no token \(token) was issued on this device"
        } else if !isActivityPush {
          reason = "DeviceTokenNotForTopic"
          message = "ActivityKit tokens take only liveactivity pushes"
        }
      }
    }
    guard let reason else { return false }
    history[id]?.httpStatus = status
    setStatus(id, .rejected, reason: reason)
    let code: DiagnosticCode =
      switch reason {
      case "BadDeviceToken": .badDeviceToken
      case "Unregistered": .unregistered
      default: .deviceTokenNotForTopic
      }
    report([Diagnostic(.error, code: code, path: nil, message: message, source: .model)], push: id)
    log(
      DeviceEvent.Rejected(httpStatus: status, reason: reason), id, .model,
      "APNs answered \(status) \(reason): \(message)")
    return true
  }

  // MARK: - On the device

  /// A `liveactivity` push reached the device (Rules.md §13): the budget, then `event`.
  mutating func deliverActivityPush(_ id: String, payload: Payload, priority: Int) {
    let aps = payload.json["aps"]?.objectValue ?? JSONObject()
    let address = history[id]?.address
    guard configuration.iosVersion >= .liveActivities else {
      ignoreActivityPush(
        id, nil, .iosVersion, .device,
        "iOS \(configuration.iosVersion) has no Live Activities (16.1 and later)")
      return
    }
    let event = aps["event"]?.stringValue
    if event != "start", priority == 10 {
      let settings = app.liveActivities
      let frequent = settings.supportsFrequentUpdates && settings.frequentUpdates
      let limit =
        frequent
        ? configuration.liveActivities.frequentBudgetPerHour
        : configuration.liveActivities.budgetPerHour
      guard activityStore.admitPriorityTenPush(now: clock.now, limit: limit) else {
        let reason =
          "priority 10 ActivityKit pushes over the budget of \(limit) per hour"
          + (frequent ? " (frequent updates)" : "") + "; send priority 5 for routine updates"
        setStatus(id, .throttled, reason: reason)
        log(DeviceEvent.Throttled(code: .liveActivityBudget), id, .model, reason)
        return
      }
    }
    switch event {
    case "start":
      startActivityByPush(id, payload: payload, aps: aps, address: address)
    case "update", "end":
      let isEnd = event == "end"
      switch address {
      case .activity(let activityID):
        guard let index = activityStore.index(of: activityID) else {
          ignoreActivityPush(id, nil, .unknownActivity, .model, "no activity \(activityID)")
          return
        }
        applyActivityPush(id, index: index, payload: payload, aps: aps, end: isEnd)
      case .token(let token):
        guard let index = activityStore.index(token: token) else {
          ignoreActivityPush(
            id, nil, .pushToStartToken, .model,
            "an update or end sent to the push-to-start token reaches no activity")
          return
        }
        applyActivityPush(id, index: index, payload: payload, aps: aps, end: isEnd)
      case .channel(let channel):
        broadcast(id, channel: channel, payload: payload, aps: aps, end: isEnd)
      case .pushType, .device:
        return  // APNs refused it (``rejectMisaddressed(_:pushType:address:)``).
      case .pushToStart, nil:
        ignoreActivityPush(
          id, nil, .pushToStartToken, .model,
          "an update or end sent to the push-to-start token reaches no activity")
      }
    default:
      let written = event.map { "\"\($0)\"" } ?? "no event"
      report(
        [
          Diagnostic(
            .error, code: .liveActivityEventInvalid, path: "aps.event",
            message: "aps.event must be \"start\", \"update\" or \"end\"; found \(written)",
            source: .device)
        ], push: id)
      ignoreActivityPush(id, nil, .invalidEvent, .device, "aps.event is \(written)")
    }
  }

  /// The push changed nothing: status `discarded`, an `activity.ignored` event with `code`.
  mutating func ignoreActivityPush(
    _ id: String, _ activity: String?, _ code: ActivityIgnoredCode, _ source: DiagnosticSource,
    _ reason: String
  ) {
    setStatus(id, .discarded, reason: reason)
    log(DeviceEvent.ActivityIgnored(code: code, activity: activity), id, source, reason)
  }

  /// A broadcast on `channel` reaches every live activity subscribed to it (iOS 18).
  mutating func broadcast(
    _ id: String, channel: String, payload: Payload, aps: JSONObject, end: Bool
  ) {
    let subscribed = activityStore.indices(subscribedTo: channel)
    guard configuration.iosVersion >= .broadcast, !subscribed.isEmpty else {
      ignoreActivityPush(
        id, nil, .noSubscriber, .device, "no activity on this device is subscribed to \(channel)")
      return
    }
    for index in subscribed {
      applyActivityPush(id, index: index, payload: payload, aps: aps, end: end)
    }
  }

  /// `timestamp` as a date (seconds since 1970), when it is a number.
  static func activityTimestamp(_ aps: JSONObject) -> Double? {
    aps["timestamp"]?.numberValue?.double
  }

  /// `timestamp` as written (never converted to `Int`: a huge value must not trap).
  static func timestampText(_ aps: JSONObject) -> String {
    aps["timestamp"]?.numberValue?.text ?? ""
  }

  /// Checks `timestamp` against the activity's newest content; `nil` means drop the push.
  mutating func checkTimestamp(_ id: String, activity: LiveActivity, aps: JSONObject) -> Date?? {
    guard let seconds = Self.activityTimestamp(aps) else { return .some(nil) }
    let date = Date(timeIntervalSince1970: seconds)
    if date.timeIntervalSince(clock.now) > Self.activityActiveLimit {
      if seconds > 100_000_000_000 {
        report(
          [
            Diagnostic(
              .error, code: .liveActivityTimestampMilliseconds, path: "aps.timestamp",
              message:
                "timestamp \(Self.timestampText(aps)) looks like milliseconds; ActivityKit reads seconds "
                + "since 1970, so it lies far in the future and the push is dropped",
              source: .lint)
          ], push: id)
      }
      ignoreActivityPush(
        id, activity.id, .farFutureTimestamp, .model,
        "timestamp \(VirtualTimeFormat.text(date)) is more than 8 hours ahead of the device")
      return nil
    }
    if date < activity.lastTimestamp {
      ignoreActivityPush(
        id, activity.id, .olderTimestamp, .device,
        "timestamp \(VirtualTimeFormat.text(date)) is older than the activity's content ("
          + VirtualTimeFormat.text(activity.lastTimestamp) + "): the system ignores it")
      return nil
    }
    if date == activity.lastTimestamp {
      report(
        [
          Diagnostic(
            .warning, code: .liveActivityTimestampNotNewer, path: "aps.timestamp",
            message:
              "timestamp equals the activity's current content: applied, but send a newer one",
            source: .lint)
        ], push: id)
    }
    return .some(date)
  }

  /// Decodes `content-state` into the activity type's `ContentState`; `nil` after reporting
  /// why not.
  mutating func decodeContentState(
    _ id: String, _ value: JSONValue?, type: String, fields: [ActivityField], activity: String?
  ) -> JSONObject? {
    switch decodeActivityData(
      value, type: type, fields: fields, path: "aps.content-state", contentState: true)
    {
    case .success(let decoded):
      for late in decoded.lateDates {
        report(
          [
            Diagnostic(
              .warning, code: .liveActivityDateReference2001, path: late.path,
              message:
                "\(Int(late.seconds)) decodes as \(VirtualTimeFormat.text(late.decoded)): a Date "
                + "is seconds since 2001-01-01 with JSONDecoder's defaults; subtract 978307200 "
                + "from a UNIX time", source: .lint)
          ], push: id)
      }
      return decoded.value
    case .failure(let failure):
      report(
        [
          Diagnostic(
            .error, code: .liveActivityContentStateDecode, path: failure.path,
            message:
              "content-state does not decode into the app's ContentState: \(failure.message)",
            source: .device)
        ], push: id)
      ignoreActivityPush(
        id, activity, .contentStateDecode, .device,
        "content-state does not decode (\(failure.path): \(failure.message)); the activity "
          + "keeps its content")
      return nil
    }
  }

  /// An `update` or `end` for the activity at `index`.
  mutating func applyActivityPush(
    _ id: String, index: Int, payload: Payload, aps: JSONObject, end: Bool
  ) {
    let activity = activityStore.activities[index]
    if activity.state == .pending {
      ignoreActivityPush(
        id, activity.id, .activityPending, .model,
        "activity \(activity.id) is scheduled and has not started: it takes pushes once it "
          + "starts")
      return
    }
    guard activity.isLive else {
      ignoreActivityPush(
        id, activity.id, .activityEnded, .device,
        "activity \(activity.id) has ended: the system ignores pushes for it")
      return
    }
    guard let checked = checkTimestamp(id, activity: activity, aps: aps) else { return }
    let fields = app.liveActivities.type(named: activity.type)?.contentState ?? []
    var content = activity.contentState
    if aps["content-state"] != nil || !end {
      guard
        let decoded = decodeContentState(
          id, aps["content-state"], type: activity.type, fields: fields, activity: activity.id)
      else { return }
      content = decoded
    }
    if Self.dataSize(activity.attributes, content) > Self.activityDataLimit {
      report(
        [
          Diagnostic(
            .error, code: .liveActivityDataTooLarge, path: "aps.content-state",
            message: "attributes plus content state exceed 4 KB", source: .device)
        ], push: id)
      ignoreActivityPush(
        id, activity.id, .dataTooLarge, .device, "attributes plus content state exceed 4 KB")
      return
    }
    let scores = configuration.iosVersion >= .staleAndRelevance
    var updated = activity
    updated.contentState = content
    if let checked { updated.lastTimestamp = checked }
    if scores, let stale = aps["stale-date"]?.numberValue?.double {
      updated.staleDate = Date(timeIntervalSince1970: stale)
    }
    if scores, let score = aps["relevance-score"]?.numberValue?.double {
      updated.relevanceScore = score
    }
    updated.updates += 1
    if updated.state == .stale, updated.staleDate.map({ $0 > clock.now }) ?? true {
      updated.state = .active
    }
    if aps["alert"] != nil { updated.lastAlert = activityAlert(id, payload: payload, activity.id) }
    activityStore.replace(index, with: updated)
    if end {
      var dismissal: Date?
      if let seconds = aps["dismissal-date"]?.numberValue?.double {
        dismissal = Date(timeIntervalSince1970: seconds)
      }
      setStatus(id, .delivered, reason: "ended Live Activity \(activity.id)")
      endActivity(
        at: index, push: id, dismissal: dismissal, source: .device, reason: "an end push")
      return
    }
    if aps["dismissal-date"] != nil {
      report(
        [
          Diagnostic(
            .warning, code: .liveActivityDismissalDateIgnored, path: "aps.dismissal-date",
            message: "dismissal-date applies to event end only; ignored on an update",
            source: .lint)
        ], push: id)
    }
    setStatus(id, .delivered, reason: "updated Live Activity \(activity.id)")
    log(
      DeviceEvent.ActivityUpdated(activity: activity.id), id, .device,
      "Live Activity \(activity.id) shows the new content; the widget extension renders it")
    if let stale = updated.staleDate, updated.state == .active {
      scheduleStale(activity.id, at: stale)
    }
  }

  /// Logs a Live Activity alert (localized like any alert) and says where it shows: expanded
  /// in the Dynamic Island, else a banner when unlocked outside the app, else the Lock Screen.
  /// Never a notification (model). `title` and `body` may be strings or
  /// `{"loc-key", "loc-args"}` objects (Behavior.md §12.1, Rules.md §13.12).
  mutating func activityAlert(_ id: String, payload: Payload, _ activity: String) -> JSONObject {
    let alert = payload.json["aps"]?["alert"]?.objectValue ?? JSONObject()
    func input(_ key: String) -> AlertTextInput {
      let path = "aps.alert.\(key)"
      guard let object = alert[key]?.objectValue else {
        return AlertTextInput(
          literal: alert[key]?.stringValue, literalPath: path, keyPath: path + ".loc-key",
          argumentsPath: path + ".loc-args")
      }
      let arguments = (object["loc-args"]?.arrayValue ?? []).map { value in
        value.stringValue ?? value.numberValue?.text ?? ""
      }
      return AlertTextInput(
        locKey: object["loc-key"]?.stringValue, arguments: arguments, literalPath: path,
        keyPath: path + ".loc-key", argumentsPath: path + ".loc-args")
    }
    let localized = localizer.localize(
      AlertLocalizationInput(title: input("title"), body: input("body")))
    report(localized.diagnostics, push: id)
    let presentation: String
    if configuration.liveActivities.dynamicIsland {
      presentation = "expanded"
    } else if !configuration.locked, app.state != .foreground {
      presentation = "banner"
    } else {
      presentation = "lockScreen"
    }
    // The alert's `sound` (inside `alert`) plays unless the device is muted (model: Apple
    // documents the key, not how the mute switch or Focus treat it; Rules.md §13.12).
    let sound = alert["sound"]?.stringValue
    let soundPlayed = sound != nil && !configuration.muted
    var object = JSONObject()
    object.append(JSONMember(key: "title", value: JSONValue(.string(localized.title))))
    object.append(JSONMember(key: "body", value: JSONValue(.string(localized.body))))
    object.append(JSONMember(key: "presentation", value: JSONValue(.string(presentation))))
    object.append(JSONMember(key: "sound", value: JSONValue(sound.map { .string($0) } ?? .null)))
    object.append(JSONMember(key: "soundPlayed", value: JSONValue(.bool(soundPlayed))))
    let soundText =
      switch (sound, soundPlayed) {
      case (nil, _): ""
      case (let name?, true): "; sound \(name) plays"
      case (let name?, false): "; sound \(name) does not play: the device is muted"
      }
    let details = DeviceEvent.ActivityAlert(
      activity: activity, presentation: presentation, sound: sound,
      soundPlayed: sound == nil ? nil : soundPlayed)
    log(
      details, id, .device,
      "Live Activity \(activity) alerts (\(presentation)): \(localized.title) — "
        + "\(localized.body)\(soundText); no notification is added")
    return object
  }

  // MARK: - Push-to-start (iOS 17.2)

  /// `event: start`: starts an activity named after the push, wakes the app, issues tokens.
  mutating func startActivityByPush(
    _ id: String, payload: Payload, aps: JSONObject, address: PushAddress?
  ) {
    let toStartToken: Bool
    switch address {
    case .pushToStart: toStartToken = true
    case .token(let token): toStartToken = token == ActivityStore.pushToStartToken
    default: toStartToken = false
    }
    guard toStartToken else {
      ignoreActivityPush(
        id, nil, .startNeedsPushToStartToken, .device,
        "a start push goes to the app's push-to-start token")
      return
    }
    guard configuration.iosVersion >= .pushToStart else {
      ignoreActivityPush(
        id, nil, .iosVersion, .device,
        "iOS \(configuration.iosVersion) cannot start a Live Activity by push (17.2 and later)")
      return
    }
    guard
      activityStore.admitPushToStart(
        now: clock.now, limit: configuration.liveActivities.pushToStartBudgetPerHour)
    else {
      let reason = "push-to-start budget exceeded: not starting activity"
      setStatus(id, .throttled, reason: reason)
      log(DeviceEvent.Throttled(code: .pushToStartBudget), id, .device, reason)
      return
    }
    func refuse(
      _ code: ActivityIgnoredCode, _ diagnostic: DiagnosticCode?, _ path: String?,
      _ source: DiagnosticSource,
      _ reason: String
    ) {
      if let diagnostic {
        report(
          [Diagnostic(.error, code: diagnostic, path: path, message: reason, source: source)],
          push: id)
      }
      ignoreActivityPush(id, nil, code, source, reason)
    }
    let settings = app.liveActivities
    guard settings.supported, settings.enabled else {
      refuse(.liveActivitiesOff, nil, nil, .model, "Live Activities are off for the app")
      return
    }
    guard aps["alert"] != nil else {
      refuse(
        .startWithoutAlert, .liveActivityStartWithoutAlert, "aps.alert", .model,
        "a start push needs an alert; nothing starts")
      return
    }
    let typeName = aps["attributes-type"]?.stringValue ?? ""
    guard let declaration = activityDeclaration(named: typeName) else {
      refuse(
        .unknownAttributesType, .liveActivityUnknownAttributesType, "aps.attributes-type",
        .device,
        "attributes-type \"\(typeName)\" names no ActivityAttributes type of the app")
      return
    }
    let attributes: JSONObject
    switch decodeActivityData(
      aps["attributes"], type: typeName, fields: declaration.attributes, path: "aps.attributes",
      contentState: false)
    {
    case .success(let decoded): attributes = decoded.value
    case .failure(let failure):
      refuse(
        .attributesDecode, .liveActivityAttributesDecode, failure.path, .device,
        "attributes do not decode into \(typeName): \(failure.message)")
      return
    }
    guard
      let content = decodeContentState(
        id, aps["content-state"], type: typeName, fields: declaration.contentState,
        activity: nil)
    else { return }
    let channelID = aps["input-push-channel"]?.stringValue
    if channelID != nil, configuration.iosVersion < .broadcast {
      refuse(
        .inputPushChannelBeforeIOS18, nil, nil, .device,
        "input-push-channel needs iOS 18: the activity does not start")
      return
    }
    guard liveActivityCount < configuration.liveActivities.maximumPerApp else {
      refuse(
        .targetMaximumExceeded, nil, nil, .model,
        "the app already has the most activities it may have at once (targetMaximumExceeded)")
      return
    }
    guard Self.dataSize(attributes, content) <= Self.activityDataLimit else {
      refuse(
        .dataTooLarge, .liveActivityDataTooLarge, "aps.attributes", .device,
        "attributes plus content state exceed 4 KB")
      return
    }
    let channel: LiveActivity.Channel
    if let channelID {
      channel = .channel(channelID)
    } else if configuration.iosVersion < .broadcast
      || aps["input-push-token"]?.numberValue?.integer == 1
    {
      channel = .token(ActivityStore.updateToken(activityStore.started + 1))
    } else {
      channel = .none
    }
    let timestamp = Self.activityTimestamp(aps).map { Date(timeIntervalSince1970: $0) }
    begin(
      id: id, type: typeName, attributes: attributes, content: content,
      staleDate: aps["stale-date"]?.numberValue.map { Date(timeIntervalSince1970: $0.double) },
      relevanceScore: aps["relevance-score"]?.numberValue?.double ?? 0, channel: channel,
      timestamp: min(timestamp ?? clock.now, clock.now), push: id, source: .device,
      reason: "a push-to-start push")
    if let index = activityStore.index(of: id) {
      let alert = activityAlert(id, payload: payload, id)
      activityStore.update(index) { $0.lastAlert = alert }
    }
    setStatus(id, .delivered, reason: "started Live Activity \(id)")
    guard app.state != .foreground else { return }
    if app.state == .notRunning {
      setAppState(.background, reason: "push-to-start launches the app in the background")
    }
    appStatus.backgroundWakes += 1
    log(
      DeviceEvent.Wake(activity: id), id, .device, "push-to-start wakes the app in the background")
  }
}
