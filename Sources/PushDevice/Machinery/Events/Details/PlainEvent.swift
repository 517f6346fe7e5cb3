import PushCore

/// An event kind that carries no details: the only way to log one of these kinds, so a kind
/// whose events have details cannot be logged without them (``EventDetails``).
package enum PlainEvent: Sendable, CaseIterable {
  case received, stored, forwarded, delivered, held, suppressed
  case wakeSkipped, extensionSkipped, extensionStarted, extensionIgnored
  case level, focus, sound, provisional, foreground, alert, badgeUnchanged
  case appState, lock, mute, online, offline, unlock, tap, dismiss
  case localDiscarded, localRefused, appUnregistered, appRemoved, appInstalled
  case pushKitVoIP, callKitVoIPPayload
  case pttIncoming, pttServiceUpdate, widgetsReload, controlsReload, locationExtension
  case fileProviderSignal, mdmCheckIn

  /// The event's kind.
  package var kind: EventKind {
    switch self {
    case .received: .received
    case .stored: .stored
    case .forwarded: .forwarded
    case .delivered: .delivered
    case .held: .held
    case .suppressed: .suppressed
    case .wakeSkipped: .wakeSkipped
    case .extensionSkipped: .extensionSkipped
    case .extensionStarted: .extensionStarted
    case .extensionIgnored: .extensionIgnored
    case .level: .level
    case .focus: .focus
    case .sound: .sound
    case .provisional: .provisional
    case .foreground: .foreground
    case .alert: .alert
    case .badgeUnchanged: .badgeUnchanged
    case .appState: .appState
    case .lock: .lock
    case .mute: .mute
    case .online: .online
    case .offline: .offline
    case .unlock: .unlock
    case .tap: .tap
    case .dismiss: .dismiss
    case .localDiscarded: .localDiscarded
    case .localRefused: .localRefused
    case .appUnregistered: .appUnregistered
    case .appRemoved: .appRemoved
    case .appInstalled: .appInstalled
    case .pushKitVoIP: .pushKitVoIP
    case .callKitVoIPPayload: .callKitVoIPPayload
    case .pttIncoming: .pttIncoming
    case .pttServiceUpdate: .pttServiceUpdate
    case .widgetsReload: .widgetsReload
    case .controlsReload: .controlsReload
    case .locationExtension: .locationExtension
    case .fileProviderSignal: .fileProviderSignal
    case .mdmCheckIn: .mdmCheckIn
    }
  }
}
