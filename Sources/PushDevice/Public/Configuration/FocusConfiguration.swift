/// A Focus (Do Not Disturb, Work, …) that is on, with the apps it lets through.
///
/// Models Behavior.md §5.3 and Rules.md §5 step 5: while it is on, `passive` and `active`
/// notifications of apps it does not allow are delivered silently (Notification Center only);
/// `time-sensitive` (with the entitlement) and `critical` break through.
public struct FocusConfiguration: Sendable, Equatable {
  /// The Focus name, for the event log (`"Work"`).
  public var name: String
  /// Bundle identifiers whose notifications the Focus allows.
  public var allowedApps: [String]
  /// The app's Focus filter (iOS 16): the values its `SetFocusFilterIntent` predicate accepts
  /// (`SELF IN {"work"}`); a notification whose `filter-criteria` is not one of them is
  /// delivered silently (Rules.md §14.1). `nil`: no filter.
  public var filterCriteria: [String]? = nil
  /// The Focus's Allowed People: a communication notification whose sender is one of them
  /// breaks through, whichever app it comes from (Rules.md §16). An entry names a person by
  /// the handle the app gave (`INPersonHandle.value`) or by their display name.
  public var allowedPeople: [String] = []

  /// Whether `person` is one of ``allowedPeople``: by handle value, or by display name.
  package func allows(_ person: CommunicationPerson) -> Bool {
    allowedPeople.contains { entry in
      entry == person.displayName || (person.handle.map { $0 == entry } ?? false)
    }
  }

  /// Creates a Focus.
  public init(name: String = "Do Not Disturb", allowedApps: [String] = []) {
    self.name = name
    self.allowedApps = allowedApps
  }
}
