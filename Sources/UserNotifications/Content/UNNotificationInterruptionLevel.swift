/// How urgently a notification interrupts (`UNNotificationInterruptionLevel`, iOS 15).
///
/// Raw values are Apple's, 0…3 (Behavior.md §5.1).
public enum UNNotificationInterruptionLevel: UInt, Sendable, Hashable {
  /// In the list only: no sound, no screen wake.
  case passive = 0
  /// The default: presented at once, may play a sound; does not break through Focus.
  case active = 1
  /// Like active, and breaks through Focus and the Scheduled Summary.
  case timeSensitive = 2
  /// Always presented with a sound, even muted or in Focus (entitlement needed).
  case critical = 3
}
