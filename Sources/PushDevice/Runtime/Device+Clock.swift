public import Foundation

extension Device {
  /// Moves the virtual clock on (scenario step `wait`), firing what falls due in time order:
  /// Scheduled Summary deliveries (Rules.md §4), the end of the rolling-hour window
  /// of each background push (§6), and the end of APNs storage of an offline push (§6).
  ///
  /// - Complexity: O(k log t) for k timers firing out of t pending.
  public mutating func advance(by duration: Duration) {
    advance(to: clock.now.addingTimeInterval(max(0, duration.timeInterval)))
  }

  /// Moves the virtual clock on to `date` (never back), firing timers in time order.
  public mutating func advance(to date: Date) {
    settlePendingRun()
    while let action = clock.popTimer(dueBy: date) { fire(action) }
    clock.move(to: date)
  }

  /// Runs one timer.
  mutating func fire(_ action: ClockAction) {
    switch action {
    case .summaryDelivery:
      guard nextSummaryDelivery == clock.now else { return }
      nextSummaryDelivery = nil
      deliverSummary(reason: "Scheduled Summary delivery")
    case .storageExpiry(let push):
      expireStoredPush(push)
    case .localNotification(let identifier):
      fireLocalNotification(identifier)
    case .budgetWindow:
      silentPushesInWindow = max(0, silentPushesInWindow - 1)
    case .activityStale, .activityLifetime, .activityDismissal, .activityStart:
      fireActivityTimer(action)
    }
  }

  /// Sets a timer for the next Scheduled Summary delivery, if none is set; returns its date.
  mutating func scheduleSummaryDelivery() -> Date? {
    if let next = nextSummaryDelivery { return next }
    guard let summary = configuration.scheduledSummary,
      let next = clock.nextOccurrence(of: summary.times, after: clock.now)
    else { return nil }
    nextSummaryDelivery = next
    clock.schedule(.summaryDelivery, at: next)
    return next
  }

  /// Delivers every held notification together (Rules.md §4): into Notification
  /// Center quietly, digest ordered by relevance score, then level, then newest.
  mutating func deliverSummary(reason: String) {
    guard !held.isEmpty else { return }
    let pending = held.values.sorted { $0.sequence < $1.sequence }
    held = [:]
    lastSummaryDigest = Self.digestOrder(pending).map(\.push)
    log(
      .summary, nil, .model,
      "\(reason): \(pending.count) notification(s), featured \(lastSummaryDigest.first ?? "")",
      ["notifications": .init(.array(lastSummaryDigest.map { .init(.string($0)) }))])
    for item in pending {
      let presentation = Presentation.listOnly
      updateKeptNotification(of: item.push) { $0.presentation = presentation }
      insertIntoCenter(item.push, request: item.request, presentation: presentation)
      setStatus(item.push, .delivered, reason: "delivered in the Scheduled Summary")
      log(.delivered, item.push, .model, "delivered in the Scheduled Summary")
      if let number = item.request.content.badge, app.authorization.status == .authorized,
        app.authorization.options.contains(.badge)
      {
        setBadge(number, push: item.push)
      }
    }
  }

  /// The digest order (Rules.md §4): relevance score (highest first), then
  /// interruption level (higher first), then newest first.
  static func digestOrder(_ items: [HeldNotification]) -> [HeldNotification] {
    items.sorted { a, b in
      let scoreA = a.request.content.relevanceScore
      let scoreB = b.request.content.relevanceScore
      if scoreA != scoreB { return scoreA > scoreB }
      if a.effectiveLevel != b.effectiveLevel { return a.effectiveLevel > b.effectiveLevel }
      return a.sequence > b.sequence
    }
  }

  /// The Scheduled Summary as it stands (`expect.summary`): the held notifications in digest
  /// order while some wait, else the last digest delivered.
  public var summary: [String] {
    held.isEmpty ? lastSummaryDigest : Self.digestOrder(Array(held.values)).map(\.push)
  }
}
