import PushCore

/// The events one call into the app's code leaves (an extension run, a delegate, handler or
/// PushKit call, foreground code), gathered while it runs: every event, but of the kinds
/// ``AppEventLimits/kinds`` only the first ``AppEventLimits/firstPerCall`` and the last
/// ``AppEventLimits/lastPerCall``; those between are counted, and one `app.eventsDropped`
/// event (`call-window`) stands where they were (Rules.md §7.2).
///
/// A call that logs a million lines holds 200 of them and a count, not a million.
///
/// - Complexity: O(1) per event; ``events`` is O(n) in the events kept.
package struct AppEventWindow: Sendable {
  package typealias Event = ServiceExtensionOutcome.Event

  /// Every event kept so far but the last ones of the bounded kinds, in order.
  private var kept: [Event] = []
  /// How many events of the bounded kinds ``kept`` holds.
  private var head = 0
  /// The last events of the bounded kinds, a ring starting at ``tailStart``; each with the
  /// number of ``kept`` events logged before it (where it goes back in).
  private var tail: [(position: Int, event: Event)] = []
  private var tailStart = 0
  /// The events left out, by kind.
  private var dropped: [DeviceEvent.Kind: Int] = [:]
  /// Where the first event left out was: its place among ``kept``, its time.
  private var gap: (position: Int, offset: Duration)?

  /// An empty window.
  package init() {}

  /// Adds the next event.
  package mutating func append(_ event: Event) {
    guard AppEventLimits.kinds.contains(event.kind) else { return kept.append(event) }
    if head < AppEventLimits.firstPerCall {
      head += 1
      return kept.append(event)
    }
    let entry = (position: kept.count, event: event)
    guard tail.count == AppEventLimits.lastPerCall else { return tail.append(entry) }
    let left = tail[tailStart]
    tail[tailStart] = entry
    tailStart = (tailStart + 1) % tail.count
    dropped[left.event.kind, default: 0] += 1
    if gap == nil { gap = (left.position, left.event.offset) }
  }

  /// The events kept, in the order they were logged, with the `app.eventsDropped` event where
  /// the ones left out were.
  package var events: [Event] {
    guard !tail.isEmpty else { return kept }
    let last = tail[tailStart...] + tail[..<tailStart]
    var next = last.startIndex
    var result: [Event] = []
    result.reserveCapacity(kept.count + tail.count + 1)
    for position in 0...kept.count {
      if let gap, gap.position == position {
        let (reason, details) = AppEventLimits.dropped(dropped, by: .callWindow)
        result.append(
          Event(offset: gap.offset, details, source: .model, reason: reason))
      }
      while next < last.endIndex, last[next].position == position {
        result.append(last[next].event)
        next += 1
      }
      if position < kept.count { result.append(kept[position]) }
    }
    return result
  }
}
