import Foundation
import PushCore
import PushPayload

extension Device {
  /// Presentation (Rules.md §5), then Notification Center (§4) and the badge.
  ///
  /// - Parameter options: the delegate's `willPresent` answer for an app in the foreground
  ///   (``finishWillPresent(_:options:)``); `nil` asks the delegate when the app's code has one.
  mutating func present(
    _ id: String, request: NotificationRequest, options: Set<PresentationOption>? = nil
  ) {
    // The app's delegate decides (Behavior.md §7.3): wait for its willPresent.
    if options == nil, app.state == .foreground,
      handToAppCode(.askWillPresent(PendingWillPresent(push: id, request: request)))
    {
      return
    }
    let decision: PresentationPolicy.Decision
    if let options {
      var deciding = app
      deciding.foregroundPresentation = options
      decision = PresentationPolicy.decide(
        content: request.content, app: deciding, device: configuration)
    } else {
      decision = PresentationPolicy.decide(
        content: request.content, app: app, device: configuration)
    }
    var content = request.content
    content.sound = decision.sound
    let request = NotificationRequest(
      identifier: request.identifier, content: content, date: request.date)
    for step in decision.steps { log(step.kind, id, step.source, step.reason) }
    report(decision.diagnostics, push: id)
    var record = KeptNotification(
      request: request, presentation: .none, effectiveLevel: decision.effectiveLevel,
      language: localizer.match.language)

    switch decision.outcome {
    case .suppressed(let source, let reason):
      history.keep(record, of: id)
      setStatus(id, .suppressed, reason: reason)
      log(.suppressed, id, source, reason)

    case .held:
      if let previous = centerPart.hold(
        id, request: request, effectiveLevel: decision.effectiveLevel)
      {
        markReplaced(previous, by: id, identifier: request.identifier)
      }
      history.keep(record, of: id)
      let delivery = scheduleSummaryDelivery()
      let when = delivery.map { " until " + VirtualTimeFormat.text($0) } ?? ""
      let reason = "the app is in the Scheduled Summary: held\(when)"
      setStatus(id, .held, reason: reason)
      log(.held, id, .model, reason)

    case .presented(var presentation):
      if !content.hasVisibleText && content.attachments.isEmpty {
        // A sound- or badge-only push: nothing to show or keep (Behavior.md §1.2).
        presentation.banner = false
        presentation.lockScreen = false
        presentation.wake = false
        presentation.list = false
      }
      record.presentation = presentation
      history.keep(record, of: id)
      if presentation.list {
        insertIntoCenter(id, request: request, presentation: presentation)
        setStatus(id, .delivered, reason: "in Notification Center")
        log(.delivered, id, .device, "in Notification Center")
      } else {
        let reason =
          content.hasVisibleText || !content.attachments.isEmpty
          ? "presented, not kept in Notification Center (willPresent has no list option)"
          : "no alert text: nothing to show, only sound or badge"
        setStatus(id, .delivered, reason: reason)
        log(.delivered, id, .device, reason)
      }
      let shown = Self.shownIndex(presentation)
      log(
        DeviceEvent.Presented(presentation), id, .device, Self.presentationDescriptions[shown])
      if let number = decision.badge { setBadge(number, push: id) }
      report(truncations(of: request.content, presentation: presentation), push: id)
    }
  }

  /// Where the shown text is cut (Rules.md §9.7, `text-truncated`, source lint): a banner shows
  /// about two lines of body, a lock-screen entry about four, titles one; the rest appears only
  /// when the user expands the notification. With previews hidden nothing of the text shows.
  func truncations(of content: NotificationContent, presentation: Presentation) -> [Diagnostic] {
    guard presentation.banner || presentation.lockScreen, !previewsHidden else { return [] }
    let place = presentation.banner ? "banner" : "lock screen"
    var found: [Diagnostic] = []
    func check(_ field: String, _ text: String, _ fit: TextFit) {
      let result = fit.fit(text)
      guard result.isTruncated else { return }
      found.append(
        TextFit.truncationDiagnostic(
          field: field, place: place, neededLines: result.neededLines, shownLines: fit.lines))
    }
    check("title", content.title, .titleLine)
    check("subtitle", content.subtitle, .titleLine)
    check("body", content.body, presentation.banner ? .bannerBody : .lockScreenBody)
    return found
  }

  /// Inserts into Notification Center, replacing a notification with the same identifier
  /// (it alerts again and counts as newest, Rules.md §4).
  mutating func insertIntoCenter(
    _ id: String, request: NotificationRequest, presentation: Presentation
  ) {
    let replaced = centerPart.insert(
      id, request: request, presentation: presentation, date: clock.now)
    if let held = replaced.held { markReplaced(held, by: id, identifier: request.identifier) }
    if let shown = replaced.shown { markReplaced(shown, by: id, identifier: request.identifier) }
  }

  /// Marks `old` as replaced by `new`.
  mutating func markReplaced(_ old: String, by new: String, identifier: String) {
    setStatus(old, .replaced, reason: "replaced by \(new) (same request identifier)")
    log(
      DeviceEvent.Replaced(by: new), old, .device,
      "\(new) has the same request identifier \"\(identifier)\": it alerts again and takes its place"
    )
  }

  /// Sets the app badge (Behavior.md §7.4: a number sets it, 0 clears it).
  mutating func setBadge(_ number: Int, push: String) {
    let badge = centerPart.setBadge(number)
    let reason = number == 0 ? "badge cleared" : "badge set to \(number)"
    log(DeviceEvent.Badge(badge: badge), push, .device, reason)
  }

  /// Banner, lock screen, screen wake, sound and Notification Center as bits 0 to 4: the index
  /// of ``presentationDescriptions``.
  private static func shownIndex(_ presentation: Presentation) -> Int {
    var index = 0
    if presentation.banner { index |= 1 }
    if presentation.lockScreen { index |= 2 }
    if presentation.wake { index |= 4 }
    if presentation.sound { index |= 8 }
    if presentation.list { index |= 16 }
    return index
  }

  /// The `presented` event's line for each combination of banner, lock screen, screen wake,
  /// sound and Notification Center (``shownIndex(_:)``): the events of many pushes share one
  /// string.
  private static let presentationDescriptions: [String] = (0..<32).map { bits in
    let names = ["banner", "lock screen", "screen wake", "sound", "Notification Center"]
    let parts = names.indices.filter { bits & (1 << $0) != 0 }.map { names[$0] }
    return parts.isEmpty ? "nothing shown" : parts.joined(separator: ", ")
  }
}
