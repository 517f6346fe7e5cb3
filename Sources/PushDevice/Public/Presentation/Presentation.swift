/// How a notification was presented: what `expect.notification.<id>.presentation` compares.
///
/// Decided once per delivery by the steps of Rules.md §5; a replacement alerts again
/// and gets its own presentation (Behavior.md §7.2).
public struct Presentation: Sendable, Hashable {
  /// A banner on the unlocked screen.
  public var banner: Bool
  /// An entry on the lock screen (active and above while locked).
  public var lockScreen: Bool
  /// A sound played (Rules.md §5 step 6).
  public var sound: Bool
  /// The screen lit up (a locked device woken).
  public var wake: Bool
  /// Kept in Notification Center.
  public var list: Bool
  /// Its badge applied (Rules.md §5 step 7; `false` when the payload has none).
  public var badge: Bool

  /// Creates a presentation; the default shows nothing.
  package init(
    banner: Bool = false, lockScreen: Bool = false, sound: Bool = false, wake: Bool = false,
    list: Bool = false, badge: Bool = false
  ) {
    self.banner = banner
    self.lockScreen = lockScreen
    self.sound = sound
    self.wake = wake
    self.list = list
    self.badge = badge
  }

  /// Nothing shown at all.
  package static let none = Presentation()
  /// Notification Center only (provisional, Focus, passive, Scheduled Summary delivery).
  package static let listOnly = Presentation(list: true)
}
