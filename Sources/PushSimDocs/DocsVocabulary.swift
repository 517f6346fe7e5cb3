import PushDevice
import PushScenario

/// Words the documentation uses for steps and for the iOS behaviours a scenario shows.
///
/// These only name what the scenario and its event log already hold; nothing is decided here.
enum DocsVocabulary {
  /// A step's one-line title: `Push m1`, `Wait 30s`, `Tap m1: reply`, `Set device.focus`.
  static func title(of step: Step) -> String {
    switch step.action {
    case .push(let push):
      return "Push \(push.id)"
    case .wait(let duration):
      return "Wait \(ScenarioTime.format(duration))"
    case .set(let change):
      var fields: [String] = []
      fields += (change.device?.keys ?? []).map { "device.\($0)" }
      fields += (change.app?.keys ?? []).map { "app.\($0)" }
      return fields.isEmpty ? "Set" : "Set " + fields.joined(separator: ", ")
    case .tap(let tap):
      guard let action = tap.action else { return "Tap \(tap.id)" }
      var title = "Tap \(tap.id): \(action)"
      if let text = tap.text { title += " \u{201C}\(text)\u{201D}" }
      return title
    case .dismiss(let id):
      return "Dismiss \(id)"
    case .clear:
      return "Clear all"
    case .dismissActivity(let id):
      return "Remove activity \(id) from the Lock Screen"
    case .startActivity(let start):
      return "Start activity \(start.request.id)"
    case .removeApp:
      return "Delete the app"
    case .installApp:
      return "Install the app again"
    case .expect(let expectation):
      let keys = expectation.checks.keys
      return keys.isEmpty ? "Expect" : "Expect " + keys.joined(separator: ", ")
    }
  }

  /// The behaviour an event kind shows, as the index's tags name it (`nil`: too common to tag).
  static func behaviour(of kind: DeviceEvent.Kind) -> String? {
    switch kind.rawValue {
    case "rejected": "APNs rejects"
    case "stored": "stored while offline"
    case "coalesced": "offline coalescing"
    case "expired": "expiration"
    case "replaced": "collapse-id replacement"
    case "held": "Scheduled Summary"
    case "suppressed": "not shown"
    case "silent": "background push"
    case "throttled": "background budget"
    case "discarded": "force-quit app"
    case "extension.started": "service extension"
    case "extension.timeout": "extension timeout"
    case "media.fetched": "media attachment"
    case "media.failed": "media download fails"
    case "attachment.rejected": "attachment rejected"
    case "badge": "badge"
    case "tap": "tap"
    case "action": "notification actions"
    case "dismiss": "dismiss"
    case "clear": "clear all"
    case "unlock": "unlock for an action"
    case "route": "routing"
    case "route.unmatched": "route does not match"
    default: nil
    }
  }

  /// The behaviours a scenario shows, in order of first appearance: from its events, then from
  /// what its drawings show (Focus, silent mode, levels, hidden previews, stacks); `localized`
  /// adds `localization` first (a payload used a `loc-key`).
  static func behaviours(events: [DeviceEvent], phones: [PhoneSnapshot], localized: Bool)
    -> [String]
  {
    var shown = PhoneBehaviours()
    for phone in phones { shown.add(phone) }
    return behaviours(events: events, shown: shown, localized: localized)
  }

  /// ``behaviours(events:phones:localized:)`` with the phones' labels gathered as they were
  /// drawn (a long scenario keeps no drawing it has written).
  static func behaviours(events: [DeviceEvent], shown: PhoneBehaviours, localized: Bool)
    -> [String]
  {
    var seen = Set<String>()
    var result: [String] = []
    func add(_ label: String) {
      if seen.insert(label).inserted { result.append(label) }
    }
    if localized { add("localization") }
    for event in events {
      if let label = behaviour(of: event.kind) { add(label) }
    }
    for label in shown.labels { add(label) }
    return result
  }

  /// The behaviours the phone drawings show, in order of first appearance.
  struct PhoneBehaviours: Sendable {
    private(set) var labels: [String] = []
    private var seen = Set<String>()

    /// Adds what `phone` shows.
    mutating func add(_ phone: PhoneSnapshot) {
      if phone.focus != nil { add("Focus") }
      if phone.isMuted { add("silent mode") }
      for group in phone.groups {
        if group.moreCount > 0 { add("grouped stack") }
        switch group.leading.interruptionLevel {
        case .timeSensitive: add("time-sensitive")
        case .critical: add("critical alert")
        case .passive: add("passive")
        case .active: break
        }
        if group.leading.hidesPreview { add("hidden previews") }
        if group.leading.thumbnail != nil { add("media attachment") }
      }
      if phone.banner != nil { add("banner") }
      if phone.longPress != nil { add("notification actions") }
      if phone.call != nil { add("incoming call") }
    }

    private mutating func add(_ label: String) {
      if seen.insert(label).inserted { labels.append(label) }
    }
  }
}
