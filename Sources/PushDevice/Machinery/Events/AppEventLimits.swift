import PushCore
import PushPayload

/// How many events of the app's own code a device keeps (Rules.md §7.2): the kinds the app's
/// code causes as often as it likes (a log line, a content update, a donation, a CallKit
/// report), the bounds on them, and the words of the `app.eventsDropped` event that counts the
/// rest.
///
/// Every line was once an event (about 700 bytes): a million `Logger` lines held 684 MB. A call
/// into the app's code keeps its first ``firstPerCall`` and last ``lastPerCall`` of these
/// (``AppEventWindow``), a push ``perPush`` and a run ``perRun`` (``AppEventBounds``); none of
/// the bundled scenarios comes near them.
package enum AppEventLimits {
  /// The kinds the bounds apply to.
  package static let kinds: Set<DeviceEvent.Kind> = [
    .appLog, .contentUpdated, .contentUpdateFailed, .intentDonated, .callKitIncoming,
    .callKitRefused, .callKitEnded,
  ]
  /// The events of these kinds a call keeps from its start.
  package static let firstPerCall = 100
  /// The events of these kinds a call keeps from its end.
  package static let lastPerCall = 100
  /// The events of these kinds a push keeps.
  package static let perPush = 1_000
  /// The events of these kinds a run (one device) keeps.
  package static let perRun = 50_000

  /// The reason and details of an `app.eventsDropped` event counting `dropped` events by kind,
  /// left out by the bound `code`.
  static func dropped(
    _ dropped: [DeviceEvent.Kind: Int], by code: AppEventsDroppedCode
  ) -> (reason: String, details: DeviceEvent.AppEventsDropped) {
    let total = dropped.values.reduce(0, +)
    let byKind = dropped.sorted { $0.key.rawValue < $1.key.rawValue }
    let list = byKind.map { "\($0.value) \($0.key.rawValue)" }.joined(separator: ", ")
    let (limit, bound): (Int, String)
    switch code {
    case .callWindow:
      limit = firstPerCall + lastPerCall
      bound = "a call into the app's code keeps its first \(firstPerCall) and last \(lastPerCall)"
    case .pushLimit:
      limit = perPush
      bound = "a push keeps \(perPush)"
    default:
      limit = perRun
      bound = "a run keeps \(perRun)"
    }
    return (
      "\(total) events of the app's code (\(list)) are counted, not kept: \(bound) "
        + "(Rules.md §7.2)",
      DeviceEvent.AppEventsDropped(
        code: code, dropped: total, kinds: byKind.map { ($0.key, $0.value) }, limit: limit)
    )
  }
}
