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
      guard centerPart.nextSummaryDelivery == clock.now else { return }
      centerPart.nextSummaryDelivery = nil
      deliverSummary(reason: "Scheduled Summary delivery")
    case .storageExpiry(let push):
      expireStoredPush(push)
    case .localNotification(let identifier):
      fireLocalNotification(identifier)
    case .budgetWindow:
      pushTypeState.endBackgroundWindow()
    case .activityStale, .activityLifetime, .activityDismissal, .activityStart:
      fireActivityTimer(action)
    }
  }

  /// Sets a timer for the next Scheduled Summary delivery, if none is set; returns its date.
  mutating func scheduleSummaryDelivery() -> Date? {
    if let next = centerPart.nextSummaryDelivery { return next }
    guard let summary = configuration.scheduledSummary,
      let next = clock.nextOccurrence(of: summary.times, after: clock.now)
    else { return nil }
    centerPart.nextSummaryDelivery = next
    clock.schedule(.summaryDelivery, at: next)
    return next
  }

  /// Delivers every held notification together (Rules.md §4): into Notification
  /// Center quietly, digest ordered by relevance score, then level, then newest.
  mutating func deliverSummary(reason: String) {
    guard centerPart.isHoldingAny else { return }
    let pending = centerPart.takeHeld()
    let lastSummaryDigest = centerPart.lastSummaryDigest
    log(
      DeviceEvent.Summary(notifications: lastSummaryDigest), nil, .model,
      "\(reason): \(pending.count) notification(s), featured \(lastSummaryDigest.first ?? "")")
    for item in pending {
      let presentation = Presentation.listOnly
      history.updateNotification(of: item.push) { $0.presentation = presentation }
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

  /// The Scheduled Summary as it stands (`expect.summary`): the held notifications in digest
  /// order while some wait, else the last digest delivered.
  public var summary: [String] {
    centerPart.summary
  }
}
