import ActivityKit
import PushDevice
import PushSimAppHost
import Testing

/// `ActivityAuthorizationInfo`'s sequence types and `ActivityAuthorizationError`'s
/// `LocalizedError` and `CustomNSError` members, under Apple's names.
@Suite struct ActivityAuthorizationTests {
  @Test("frequentPushEnablementUpdates is a FrequentPushEnablementUpdates and follows Settings")
  func frequentPushEnablementUpdatesFollowSettings() async throws {
    var app = AppConfiguration(bundleId: "com.example.delivery", state: .foreground)
    app.liveActivities.supportsFrequentUpdates = true
    app.liveActivities.frequentUpdates = false
    let phone = DeviceHost(app: app)
    let updates: ActivityAuthorizationInfo.FrequentPushEnablementUpdates = await phone.runApp {
      ActivityAuthorizationInfo().frequentPushEnablementUpdates
    }
    var frequent = updates.makeAsyncIterator()
    #expect(await phone.runApp { ActivityAuthorizationInfo().frequentPushesEnabled } == false)

    app.liveActivities.frequentUpdates = true
    await phone.setApp(app)
    // The app's code sees the change when it next runs (the sequence buffers it).
    try #require(await phone.runApp { ActivityAuthorizationInfo().frequentPushesEnabled })
    #expect(await frequent.next() == true)
  }

  @Test("ActivityAuthorizationError is a LocalizedError and a CustomNSError, as Apple declares")
  func errorDescribesItself() {
    let error = ActivityAuthorizationError.denied
    #expect(
      ActivityAuthorizationError.errorDomain == "com.apple.ActivityKit.ActivityAuthorizationError")
    #expect(error.errorCode == 1)
    #expect(ActivityAuthorizationError.visibility.errorCode == 11)
    #expect(error.failureReason == "Live Activities are turned off for the app in Settings.")
    #expect(error.recoverySuggestion == "Turn Live Activities on for the app in Settings.")
    // Apple declares neither: the protocols' defaults.
    #expect(error.errorDescription == nil)
    #expect(error.errorUserInfo.isEmpty)

    let localized: any LocalizedError = ActivityAuthorizationError.attributesTooLarge
    #expect(localized.failureReason?.contains("4 KB") == true)
    let custom: any CustomNSError = ActivityAuthorizationError.attributesTooLarge
    #expect(custom.errorCode == 0)
  }

  @Test("every case has its own code, a reason and a suggestion")
  func everyCaseIsDescribed() {
    let all: [ActivityAuthorizationError] = [
      .attributesTooLarge, .denied, .globalMaximumExceeded, .malformedActivityIdentifier,
      .missingProcessIdentifier, .persistenceFailure, .reconnectNotPermitted,
      .targetMaximumExceeded, .unentitled, .unsupported, .unsupportedTarget, .visibility,
    ]
    #expect(all.map(\.errorCode) == Array(0..<12))
    #expect(all.allSatisfy { $0.failureReason?.isEmpty == false })
    #expect(all.allSatisfy { $0.recoverySuggestion?.isEmpty == false })
  }
}
