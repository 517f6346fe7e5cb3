import PushCore

/// The device's bounds on the events of the app's own code (``AppEventLimits/kinds``): a push
/// keeps ``AppEventLimits/perPush`` and a run ``AppEventLimits/perRun``; later ones are
/// counted, by push, and the device logs one `app.eventsDropped` event (`push-limit` or
/// `run-limit`) for each count when the call into the app's code is over (Rules.md §7.2).
///
/// A part of ``Device`` that owns its rule: ``admit(_:push:)`` decides, and
/// ``takeDropped()`` returns what the device then logs.
///
/// - Complexity: O(1) per event.
struct AppEventBounds: Sendable {
  /// Events of the bounded kinds counted, not kept, since the last ``takeDropped()``: for one
  /// push (`nil`: the app's code outside any push), left out by one bound.
  struct Dropped: Sendable, Equatable {
    var push: String?
    var code: AppEventsDroppedCode
    var byKind: [DeviceEvent.Kind: Int] = [:]
  }

  /// Events of the bounded kinds kept, by push.
  private var keptByPush: [String?: Int] = [:]
  /// Events of the bounded kinds kept in all.
  private var keptInRun = 0
  /// The counts not yet logged, in the order of their first event.
  private var dropped: [Dropped] = []

  /// Whether an event of `kind` for `push` is kept; when not, it is counted.
  mutating func admit(_ kind: DeviceEvent.Kind, push: String?) -> Bool {
    guard AppEventLimits.kinds.contains(kind) else { return true }
    let forPush = keptByPush[push, default: 0]
    if forPush < AppEventLimits.perPush, keptInRun < AppEventLimits.perRun {
      keptByPush[push] = forPush + 1
      keptInRun += 1
      return true
    }
    let code: AppEventsDroppedCode =
      forPush >= AppEventLimits.perPush ? .pushLimit : .runLimit
    if let index = dropped.lastIndex(where: { $0.push == push && $0.code == code }) {
      dropped[index].byKind[kind, default: 0] += 1
    } else {
      dropped.append(Dropped(push: push, code: code, byKind: [kind: 1]))
    }
    return false
  }

  /// The counts since the last call, in the order of their first event; forgets them.
  mutating func takeDropped() -> [Dropped] {
    defer { dropped = [] }
    return dropped
  }
}
