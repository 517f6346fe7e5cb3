import Foundation
import PushDevice
import PushPayload
import Testing

/// Rules.md §5: presentation, step by step.
@Suite struct PresentationTests {
  typealias T = DeviceTesting

  @Test(arguments: [NotificationAuthorization.Status.denied, .notDetermined])
  func withoutAuthorizationNothingIsShown(status: NotificationAuthorization.Status) async {
    var device = T.device(app: T.app(authorization: NotificationAuthorization(status: status)))
    device.receive(T.alert("hi", badge: 4), id: "a")
    #expect(device.status("a") == .suppressed)
    #expect(device.center.isEmpty)
    #expect(device.badge == 0)
    #expect(device.kinds("a").last == "suppressed")
  }

  @Test func provisionalIsQuietNotificationCenterOnly() async {
    var device = T.device(
      locked: true, app: T.app(authorization: NotificationAuthorization(status: .provisional)))
    device.receive(T.alert("hi", sound: "default", badge: 4), id: "a")
    #expect(device.status("a") == .delivered)
    #expect(device.notification("a")?.presentation == .listOnly)
    #expect(device.badge == 0)
    #expect(device.kinds("a").contains("provisional"))
  }

  @Test func inTheForegroundWithoutOptionsNothingIsShownOrKept() async {
    var device = T.device(app: T.app(state: .foreground))
    device.receive(T.alert("hi", sound: "default", badge: 2), id: "a")
    #expect(device.status("a") == .suppressed)
    #expect(device.events.events(for: "a").last?.source == .device)
    #expect(device.center.isEmpty)
    #expect(device.badge == 0)
  }

  @Test func inTheForegroundTheOptionsDecide() async {
    var device = T.device(app: T.app(state: .foreground, foreground: [.banner, .sound]))
    device.receive(T.alert("hi", sound: "default", badge: 2), id: "a")
    #expect(device.status("a") == .delivered)
    #expect(
      device.notification("a")?.presentation == Presentation(banner: true, sound: true, list: false)
    )
    #expect(device.center.isEmpty)
    #expect(device.badge == 0)  // no `badge` option

    var withList = T.device(app: T.app(state: .foreground, foreground: [.list, .badge]))
    withList.receive(T.alert("hi", badge: 2), id: "b")
    #expect(withList.center.map(\.notifications) == [["b"]])
    #expect(withList.badge == 2)
  }

  @Test func passiveIsListOnly() async {
    var device = T.device(locked: true)
    device.receive(T.alert("hi", level: "passive", sound: "default"), id: "a")
    #expect(device.notification("a")?.presentation == .listOnly)
  }

  @Test func activeOnALockedDeviceWakesTheLockScreenAndPlaysItsSound() async {
    var device = T.device(locked: true)
    device.receive(T.alert("hi", sound: "default"), id: "a")
    #expect(
      device.notification("a")?.presentation
        == Presentation(lockScreen: true, sound: true, wake: true, list: true))
    device.receive(T.alert("quiet"), id: "b")
    #expect(device.notification("b")?.presentation.sound == false)
  }

  @Test func activeOnAnUnlockedDeviceShowsABanner() async {
    var device = T.device(locked: false)
    device.receive(T.alert("hi"), id: "a")
    #expect(device.notification("a")?.presentation == Presentation(banner: true, list: true))
  }

  @Test func focusDeliversPassiveAndActiveSilently() async {
    let focus = FocusConfiguration(name: "Work", allowedApps: ["com.example.mail"])
    var device = T.device(locked: true, focus: focus)
    device.receive(T.alert("hi", sound: "default"), id: "a")
    #expect(device.notification("a")?.presentation == .listOnly)
    #expect(device.kinds("a").contains("focus"))

    let allowing = FocusConfiguration(name: "Work", allowedApps: ["com.example.chat"])
    var allowed = T.device(locked: true, focus: allowing)
    allowed.receive(T.alert("hi", sound: "default"), id: "b")
    #expect(allowed.notification("b")?.presentation.lockScreen == true)
  }

  @Test func timeSensitiveWithTheEntitlementBreaksThroughFocus() async {
    let focus = FocusConfiguration(name: "Work")
    var device = T.device(locked: true, focus: focus, app: T.app(entitlements: [.timeSensitive]))
    device.receive(T.alert("now", level: "time-sensitive", sound: "default"), id: "a")
    #expect(device.notification("a")?.presentation.sound == true)
    #expect(device.notification("a")?.presentation.lockScreen == true)
    #expect(device.notification("a")?.effectiveLevel == .timeSensitive)
  }

  @Test func timeSensitiveWithoutTheEntitlementBehavesAsActiveWithAWarning() async {
    var device = T.device(locked: true, focus: FocusConfiguration(name: "Work"))
    device.receive(T.alert("now", level: "time-sensitive", sound: "default"), id: "a")
    #expect(device.notification("a")?.presentation == .listOnly)
    #expect(device.notification("a")?.effectiveLevel == .active)
    #expect(device.notification("a")?.interruptionLevel == .timeSensitive)
    let diagnostic = device.diagnostics.first { $0.code == .timeSensitiveEntitlementMissing }
    #expect(diagnostic?.diagnostic.source == .model)
    #expect(diagnostic?.diagnostic.severity == .warning)
  }

  @Test func timeSensitiveTurnedOffByTheUserBehavesAsActive() async {
    var device = T.device(
      focus: FocusConfiguration(name: "Work"),
      app: T.app(
        entitlements: [.timeSensitive], settings: AppNotificationSettings(timeSensitive: false)))
    device.receive(T.alert("now", level: "time-sensitive"), id: "a")
    #expect(device.notification("a")?.effectiveLevel == .active)
    #expect(!device.codes("a").contains(.timeSensitiveEntitlementMissing))
  }

  @Test func criticalPlaysTheDefaultCriticalSoundEvenMutedAndInFocus() async {
    var device = T.device(
      locked: true, muted: true, focus: FocusConfiguration(name: "Sleep"),
      app: T.app(
        authorization: NotificationAuthorization(options: [.alert, .criticalAlert]),
        entitlements: [.criticalAlerts]))
    device.receive(T.alert("fire", level: "critical"), id: "a")
    let record = device.notification("a")
    #expect(record?.presentation.sound == true)
    #expect(record?.presentation.lockScreen == true)
    #expect(record?.sound == "default")
    #expect(record?.content.sound == .critical(name: nil, volume: nil))
  }

  @Test(arguments: [
    (
      Set<Entitlement>([]), Set<NotificationAuthorization.Option>([.alert, .sound, .criticalAlert])
    ),
    (Set<Entitlement>([.criticalAlerts]), Set<NotificationAuthorization.Option>([.alert, .sound])),
  ])
  func criticalWithoutEntitlementOrAuthorizationBehavesAsActive(
    entitlements: Set<Entitlement>, options: Set<NotificationAuthorization.Option>
  ) async {
    var device = T.device(
      locked: true, muted: true,
      app: T.app(
        authorization: NotificationAuthorization(options: options), entitlements: entitlements))
    device.receive(T.alert("fire", level: "critical", sound: "default"), id: "a")
    #expect(device.notification("a")?.effectiveLevel == .active)
    #expect(device.notification("a")?.presentation.sound == false)  // muted
    #expect(device.codes("a").contains(.criticalNotAllowed))
  }

  /// `sound: {critical: 1}` with no interruption-level: Apple documents the flag alone as a
  /// critical alert.
  static let criticalFlagOnly: JSONValue = [
    "aps": ["alert": "Smoke detected", "sound": ["critical": 1, "name": "default", "volume": 1.0]]
  ]

  @Test func criticalSoundFlagAloneIsACriticalAlertThatPlaysMuted() async {
    var device = T.device(
      locked: true, muted: true,
      app: T.app(
        authorization: NotificationAuthorization(options: [.alert, .sound, .criticalAlert]),
        entitlements: [.criticalAlerts]))
    device.receive(Self.criticalFlagOnly, id: "a")
    #expect(device.notification("a")?.effectiveLevel == .critical)
    #expect(device.notification("a")?.presentation.sound == true)
    #expect(!device.codes("a").contains(.criticalSoundLevel))
  }

  @Test func criticalSoundFlagAloneWithoutTheEntitlementSaysItBehavesAsActive() async {
    var device = T.device(locked: true, muted: true)
    device.receive(Self.criticalFlagOnly, id: "a")
    #expect(device.notification("a")?.effectiveLevel == .active)
    #expect(device.notification("a")?.presentation.sound == false)
    let finding = device.diagnostics.first { $0.code == .criticalNotAllowed }
    #expect(finding?.diagnostic.path == "aps.sound.critical")
    #expect(finding?.diagnostic.message.hasPrefix("a critical sound without") == true)
  }

  @Test func soundNeedsTheSoundAuthorizationAndAnUnmutedDevice() async {
    var muted = T.device(muted: true)
    muted.receive(T.alert("hi", sound: "default"), id: "a")
    #expect(muted.notification("a")?.presentation.sound == false)
    #expect(muted.notification("a")?.sound == "default")

    var unauthorized = T.device(
      app: T.app(authorization: NotificationAuthorization(options: [.alert])))
    unauthorized.receive(T.alert("hi", sound: "default"), id: "b")
    #expect(unauthorized.notification("b")?.presentation.sound == false)
  }

  @Test func aSoundTheAppDoesNotShipPlaysTheDefaultWithAWarning() async {
    var device = T.device(app: T.app(sounds: ["ping.caf"]))
    device.receive(T.alert("hi", sound: "missing.caf"), id: "a")
    device.receive(T.alert("hi", sound: "ping.caf"), id: "b")
    #expect(device.notification("a")?.sound == "default")
    #expect(device.notification("a")?.presentation.sound == true)
    #expect(device.codes("a").contains(.soundNotShipped))
    #expect(device.notification("b")?.sound == "ping.caf")
    #expect(!device.codes("b").contains(.soundNotShipped))
  }

  @Test func badgeNumberSetsZeroClearsAbsentLeaves() async {
    var device = T.device()
    device.receive(T.alert("a", badge: 5), id: "a")
    #expect(device.badge == 5)
    device.receive(T.alert("b"), id: "b")
    #expect(device.badge == 5)
    device.receive(T.alert("c", badge: 0), id: "c")
    #expect(device.badge == 0)
    #expect(device.events.events(ofKind: .badge).count == 2)
  }

  @Test func badgeNeedsTheBadgeAuthorization() async {
    var device = T.device(app: T.app(authorization: NotificationAuthorization(options: [.alert])))
    device.receive(T.alert("a", badge: 5), id: "a")
    #expect(device.badge == 0)
    #expect(device.kinds("a").contains("badge.unchanged"))
  }

  @Test func alertsNotAuthorizedStillReachNotificationCenter() async {
    var device = T.device(app: T.app(authorization: NotificationAuthorization(options: [.sound])))
    device.receive(T.alert("a"), id: "a")
    #expect(device.notification("a")?.presentation == .listOnly)
  }

  @Test func previewsShownAlwaysByDefault() async {
    var device = T.device(locked: true)
    device.receive(T.alert("Hi there", title: "Ana"), id: "a")
    #expect(
      device.notification("a")?.lockScreenText == LockScreenText(title: "Ana", body: "Hi there"))
  }

  @Test func hiddenPreviewsShowTheAppNameAndPlaceholder() async {
    let category = NotificationCategory(
      id: "message", options: [.hiddenPreviewsShowSubtitle],
      hiddenPreviewsBodyPlaceholder: "%u new messages")
    var device = T.device(
      locked: true,
      app: T.app(settings: AppNotificationSettings(showPreviews: .never), categories: [category]))
    device.receive(T.alert("1", title: "Ana", thread: "t", category: "message"), id: "a")
    device.receive(T.alert("2", title: "Ana", thread: "t", category: "message"), id: "b")
    device.receive(T.alert("3", title: "Luis"), id: "c")
    #expect(
      device.notification("b")?.lockScreenText
        == LockScreenText(title: "Chat", body: "2 new messages", hidden: true))
    #expect(
      device.notification("c")?.lockScreenText
        == LockScreenText(title: "Chat", body: "Notification", hidden: true))
  }

  @Test func hiddenPreviewsCanKeepTheTitle() async {
    let category = NotificationCategory(id: "message", options: [.hiddenPreviewsShowTitle])
    var device = T.device(
      locked: true,
      app: T.app(settings: AppNotificationSettings(showPreviews: .never), categories: [category]))
    device.receive(T.alert("secret", title: "Ana", category: "message"), id: "a")
    #expect(
      device.notification("a")?.lockScreenText
        == LockScreenText(title: "Ana", body: "Notification", hidden: true))
  }

  @Test func whenUnlockedHidesOnlyWhileLocked() async {
    var device = T.device(
      locked: true, app: T.app(settings: AppNotificationSettings(showPreviews: .whenUnlocked)))
    device.receive(T.alert("secret", title: "Ana"), id: "a")
    #expect(device.notification("a")?.lockScreenText.hidden == true)
    var configuration = device.configuration
    configuration.locked = false
    device.setDevice(configuration)
    #expect(
      device.notification("a")?.lockScreenText == LockScreenText(title: "Ana", body: "secret"))
  }
}

/// The text-truncation rule belongs to the device's presentation (Rules.md §9.7): every view
/// (render, run, expect.diagnostics, docs) sees the same `text-truncated` finding.
@Suite struct TruncationTests {
  static let long = String(repeating: "The courier is at the door with your parcel. ", count: 6)

  @Test func aLongBodyOnABannerIsReported() {
    var device = DeviceTesting.device()
    device.receive(DeviceTesting.alert(Self.long, title: "Delivery"), id: "m1")
    let found = device.diagnostics.filter { $0.push == "m1" && $0.code == .textTruncated }
    #expect(found.count == 1)
    #expect(found.first?.diagnostic.message.contains("the banner shows 2") == true)
    #expect(found.first?.diagnostic.source == .lint)
  }

  @Test func shortTextAndHiddenPreviewsAreNot() {
    var device = DeviceTesting.device()
    device.receive(DeviceTesting.alert("See you at 8"), id: "m1")
    var hidden = DeviceTesting.device(
      locked: true, app: DeviceTesting.app(settings: AppNotificationSettings(showPreviews: .never)))
    hidden.receive(DeviceTesting.alert(Self.long), id: "m2")
    #expect(!device.codes("m1").contains(.textTruncated))
    #expect(!hidden.codes("m2").contains(.textTruncated))
  }
}
