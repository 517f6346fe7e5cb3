/// Whether the app runs, and where (Behavior.md §7.1, §7.2, §8).
///
/// Raw values are the scenario spellings. A force-quit app gets no background pushes until the
/// user opens it again (Behavior.md §7.1).
public enum AppState: String, Sendable, Hashable, Codable, CaseIterable {
  /// On screen: `willPresent` decides what shows (Behavior.md §7.2).
  case foreground
  /// Running or suspended in the background.
  case background
  /// Not launched; a background push launches it into the background.
  case notRunning
  /// Swiped away by the user: background pushes are discarded (Behavior.md §7.1).
  case forceQuit
}
