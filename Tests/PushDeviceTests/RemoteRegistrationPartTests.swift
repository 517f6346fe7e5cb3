import PushPayload
import Testing

@testable import PushDevice

/// The registration part on its own (Rules.md §15): what APNs answers a push to the app's
/// device token at each stage of the app's registration.
@Suite struct RemoteRegistrationPartTests {
  @Test func aTokenNeverIssuedIsABadDeviceToken() {
    var registration = RemoteRegistration()
    #expect(registration.refusal(pushType: .alert)?.reason == "BadDeviceToken")
    let failure = registration.register(entitled: false)
    #expect(failure == .missingEntitlement)
    #expect(!registration.issued && !registration.registered)
    #expect(registration.refusal(pushType: .alert)?.reason == "BadDeviceToken")
  }

  @Test func aRegisteredTokenTakesPushesButNotLiveActivityOnes() {
    var registration = RemoteRegistration()
    let failure = registration.register(entitled: true)
    #expect(failure == nil)
    #expect(registration.refusal(pushType: .alert) == nil)
    #expect(registration.refusal(pushType: nil) == nil)
    let liveActivity = registration.refusal(pushType: .liveactivity)
    #expect(liveActivity?.status == 400 && liveActivity?.reason == "DeviceTokenNotForTopic")
  }

  @Test func anUnregisteredTokenIsUnregisteredUntilTheAppRegistersAgain() {
    var registration = RemoteRegistration()
    var changed = registration.unregister()
    #expect(!changed)
    _ = registration.register(entitled: true)
    changed = registration.unregister()
    #expect(changed)
    changed = registration.unregister()
    #expect(!changed)
    let refusal = registration.refusal(pushType: .background)
    #expect(refusal?.status == 410 && refusal?.reason == "Unregistered")
    _ = registration.register(entitled: true)
    #expect(registration.refusal(pushType: .background) == nil)
  }
}
