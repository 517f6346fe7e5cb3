public import Foundation
public import PushPayload

/// How an ended activity leaves the Lock Screen (`ActivityUIDismissalPolicy`).
public enum ActivityDismissal: Sendable, Hashable {
  /// `.default`: up to 4 hours after it ends.
  case `default`
  /// `.immediate`: at once.
  case immediate
  /// `.after(date)`: at `date`, at most 4 hours after it ends.
  case after(Date)
}

extension Device {
  /// The app calls `activity.update(_:alertConfiguration:)` (Rules.md §13): the new content
  /// decodes into the activity's type and shows; an ended activity ignores it.
  ///
  /// - Returns: whether the activity took the content.
  @discardableResult
  public mutating func updateActivityFromApp(
    _ id: String, contentState: JSONValue, staleDate: Date?, relevanceScore: Double,
    alert: (title: String, body: String)? = nil
  ) -> Bool {
    guard let index = activityStore.index(of: id), activityStore.activities[index].isLive else {
      return false
    }
    guard let content = appContent(id, index: index, contentState) else { return false }
    var updated = activityStore.activities[index]
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
    activityStore.activities[index] = updated
    log(
      .activityUpdated, nil, .device, "Live Activity \(id) shows the content the app gave it",
      ["activity": .init(.string(id))])
    if let stale = updated.staleDate, updated.state == .active { scheduleStale(id, at: stale) }
    return true
  }

  /// The app calls `activity.end(_:dismissalPolicy:)`: the final content (if any) shows, the
  /// activity leaves the Dynamic Island and stays on the Lock Screen as `dismissal` says.
  ///
  /// - Returns: whether a live activity ended.
  @discardableResult
  public mutating func endActivityFromApp(
    _ id: String, contentState: JSONValue?, staleDate: Date?, relevanceScore: Double,
    dismissal: ActivityDismissal
  ) -> Bool {
    guard let index = activityStore.index(of: id), activityStore.activities[index].isLive else {
      return false
    }
    if let contentState {
      guard let content = appContent(id, index: index, contentState) else { return false }
      activityStore.activities[index].contentState = content
      if configuration.iosVersion >= .staleAndRelevance {
        activityStore.activities[index].staleDate = staleDate
        activityStore.activities[index].relevanceScore = relevanceScore
      }
      activityStore.activities[index].updates += 1
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
        .activityIgnored, nil, .model,
        "the app's content for \(id) does not decode (\(failure.path): \(failure.message))",
        ["activity": .init(.string(id)), "reason": .init(.string("content-state-decode"))])
      return nil
    }
  }
}
