import Foundation

/// How much of its past a device keeps when it runs for long (`pushsim serve`, Rules.md §18.9):
/// the records of its newest ``pushes`` pushes and the events since the oldest of them, and
/// Notification Center's newest ``pushes`` notifications. A scenario's device keeps everything
/// (no window).
package struct HistoryWindow: Sendable, Equatable {
  /// How many pushes' records, and how many notifications in Notification Center, are kept.
  package var pushes: Int

  /// A window of `pushes` pushes (at least 1).
  package init(pushes: Int) {
    self.pushes = max(1, pushes)
  }

  /// How many pushes past the window a device takes before it forgets again: forgetting reads
  /// what it keeps, so it is done once in a while, not on every push.
  var slack: Int { max(1, pushes / 4) }
}

/// What a device forgot (``Device/forgetHistory(keeping:)``): how many of each, and the ids of
/// the pushes whose records went.
package struct ForgottenHistory: Sendable, Equatable {
  /// Push records forgotten.
  package var pushes = 0
  /// Events forgotten (the oldest: positions in ``Device/events`` move down by this much).
  package var events = 0
  /// Diagnostics forgotten (those of forgotten pushes).
  package var diagnostics = 0
  /// Notifications Notification Center let go of, the oldest, beyond the window.
  package var notifications = 0
  /// The ids of the forgotten push records.
  package var pushIDs: [String] = []

  /// Nothing forgotten.
  package init() {}

  /// Whether anything was forgotten.
  package var isEmpty: Bool { pushes == 0 && events == 0 && diagnostics == 0 && notifications == 0 }

  /// Adds `other`'s counts (not its push ids) to these.
  package mutating func add(_ other: ForgottenHistory) {
    pushes += other.pushes
    events += other.events
    diagnostics += other.diagnostics
    notifications += other.notifications
  }
}

extension Device {
  /// Forgets what lies outside `window`, as a phone left up for days must (Rules.md §18.9):
  /// Notification Center lets go of its oldest notifications beyond the window; the records of
  /// pushes older than the newest `window.pushes` go, but for those still shown, held for the
  /// Scheduled Summary or stored by APNs; the events logged before the oldest kept push arrived
  /// go, and so do the diagnostics of forgotten pushes. Nothing is forgotten while the app's
  /// code is awaited (an extension run, `willPresent`, a queued call).
  ///
  /// - Complexity: O(1) until the records outgrow the window by its slack, then linear in what
  ///   is kept (amortized O(1) per push).
  package mutating func forgetHistory(keeping window: HistoryWindow) -> ForgottenHistory {
    var forgotten = ForgottenHistory()
    guard case .nothing = awaiting, appCalls.isEmpty else { return forgotten }
    forgotten.notifications = centerPart.removeOldest(keeping: window.pushes)
    let center = centerPart
    var held: Set<String>?  // made once, and only when forgetting is due
    guard
      let (ids, cutoff) = history.forget(
        keepingNewest: window.pushes, slack: window.slack,
        stillNeeded: { id, status in
          if status == .stored || status == .held || center.store.entry(push: id) != nil {
            return true
          }
          if held == nil { held = center.heldPushes }
          return held?.contains(id) ?? false
        })
    else { return forgotten }
    forgotten.pushIDs = ids
    forgotten.pushes = ids.count
    (forgotten.events, forgotten.diagnostics) = pushLog.forget(
      eventsBefore: cutoff, diagnosticsOf: Set(ids))
    return forgotten
  }
}
