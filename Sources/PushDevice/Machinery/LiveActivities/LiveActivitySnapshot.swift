/// What the app's `ActivityKit` sees of the device after each operation: its activities, its
/// push-to-start token and the user's switches (``DeviceHost/observeLiveActivities(_:)``).
package struct LiveActivitySnapshot: Sendable {
  /// Every activity started so far, in start order.
  package var activities: [LiveActivity]
  /// The push-to-start token, when the device issues one (iOS 17.2).
  package var pushToStartToken: String?
  /// `areActivitiesEnabled`: the app supports them and the user leaves them on.
  package var activitiesEnabled: Bool
  /// `frequentPushesEnabled`: the app asks for frequent updates and the user leaves them on.
  package var frequentPushesEnabled: Bool

  /// Whether the app is in the foreground, where it may start an activity.
  package var appInForeground: Bool

  /// The snapshot of `device`.
  package init(_ device: Device) {
    let settings = device.app.liveActivities
    activities = device.liveActivities
    pushToStartToken = device.pushToStartToken
    activitiesEnabled =
      settings.supported && settings.enabled
      && device.configuration.iosVersion >= .liveActivities
    appInForeground = device.app.state == .foreground
    frequentPushesEnabled = settings.supportsFrequentUpdates && settings.frequentUpdates
  }
}
