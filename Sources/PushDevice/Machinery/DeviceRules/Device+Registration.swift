import PushCore
import PushPayload

/// What the device remembers of the app's registration for remote notifications (Rules.md §15).
struct RemoteRegistration: Sendable {
  /// Whether the device ever issued the app its device token.
  var issued = false
  /// Whether the app is registered now (`isRegisteredForRemoteNotifications`).
  var registered = false
}

/// Why the app's `registerForRemoteNotifications()` failed (Rules.md §15).
package struct RegistrationFailure: Error, Sendable, Hashable {
  /// The `NSError` domain iOS reports.
  package var domain: String
  /// The `NSError` code iOS reports.
  package var code: Int
  /// The error's `localizedDescription`.
  package var description: String

  /// No `aps-environment` entitlement: the message iOS logs (observed, not documented by Apple;
  /// spec §6.3).
  package static let missingEntitlement = RegistrationFailure(
    domain: "NSCocoaErrorDomain", code: 3000,
    description: "no valid “aps-environment” entitlement string found for application")
}

extension Device {
  /// The app's UserNotifications device token on this device: 32 bytes as 64 hex digits, made
  /// from the bundle ID (model: deterministic, one per app, the same after unregistering; a
  /// new one for each install after the first, Rules.md §15.1).
  package var deviceToken: String {
    let generation = installation.generation
    guard generation > 0 else { return Self.deviceToken(bundleId: app.bundleId) }
    return StableDigest.hex("\(app.bundleId)#install-\(generation)".utf8)
  }

  /// The device token an app with `bundleId` gets (``StableDigest`` of the bundle ID: FNV-1a,
  /// four rounds of eight bytes).
  package static func deviceToken(bundleId: String) -> String {
    StableDigest.hex(bundleId.utf8)
  }

  /// Whether the app is registered for remote notifications now.
  package var isRegisteredForRemoteNotifications: Bool { registration.registered }

  /// The app's hosted code called `registerForRemoteNotifications()` (Rules.md §15): with the
  /// `aps-environment` entitlement the device issues the app its device token
  /// (`app.registered`, the token in `token`) and returns it; without, registration fails
  /// (`app.registrationFailed`).
  package mutating func registerForRemoteNotifications() -> Result<String, RegistrationFailure> {
    guard app.entitlements.contains(.apsEnvironment) else {
      let failure = RegistrationFailure.missingEntitlement
      log(
        DeviceEvent.AppRegistrationFailed(domain: failure.domain, code: failure.code), nil,
        .device,
        "registerForRemoteNotifications fails: \(failure.description); the app delegate's "
          + "didFailToRegisterForRemoteNotificationsWithError runs")
      return .failure(failure)
    }
    registration.issued = true
    registration.registered = true
    let token = deviceToken
    log(
      DeviceEvent.AppRegistered(token: token), nil, .device,
      "APNs registers the app: the app delegate's didRegisterForRemoteNotificationsWithDeviceToken "
        + "runs")
    return .success(token)
  }

  /// The app's hosted code called `unregisterForRemoteNotifications()`: APNs answers
  /// `Unregistered` for its token until it registers again (Rules.md §15).
  package mutating func unregisterForRemoteNotifications() {
    guard registration.registered else { return }
    registration.registered = false
    log(
      .appUnregistered, nil, .device,
      "the app unregisters for remote notifications: APNs answers 410 Unregistered for its token")
  }

  /// `address` with the app's device token written out read as ``PushAddress/device``.
  func deviceTokenAddress(_ address: PushAddress?) -> PushAddress? {
    guard case .token(let token)? = address, token.lowercased() == deviceToken else {
      return address
    }
    return .device
  }

  /// APNs's refusal of a push sent to the app's device token (`"to": "device"`): a token the
  /// device never issued is `BadDeviceToken`, one the app unregistered `Unregistered` (410),
  /// and a `liveactivity` push `DeviceTokenNotForTopic`; `nil` when it goes through.
  func misaddressedToDeviceToken(pushType: PushType?) -> (status: Int, reason: String, String)? {
    if !registration.issued {
      return (
        400, "BadDeviceToken",
        "the app never registered for remote notifications: no device token was issued"
      )
    }
    if !registration.registered {
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
