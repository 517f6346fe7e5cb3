import PushPayload

/// The app's registration for remote notifications (Rules.md §15): whether the device ever
/// issued the app its device token, whether the app is registered now, and what APNs answers a
/// push sent to that token.
///
/// A value with no clock and no log: each call says what happened, and ``Device`` records it
/// as events.
struct RemoteRegistration: Sendable {
  /// Whether the device ever issued the app its device token.
  private(set) var issued = false
  /// Whether the app is registered now (`isRegisteredForRemoteNotifications`).
  private(set) var registered = false

  /// The app called `registerForRemoteNotifications()`: with the `aps-environment`
  /// entitlement (`entitled`) the device issues its token and the app is registered; without,
  /// registration fails, and the failure is returned.
  mutating func register(entitled: Bool) -> RegistrationFailure? {
    guard entitled else { return .missingEntitlement }
    issued = true
    registered = true
    return nil
  }

  /// The app called `unregisterForRemoteNotifications()`: `true` when it was registered.
  mutating func unregister() -> Bool {
    guard registered else { return false }
    registered = false
    return true
  }

  /// APNs's refusal of a push sent to the app's device token: a token the device never issued
  /// is `BadDeviceToken`, one the app unregistered `Unregistered` (410), and a `liveactivity`
  /// push `DeviceTokenNotForTopic`; `nil` when it goes through.
  func refusal(pushType: PushType?) -> (status: Int, reason: String, String)? {
    if !issued {
      return (
        400, "BadDeviceToken",
        "the app never registered for remote notifications: no device token was issued"
      )
    }
    if !registered {
      return (
        410, "Unregistered",
        "the app unregistered for remote notifications: its device token is inactive"
      )
    }
    if pushType == .liveactivity {
      return (
        400, "DeviceTokenNotForTopic",
        "a liveactivity push goes to an ActivityKit token, not the app's device token"
      )
    }
    return nil
  }
}
