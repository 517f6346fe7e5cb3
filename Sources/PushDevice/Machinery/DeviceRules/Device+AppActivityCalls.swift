import Foundation
import PushCore
import PushPayload

/// How an ended activity leaves the Lock Screen (`ActivityUIDismissalPolicy`).
package enum ActivityDismissal: Sendable, Hashable {
  /// `.default`: up to 4 hours after it ends.
  case `default`
  /// `.immediate`: at once.
  case immediate
  /// `.after(date)`: at `date`, at most 4 hours after it ends.
  case after(Date)
}

extension Device {
  /// The app calls `activity.update(_:alertConfiguration:)`, or from iOS 17.2
  /// `update(_:alertConfiguration:timestamp:)` (Rules.md §13.16): the new content decodes into
  /// the activity's type and shows; an ended activity ignores it, and so does the activity
  /// when `timestamp` is older than its newest content (a push's or an earlier update's).
  ///
  /// - Returns: whether the activity took the content.
  @discardableResult
  package mutating func updateActivityFromApp(
    _ id: String, contentState: JSONValue, staleDate: Date?, relevanceScore: Double,
    alert: (title: String, body: String)? = nil, timestamp: Date? = nil
  ) -> Bool {
    guard let index = activityStore.index(of: id), activityStore.activities[index].isLive else {
      return false
    }
    guard acceptAppTimestamp(timestamp, id: id, index: index) else { return false }
    guard let content = appContent(id, index: index, contentState) else { return false }
    var updated = activityStore.activities[index]
    if let timestamp { updated.lastTimestamp = timestamp }
    updated.contentState = content
    if configuration.iosVersion >= .staleAndRelevance {
      updated.staleDate = staleDate
      updated.relevanceScore = relevanceScore
    }
    updated.updates += 1
    if updated.state == .stale, updated.staleDate.map({ $0 > clock.now }) ?? true {
      updated.state = .active
    }
    if let alert {
      var object = JSONObject()
      object.append(JSONMember(key: "title", value: JSONValue(.string(alert.title))))
      object.append(JSONMember(key: "body", value: JSONValue(.string(alert.body))))
      updated.lastAlert = object
    }
    activityStore.replace(index, with: updated)
    log(
      DeviceEvent.ActivityUpdated(activity: id), nil, .device,
      "Live Activity \(id) shows the content the app gave it")
    if let stale = updated.staleDate, updated.state == .active { scheduleStale(id, at: stale) }
    return true
  }

  /// The app calls `activity.end(_:dismissalPolicy:)` (or, from iOS 17.2,
  /// `end(_:dismissalPolicy:timestamp:)`): the final content (if any) shows, the activity
  /// leaves the Dynamic Island and stays on the Lock Screen as `dismissal` says. An end whose
  /// `timestamp` is older than the activity's newest content is ignored (Rules.md §13.16).
  ///
  /// - Returns: whether a live activity ended.
  @discardableResult
  package mutating func endActivityFromApp(
    _ id: String, contentState: JSONValue?, staleDate: Date?, relevanceScore: Double,
    dismissal: ActivityDismissal, timestamp: Date? = nil
  ) -> Bool {
    if let index = activityStore.index(of: id), activityStore.activities[index].state == .pending {
      activityStore.update(index) { $0.state = .dismissed }
      log(
        DeviceEvent.ActivityDismissed(activity: id), nil, .model,
        "Live Activity \(id) was ended before its scheduled start: it never shows")
      return true
    }
    guard let index = activityStore.index(of: id), activityStore.activities[index].isLive else {
      return false
    }
    guard acceptAppTimestamp(timestamp, id: id, index: index) else { return false }
    if let timestamp { activityStore.update(index) { $0.lastTimestamp = timestamp } }
    if let contentState {
      guard let content = appContent(id, index: index, contentState) else { return false }
      let scores = configuration.iosVersion >= .staleAndRelevance
      activityStore.update(index) {
        $0.contentState = content
        if scores {
          $0.staleDate = staleDate
          $0.relevanceScore = relevanceScore
        }
        $0.updates += 1
      }
    }
    let date: Date? =
      switch dismissal {
      case .default: nil
      case .immediate: clock.now
      case .after(let date): date
      }
    endActivity(at: index, push: nil, dismissal: date, source: .device, reason: "the app ended it")
    return true
  }

  /// Whether content the app stamped `timestamp` is new enough for the activity at `index`:
  /// older than its newest content, it is ignored (`activity.ignored`, `older-timestamp`), as
  /// a push would be (Rules.md §13.3). No timestamp: always.
  private mutating func acceptAppTimestamp(_ timestamp: Date?, id: String, index: Int) -> Bool {
    guard let timestamp else { return true }
    let newest = activityStore.activities[index].lastTimestamp
    guard timestamp < newest else { return true }
    log(
      DeviceEvent.ActivityIgnored(code: .olderTimestamp, activity: id), nil, .device,
      "the app's content for \(id) is stamped \(VirtualTimeFormat.text(timestamp)), older than "
        + "the activity's content (\(VirtualTimeFormat.text(newest))): the system ignores it")
    return false
  }

  /// The app's content state for the activity at `index`, decoded into its type; `nil` after
  /// an `activity.ignored` event when it does not.
  private mutating func appContent(_ id: String, index: Int, _ json: JSONValue) -> JSONObject? {
    let type = activityStore.activities[index].type
    let fields = activityDeclaration(named: type)?.contentState ?? []
    switch decodeActivityData(
      json, type: type, fields: fields, path: "contentState", contentState: true)
    {
    case .success(let decoded): return decoded.value
    case .failure(let failure):
      log(
        DeviceEvent.ActivityIgnored(code: .contentStateDecode, activity: id), nil, .model,
        "the app's content for \(id) does not decode (\(failure.path): \(failure.message))")
      return nil
    }
  }
}
