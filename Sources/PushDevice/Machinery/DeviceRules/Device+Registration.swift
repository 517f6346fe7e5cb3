import PushCore
import PushPayload

/// Why the app's `registerForRemoteNotifications()` failed (Rules.md §15).
package struct RegistrationFailure: Error, Sendable, Hashable {
  /// The `NSError` domain iOS reports.
  package var domain: String
  /// The `NSError` code iOS reports.
  package var code: Int
  /// The error's `localizedDescription`.
  package var description: String

  /// No `aps-environment` entitlement: the message iOS logs (observed, not documented by Apple;
  /// Rules.md §15).
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
    if let failure = registration.register(entitled: app.entitlements.contains(.apsEnvironment)) {
      log(
        DeviceEvent.AppRegistrationFailed(domain: failure.domain, code: failure.code), nil,
        .device,
        "registerForRemoteNotifications fails: \(failure.description); the app delegate's "
          + "didFailToRegisterForRemoteNotificationsWithError runs")
      return .failure(failure)
    }
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
    guard registration.unregister() else { return }
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
    registration.refusal(pushType: pushType)
  }
}
