import Foundation
import PushCore
import PushPayload

extension Device {
  /// An activity stays active at most 8 hours (Behavior.md §12.1).
  static let activityActiveLimit: TimeInterval = 8 * 3600
  /// An ended activity stays on the Lock Screen at most 4 hours.
  static let activityLockScreenLimit: TimeInterval = 4 * 3600
  /// Attributes plus content state may not exceed 4 KB.
  static let activityDataLimit = 4096

  // MARK: - What the user sees

  /// Every Live Activity started so far, in start order (dismissed ones included).
  public var liveActivities: [LiveActivity] { activityStore.activities }

  /// The activity with this scenario id.
  public func liveActivity(_ id: String) -> LiveActivity? {
    activityStore.index(of: id).map { activityStore.activities[$0] }
  }

  /// The Lock Screen's activities, top first: highest relevance score, then first started
  /// (Rules.md §13). Ended ones stay until dismissed.
  ///
  /// - Complexity: O(k log k) for the k activities on the Lock Screen, whatever the number
  ///   started before.
  public var lockScreenActivities: [LiveActivity] {
    activityStore.shown.map { activityStore.activities[$0] }.sorted(by: Self.moreRelevant)
  }

  /// The activity the Dynamic Island shows: the most relevant active or stale one; `nil` on a
  /// phone without a Dynamic Island or when none is live (ended ones leave it at once).
  public var dynamicIslandActivity: LiveActivity? {
    guard configuration.liveActivities.dynamicIsland else { return nil }
    return activityStore.shown.lazy.map { activityStore.activities[$0] }.filter(\.isLive)
      .min(by: Self.moreRelevant)
  }

  /// The app's push-to-start token: from iOS 17.2, for an app that declares activity types
  /// (in the app file, or its Swift code through ``hostActivityType(_:)``).
  public var pushToStartToken: String? {
    guard configuration.iosVersion >= .pushToStart,
      !app.liveActivities.types.isEmpty || !activityStore.hostedTypes.isEmpty
    else {
      return nil
    }
    return ActivityStore.pushToStartToken
  }

  /// Highest relevance score first; equal scores keep start order.
  static func moreRelevant(_ a: LiveActivity, _ b: LiveActivity) -> Bool {
    if a.relevanceScore != b.relevanceScore { return a.relevanceScore > b.relevanceScore }
    return a.sequence < b.sequence
  }

  // MARK: - The app starts an activity

  /// The app calls `Activity.request(attributes:content:pushType:)` (scenario step
  /// `startActivity`). On failure an `activity.failed` event names the
  /// `ActivityAuthorizationError`; nothing starts.
  ///
  /// - Returns: whether the activity started.
  @discardableResult
  package mutating func startActivity(_ request: ActivityRequest) -> Bool {
    settlePendingRun()
    return requestActivity(request)
  }

  /// The app's code calls `Activity.request` (``startActivity(_:)`` without settling what the
  /// device awaits: the call may come from the very code the host is running for it).
  @discardableResult
  package mutating func requestActivity(_ request: ActivityRequest) -> Bool {
    let settings = app.liveActivities
    func fail(_ error: ActivityFailedCode, _ source: DiagnosticSource, _ reason: String) -> Bool {
      log(
        DeviceEvent.ActivityFailed(code: error, activity: request.id, error: error.rawValue), nil,
        source, "Activity.request failed (\(error)): \(reason)")
      return false
    }
    if configuration.iosVersion < .liveActivities {
      return fail(.unsupported, .device, "Live Activities need iOS 16.1")
    }
    if !settings.supported {
      return fail(.unsupported, .device, "the app's Info.plist lacks NSSupportsLiveActivities")
    }
    if !settings.enabled {
      return fail(.denied, .device, "the user turned Live Activities off for the app")
    }
    if app.state != .foreground {
      return fail(
        .visibility, .device, "an app can start a Live Activity only from the foreground")
    }
    if activityStore.index(of: request.id) != nil {
      return fail(.malformedActivityIdentifier, .model, "an activity \(request.id) exists")
    }
    guard let declaration = activityDeclaration(named: request.type) else {
      return fail(
        .unsupportedTarget, .model, "the app declares no activity type \(request.type)")
    }
    let attributes: JSONObject
    let content: JSONObject
    switch decodeActivityData(
      request.attributes, type: request.type, fields: declaration.attributes, path: "attributes",
      contentState: false)
    {
    case .success(let decoded): attributes = decoded.value
    case .failure(let failure):
      return fail(.attributes, .model, "\(failure.path): \(failure.message)")
    }
    switch decodeActivityData(
      request.contentState, type: request.type, fields: declaration.contentState,
      path: "contentState", contentState: true)
    {
    case .success(let decoded): content = decoded.value
    case .failure(let failure):
      return fail(.contentState, .model, "\(failure.path): \(failure.message)")
    }
    if case .channel = request.channel, configuration.iosVersion < .broadcast {
      return fail(.unsupported, .device, "broadcast channels need iOS 18")
    }
    if request.start != nil, configuration.iosVersion < .scheduledActivities {
      return fail(.unsupported, .device, "scheduling a Live Activity needs iOS 26")
    }
    if liveActivityCount >= configuration.liveActivities.maximumPerApp {
      return fail(
        .targetMaximumExceeded, .model,
        "the app has \(liveActivityCount) activities, the most it may have at once")
    }
    if Self.dataSize(attributes, content) > Self.activityDataLimit {
      return fail(.attributesTooLarge, .device, "attributes and content state exceed 4 KB")
    }
    let channel: LiveActivity.Channel
    switch request.channel {
    case .none: channel = .none
    case .token: channel = .token(ActivityStore.updateToken(activityStore.started + 1))
    case .channel(let id): channel = .channel(id)
    }
    let hasScores = configuration.iosVersion >= .staleAndRelevance
    let scheduled = request.start.flatMap { $0 > clock.now ? $0 : nil }
    begin(
      id: request.id, type: request.type, attributes: attributes, content: content,
      staleDate: hasScores ? request.staleDate : nil,
      relevanceScore: hasScores ? request.relevanceScore : 0, channel: channel,
      timestamp: clock.now, push: nil, source: .device, reason: "the app started it",
      scheduledStart: scheduled)
    return true
  }

  /// Activities that count against the per-app limit: active, stale, or scheduled (model).
  var liveActivityCount: Int { activityStore.liveCount }

  /// Bytes of attributes plus content state as compact JSON.
  static func dataSize(_ attributes: JSONObject, _ content: JSONObject) -> Int {
    var writer = JSONWriter()
    writer.value(JSONValue(.object(attributes)))
    writer.value(JSONValue(.object(content)))
    return writer.bytes.count
  }

  /// Adds a started activity, logs it (and its token) and sets its timers.
  mutating func begin(
    id: String, type: String, attributes: JSONObject, content: JSONObject, staleDate: Date?,
    relevanceScore: Double, channel: LiveActivity.Channel, timestamp: Date, push: String?,
    source: DiagnosticSource, reason: String, scheduledStart: Date? = nil
  ) {
    activityStore.started += 1
    let activity = LiveActivity(
      id: id, type: type, attributes: attributes, contentState: content, staleDate: staleDate,
      relevanceScore: relevanceScore, state: scheduledStart == nil ? .active : .pending,
      started: scheduledStart ?? clock.now, lastTimestamp: timestamp, ended: nil,
      dismissal: nil, channel: channel, updates: 0, lastAlert: nil,
      sequence: activityStore.started)
    activityStore.append(activity)
    if let scheduledStart {
      log(
        DeviceEvent.ActivityScheduled(activity: id), push, source,
        "Live Activity \(id) (\(type)) is scheduled to start at "
          + "\(VirtualTimeFormat.text(scheduledStart)): pending, not shown yet")
    } else {
      log(
        DeviceEvent.ActivityStarted(activity: id), push, source,
        "Live Activity \(id) (\(type)) started: \(reason)")
    }
    switch channel {
    case .token(let token):
      log(
        DeviceEvent.ActivityToken(activity: id, token: token), push, .device,
        "ActivityKit issued activity \(id)'s update token (pushTokenUpdates)")
    case .channel(let channelID):
      log(
        DeviceEvent.ActivityToken(activity: id, channel: channelID), push, .device,
        "activity \(id) is subscribed to channel \(channelID)")
    case .none:
      break
    }
    if let scheduledStart {
      clock.schedule(.activityStart(id: id), at: scheduledStart)
      return
    }
    clock.schedule(
      .activityLifetime(id: id), at: clock.now.addingTimeInterval(Self.activityActiveLimit))
    if let staleDate { scheduleStale(id, at: staleDate) }
  }

  /// A scheduled activity's start date came: it becomes active and shows, and its 8 hours
  /// begin (Rules.md §13.17).
  mutating func startScheduledActivity(_ id: String) {
    guard let index = activityStore.index(of: id),
      activityStore.activities[index].state == .pending
    else { return }
    activityStore.update(index) { $0.state = .active }
    log(
      DeviceEvent.ActivityStarted(activity: id), nil, .device,
      "Live Activity \(id) started: its scheduled start date came")
    clock.schedule(
      .activityLifetime(id: id), at: clock.now.addingTimeInterval(Self.activityActiveLimit))
    if let staleDate = activityStore.activities[index].staleDate {
      scheduleStale(id, at: staleDate)
    }
  }

  /// Sets the stale timer, or marks the activity stale at once when the date has passed.
  mutating func scheduleStale(_ id: String, at date: Date) {
    if date <= clock.now {
      markStale(id)
    } else {
      clock.schedule(.activityStale(id: id), at: date)
    }
  }

  mutating func markStale(_ id: String) {
    guard let index = activityStore.index(of: id),
      activityStore.activities[index].state == .active,
      let stale = activityStore.activities[index].staleDate, stale <= clock.now
    else { return }
    activityStore.update(index) { $0.state = .stale }
    log(
      DeviceEvent.ActivityStale(activity: id), nil, .device,
      "Live Activity \(id) passed its stale date: isStale is true")
  }

  /// Ends an activity now and sets when it leaves the Lock Screen (at most 4 hours on).
  mutating func endActivity(
    at index: Int, push: String?, dismissal requested: Date?, source: DiagnosticSource,
    reason: String
  ) {
    let id = activityStore.activities[index].id
    let latest = clock.now.addingTimeInterval(Self.activityLockScreenLimit)
    let dismissal = min(requested ?? latest, latest)
    let now = clock.now
    activityStore.update(index) {
      $0.state = .ended
      $0.ended = now
      $0.dismissal = max(dismissal, now)
    }
    log(
      DeviceEvent.ActivityEnded(activity: id), push, source,
      "Live Activity \(id) ended (\(reason)): off the Dynamic Island, on the Lock Screen until "
        + VirtualTimeFormat.text(max(dismissal, clock.now)))
    if dismissal <= clock.now {
      dismissActivity(id, reason: "its dismissal date has passed")
    } else {
      clock.schedule(.activityDismissal(id: id), at: dismissal)
    }
  }

  /// The person removes Live Activity `id` from the Lock Screen (scenario step
  /// `dismissActivity`): one still running ends there and then, and it is `dismissed` (Rules.md
  /// §13.5; Behavior.md §12.1: a person removing it ends it, which does not end the task it
  /// follows). Later pushes to it are ignored (`activity-ended`). Returns `false`, changing
  /// nothing, when no activity `id` is on the Lock Screen (unknown, not started yet, or gone).
  public mutating func removeActivityFromLockScreen(_ id: String) -> Bool {
    settlePendingRun()
    guard let index = activityStore.index(of: id) else { return false }
    let activity = activityStore.activities[index]
    guard activity.isLive || activity.state == .ended else { return false }
    let reason = "the person removed it from the Lock Screen"
    if activity.isLive {
      let now = clock.now
      activityStore.update(index) {
        $0.state = .ended
        $0.ended = now
        $0.dismissal = now
      }
      log(
        DeviceEvent.ActivityEnded(activity: id), nil, .device,
        "Live Activity \(id) ended: \(reason)")
    }
    dismissActivity(id, reason: reason)
    return true
  }

  mutating func dismissActivity(_ id: String, reason: String) {
    guard let index = activityStore.index(of: id),
      activityStore.activities[index].state == .ended
    else { return }
    activityStore.update(index) { $0.state = .dismissed }
    log(
      DeviceEvent.ActivityDismissed(activity: id), nil, .device,
      "Live Activity \(id) left the Lock Screen: \(reason)")
  }

  /// Runs a Live Activity timer.
  mutating func fireActivityTimer(_ action: ClockAction) {
    switch action {
    case .activityStale(let id):
      markStale(id)
    case .activityStart(let id):
      startScheduledActivity(id)
    case .activityLifetime(let id):
      guard let index = activityStore.index(of: id), activityStore.activities[index].isLive
      else { return }
      endActivity(
        at: index, push: nil, dismissal: nil, source: .device,
        reason: "it was active for 8 hours, the most the system allows")
    case .activityDismissal(let id):
      guard let index = activityStore.index(of: id),
        let date = activityStore.activities[index].dismissal, date <= clock.now
      else { return }
      let ended = activityStore.activities[index].ended ?? clock.now
      let reason =
        clock.now.timeIntervalSince(ended) >= Self.activityLockScreenLimit
        ? "4 hours after it ended" : "its dismissal date"
      dismissActivity(id, reason: reason)
    default:
      break
    }
  }

  /// The user changed the app's Live Activity settings (scenario `set` with
  /// `app.liveActivities`): turning them off ends and removes every activity (model).
  mutating func applyLiveActivitySettings(old: LiveActivityConfiguration) {
    let new = app.liveActivities
    guard old.enabled, !new.enabled else { return }
    for index in activityStore.activities.indices
    where activityStore.activities[index].state == .pending {
      activityStore.update(index) { $0.state = .dismissed }
      let id = activityStore.activities[index].id
      log(
        DeviceEvent.ActivityDismissed(activity: id), nil, .model,
        "Live Activity \(id) is removed before its scheduled start: the user turned Live "
          + "Activities off")
    }
    for index in activityStore.activities.indices where activityStore.activities[index].isLive {
      endActivity(
        at: index, push: nil, dismissal: clock.now, source: .model,
        reason: "the user turned Live Activities off for the app")
    }
    for index in activityStore.activities.indices
    where activityStore.activities[index].state == .ended {
      dismissActivity(
        activityStore.activities[index].id, reason: "the user turned Live Activities off")
    }
  }
}
