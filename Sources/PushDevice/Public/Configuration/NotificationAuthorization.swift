/// The app's notification permission: status and granted options (Behavior.md §7.3).
///
/// Default: authorized with alert, sound and badge (ScenarioFormat.md, `authorization`).
public struct NotificationAuthorization: Sendable, Equatable {
  /// `UNAuthorizationStatus`.
  public var status: Status
  /// `UNAuthorizationOptions` the user granted.
  public var options: Set<Option>

  /// Creates an authorization.
  public init(status: Status = .authorized, options: Set<Option> = [.alert, .sound, .badge]) {
    self.status = status
    self.options = options
  }

  /// `UNAuthorizationStatus` (Behavior.md §7.3); raw values are the scenario spellings.
  public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
    /// Full permission for the granted options.
    case authorized
    /// Quiet delivery to Notification Center only (Behavior.md §7.3, Rules.md §5 step 2).
    case provisional
    /// The user said no: nothing is shown (Rules.md §5 step 1).
    case denied
    /// Never asked: nothing is shown (Rules.md §5 step 1).
    case notDetermined
  }

  /// `UNAuthorizationOptions` that matter to presentation (Behavior.md §7.3).
  public enum Option: String, Sendable, Hashable, Codable, CaseIterable {
    /// Banners and lock-screen entries.
    case alert
    /// Sounds (Rules.md §5 step 6).
    case sound
    /// Badges (Rules.md §5 step 7).
    case badge
    /// Critical alerts (Rules.md §5 step 4; also needs the entitlement).
    case criticalAlert
  }
}
