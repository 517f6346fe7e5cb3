/// How the app takes the push types that never show a notification (scenario
/// `app.pushTypes`; Rules.md §14): what its PushKit, Core Location, Push to Talk and File
/// Provider code does.
public struct PushTypeConfiguration: Sendable, Equatable {
  /// Whether the app reports each VoIP push to CallKit (`reportNewIncomingCall`). Default
  /// `true`.
  public var reportsCalls: Bool
  /// Unreported VoIP pushes after which iOS stops delivering them to the app (model: 3).
  public var voipFailureLimit: Int
  /// The app has a Location Push Service Extension with the `location.push` entitlement.
  /// Default `false`.
  public var locationExtension: Bool
  /// The user gave **Always** location authorization. Default `false`.
  public var locationAlways: Bool
  /// The user has joined a Push to Talk channel (the ephemeral token is active). Default
  /// `false`.
  public var pttChannelJoined: Bool
  /// The File Provider extension is replicated (only the working-set container is
  /// signalled). Default `false`.
  public var fileProviderReplicated: Bool

  /// Creates the configuration; every argument defaults to the scenario format's default.
  public init(
    reportsCalls: Bool = true, voipFailureLimit: Int = 3, locationExtension: Bool = false,
    locationAlways: Bool = false, pttChannelJoined: Bool = false,
    fileProviderReplicated: Bool = false
  ) {
    self.reportsCalls = reportsCalls
    self.voipFailureLimit = voipFailureLimit
    self.locationExtension = locationExtension
    self.locationAlways = locationAlways
    self.pttChannelJoined = pttChannelJoined
    self.fileProviderReplicated = fileProviderReplicated
  }
}
