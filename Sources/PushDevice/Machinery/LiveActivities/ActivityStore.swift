import Foundation
import PushCore

/// The device's Live Activities and their budgets (Rules.md §13).
///
/// Every activity started stays (dismissed ones too, for `expect`), so nothing a start, a
/// push or a timer does may walk them all: ids, update tokens and channels are indexed, and
/// the activities that count against the per-app limit and those on the Lock Screen are
/// kept as they change, through ``update(_:_:)`` and ``append(_:)``.
///
/// - Complexity: finding an activity, counting the live ones and starting one are O(1)
///   (amortized); listing the Lock Screen is O(k log k) for the k activities on it.
struct ActivityStore: Sendable {
  /// Every activity started, in start order (dismissed ones stay, for `expect`).
  private(set) var activities: [LiveActivity] = []
  /// Activities started so far (start order, token numbers).
  var started = 0
  /// Arrival times of priority-10 ActivityKit pushes that counted, within the last hour.
  private var priorityTenTimes: [Date] = []
  /// Arrival times of push-to-start pushes that counted, within the last hour.
  private var startTimes: [Date] = []
  /// `ActivityAttributes` types the app's Swift code supplies
  /// (``Device/hostActivityType(_:)``), by name.
  var hostedTypes: [String: HostedActivityType] = [:]

  /// The first activity started under each id (a push-to-start push may reuse an id).
  private var indexByID: [String: Int] = [:]
  /// The activity holding each update token.
  private var indexByToken: [String: Int] = [:]
  /// The activities subscribed to each broadcast channel, in start order.
  private var indicesByChannel: [String: [Int]] = [:]
  /// Activities that count against the per-app limit: active, stale or pending (model).
  private(set) var liveCount = 0
  /// Activities on the Lock Screen: neither pending nor dismissed.
  private(set) var shown: Set<Int> = []

  /// Changes the activity at `index` (from ``index(of:)``, ``index(token:)`` or
  /// ``indices(subscribedTo:)``) in place, keeping the count and the Lock Screen's set.
  mutating func update(_ index: Int, _ change: (inout LiveActivity) -> Void) {
    let old = activities[index].state
    change(&activities[index])
    let new = activities[index].state
    if old != new { moved(index, from: old, to: new) }
  }

  /// Puts `activity` in the place of the activity at `index`.
  mutating func replace(_ index: Int, with activity: LiveActivity) {
    update(index) { $0 = activity }
  }

  /// Adds a started activity at the end.
  mutating func append(_ activity: LiveActivity) {
    let index = activities.count
    activities.append(activity)
    _ = indexByID.insertIfAbsent(index, forKey: activity.id)
    switch activity.channel {
    case .token(let token): _ = indexByToken.insertIfAbsent(index, forKey: token)
    case .channel(let channel): indicesByChannel[channel, default: []].append(index)
    case .none: break
    }
    if Self.counts(activity.state) { liveCount += 1 }
    if Self.isShown(activity.state) { shown.insert(index) }
  }

  /// The index of the activity named `id`.
  func index(of id: String) -> Int? { indexByID[id] }

  /// The index of the activity whose update token is `token`.
  func index(token: String) -> Int? { indexByToken[token] }

  /// The activities subscribed to `channel`, in start order.
  func indices(subscribedTo channel: String) -> [Int] { indicesByChannel[channel] ?? [] }

  /// Keeps the count and the Lock Screen's set when the activity at `index` changes state.
  private mutating func moved(
    _ index: Int, from old: LiveActivity.State, to new: LiveActivity.State
  ) {
    liveCount += (Self.counts(new) ? 1 : 0) - (Self.counts(old) ? 1 : 0)
    if Self.isShown(new) {
      shown.insert(index)
    } else {
      shown.remove(index)
    }
  }

  /// Whether an activity in `state` counts against the per-app limit.
  private static func counts(_ state: LiveActivity.State) -> Bool {
    state == .active || state == .stale || state == .pending
  }

  /// Whether an activity in `state` is on the Lock Screen.
  private static func isShown(_ state: LiveActivity.State) -> Bool {
    state != .dismissed && state != .pending
  }

  /// Counts a priority-10 update or end arriving `now` against the hourly budget of `limit`
  /// (Rules.md §13): `false`, and not counted, when the budget is spent.
  mutating func admitPriorityTenPush(now: Date, limit: Int) -> Bool {
    Self.admit(&priorityTenTimes, now: now, limit: limit)
  }

  /// Counts a push-to-start push arriving `now` against the hourly budget of `limit`
  /// (Rules.md §13): `false`, and not counted, when the budget is spent.
  mutating func admitPushToStart(now: Date, limit: Int) -> Bool {
    Self.admit(&startTimes, now: now, limit: limit)
  }

  /// Drops times older than an hour before `now`; when fewer than `limit` remain, counts `now`.
  private static func admit(_ times: inout [Date], now: Date, limit: Int) -> Bool {
    times.removeAll { now.timeIntervalSince($0) >= 3600 }
    guard times.count < limit else { return false }
    times.append(now)
    return true
  }

  /// The deterministic update token of the `number`th activity: 64 hexadecimal digits.
  static func updateToken(_ number: Int) -> String {
    let hex = String(number, radix: 16)
    return "ac71" + String(repeating: "0", count: max(0, 60 - hex.count)) + hex
  }

  /// The app's push-to-start token (one per app, whatever the attributes type).
  static let pushToStartToken = "5747" + String(repeating: "0", count: 59) + "1"
}
