import Foundation

/// Whether the app may start Live Activities and send frequent updates (Apple's
/// `ActivityAuthorizationInfo`): the device's Settings switches, followed as the user changes
/// them.
public final class ActivityAuthorizationInfo: Sendable {
  /// `activityEnablementUpdates`.
  public typealias ActivityEnablementUpdates = ActivityUpdateSequence<Bool>
  /// `frequentPushEnablementUpdates` (Apple names this sequence type apart).
  public typealias FrequentPushEnablementUpdates = ActivityUpdateSequence<Bool>

  private let center: ActivityCenter

  /// The app's authorization info (of the device whose code is running).
  public init() {
    center = ActivityCenter.current
  }

  /// Whether the user allows the app's Live Activities.
  public var areActivitiesEnabled: Bool { center.hub.authorization.enabled }

  /// Whether the app has the larger priority-10 push budget (frequent updates on).
  public var frequentPushesEnabled: Bool { center.hub.authorization.frequent }

  /// `areActivitiesEnabled`, each time the user changes it.
  public var activityEnablementUpdates: ActivityEnablementUpdates {
    ActivityEnablementUpdates(
      changesOf: center.hub, current: { ($0.authorization.enabled, nil) }
    ) { change in
      guard case .authorization(let enabled, _) = change else { return nil }
      return (enabled, enabled)
    }
  }

  /// `frequentPushesEnabled`, each time the user changes it.
  public var frequentPushEnablementUpdates: FrequentPushEnablementUpdates {
    FrequentPushEnablementUpdates(
      changesOf: center.hub, current: { ($0.authorization.frequent, nil) }
    ) { change in
      guard case .authorization(_, let frequent) = change else { return nil }
      return (frequent, frequent)
    }
  }
}
