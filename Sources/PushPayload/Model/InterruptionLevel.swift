/// How urgently a notification asks for attention (`UNNotificationInterruptionLevel`, iOS 15+).
///
/// Raw values are the payload spellings of `aps.interruption-level` (Behavior.md §5.1). The order
/// of the cases is the order of urgency, so levels compare with `<`.
public enum InterruptionLevel: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
  /// List only: no sound, no screen wake.
  case passive
  /// The default: presented at once, may play a sound; does not break through Focus.
  case active
  /// Like active, and breaks through Focus and the Scheduled Summary (with the entitlement).
  case timeSensitive = "time-sensitive"
  /// Always presented with a sound, even muted or in Focus (entitlement and authorization).
  case critical

  /// `UNNotificationInterruptionLevel` raw value: 0…3.
  public var urgency: Int {
    switch self {
    case .passive: 0
    case .active: 1
    case .timeSensitive: 2
    case .critical: 3
    }
  }

  public static func < (lhs: InterruptionLevel, rhs: InterruptionLevel) -> Bool {
    lhs.urgency < rhs.urgency
  }
}
