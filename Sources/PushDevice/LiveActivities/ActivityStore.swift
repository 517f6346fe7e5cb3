import Foundation

/// The device's Live Activities and their budgets (Rules.md §13).
struct ActivityStore: Sendable {
  /// Every activity started, in start order (dismissed ones stay, for `expect`).
  var activities: [LiveActivity] = []
  /// Activities started so far (start order, token numbers).
  var started = 0
  /// Arrival times of priority-10 ActivityKit pushes that counted, within the last hour.
  var priorityTenTimes: [Date] = []
  /// Arrival times of push-to-start pushes, within the last hour.
  var startTimes: [Date] = []

  /// The index of the activity named `id`.
  func index(of id: String) -> Int? { activities.firstIndex { $0.id == id } }

  /// The index of the activity whose update token is `token`.
  func index(token: String) -> Int? { activities.firstIndex { $0.token == token } }

  /// Drops times older than an hour before `now`, then tells whether `limit` more fit.
  static func withinBudget(_ times: inout [Date], now: Date, limit: Int) -> Bool {
    times.removeAll { now.timeIntervalSince($0) >= 3600 }
    return times.count < limit
  }

  /// The deterministic update token of the `number`th activity: 64 hexadecimal digits.
  static func updateToken(_ number: Int) -> String {
    let hex = String(number, radix: 16)
    return "ac71" + String(repeating: "0", count: max(0, 60 - hex.count)) + hex
  }

  /// The app's push-to-start token (one per app, whatever the attributes type).
  static let pushToStartToken = "5747" + String(repeating: "0", count: 59) + "1"
}
