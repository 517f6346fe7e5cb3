/// The app's side of Live Activities (scenario `app.liveActivities` and `app.activities`): its
/// Info.plist keys, the user's Settings switches and the `ActivityAttributes` types it declares.
public struct LiveActivityConfiguration: Sendable, Equatable {
  /// `NSSupportsLiveActivities`: without it the app cannot start any activity. Default `true`.
  public var supported: Bool
  /// `NSSupportsLiveActivitiesFrequentUpdates`: asks for the larger priority-10 budget.
  /// Default `false`.
  public var supportsFrequentUpdates: Bool
  /// Settings › the app › Live Activities (`areActivitiesEnabled`). Turning it off ends and
  /// removes the app's activities. Default `true`.
  public var enabled: Bool
  /// Settings › the app › More Frequent Updates (`frequentPushesEnabled`). Default `true`.
  public var frequentUpdates: Bool
  /// The app's `ActivityAttributes` types.
  public var types: [ActivityTypeDeclaration]
  /// The broadcast channels the app's server created (iOS 18), with their storage policies.
  /// A channel not listed is treated as created with ``BroadcastChannel/StoragePolicy/mostRecentMessageStored``
  /// (Rules.md §13.15, model).
  public var channels: [BroadcastChannel]

  /// Creates the configuration; every argument defaults to the scenario format's default.
  public init(
    supported: Bool = true, supportsFrequentUpdates: Bool = false, enabled: Bool = true,
    frequentUpdates: Bool = true, types: [ActivityTypeDeclaration] = [],
    channels: [BroadcastChannel] = []
  ) {
    self.supported = supported
    self.supportsFrequentUpdates = supportsFrequentUpdates
    self.enabled = enabled
    self.frequentUpdates = frequentUpdates
    self.types = types
    self.channels = channels
  }

  /// The declared type named `name`, if any.
  package func type(named name: String) -> ActivityTypeDeclaration? {
    types.last { $0.name == name }
  }

  /// The storage policy of channel `id`: the declared one, else most recent message stored.
  package func storagePolicy(ofChannel id: String) -> BroadcastChannel.StoragePolicy {
    channels.last { $0.id == id }?.storagePolicy ?? .mostRecentMessageStored
  }
}
