import Foundation
import PushSimAppHost
import Testing

@testable import UserNotifications

@Suite("Sounds, levels and options")
struct SoundAndOptionsTests {
  @Test("each sound constructor makes the sound it names")
  func soundConstructors() {
    #expect(UNNotificationSound.default.kind == .default)
    #expect(UNNotificationSound.defaultCritical.kind == .critical(name: nil, volume: nil))
    #expect(UNNotificationSound.defaultRingtone.kind == .defaultRingtone)
    #expect(
      UNNotificationSound(named: UNNotificationSoundName("ping.caf")).kind == .named("ping.caf"))
    #expect(
      UNNotificationSound.ringtoneSoundNamed(UNNotificationSoundName(rawValue: "ring.caf")).kind
        == .ringtone("ring.caf"))
    #expect(
      UNNotificationSound.criticalSoundNamed(UNNotificationSoundName("alarm.caf")).kind
        == .critical(name: "alarm.caf", volume: nil))
    #expect(
      UNNotificationSound.criticalSoundNamed(
        UNNotificationSoundName("alarm.caf"), withAudioVolume: 0.8
      )
      .kind == .critical(name: "alarm.caf", volume: 0.8))
    #expect(
      UNNotificationSound.defaultCriticalSound(withAudioVolume: 0.3).kind
        == .critical(name: nil, volume: 0.3))
    #expect(UNNotificationSound.defaultCritical.isCritical)
    #expect(!UNNotificationSound.default.isCritical)
  }

  @Test("sounds made the same way are equal, as content comparisons need")
  func soundEquality() {
    #expect(UNNotificationSound.default == UNNotificationSound.default)
    #expect(UNNotificationSound.default != UNNotificationSound.defaultCritical)
    let content = UNMutableNotificationContent()
    content.sound = .default
    #expect(content.sound == .default)
  }

  @Test("a critical volume outside 0…1 is clamped for the device")
  func criticalVolumeClamped() {
    let sound = UNNotificationSound.defaultCriticalSound(withAudioVolume: 3)
    #expect(sound.deviceSound == .critical(name: nil, volume: 1))
  }

  @Test("interruption levels and option sets have Apple's raw values")
  func rawValues() {
    #expect(UNNotificationInterruptionLevel.passive.rawValue == 0)
    #expect(UNNotificationInterruptionLevel.critical.rawValue == 3)
    #expect(UNNotificationPresentationOptions.banner.rawValue == 16)
    #expect(UNNotificationPresentationOptions.list.rawValue == 8)
    #expect(UNAuthorizationOptions.provisional.rawValue == 64)
    #expect(UNNotificationActionOptions.foreground.rawValue == 4)
    #expect(UNNotificationCategoryOptions.customDismissAction.rawValue == 1)
    #expect(UNAuthorizationStatus.ephemeral.rawValue == 4)
    #expect(UIBackgroundFetchResult.failed.rawValue == 2)
    #expect(
      UNNotificationDefaultActionIdentifier == "com.apple.UNNotificationDefaultActionIdentifier")
    #expect(
      UNNotificationDismissActionIdentifier == "com.apple.UNNotificationDismissActionIdentifier")
  }

  @Test("categories and actions keep what they were made with and compare by value in a Set")
  func categoriesAndActions() {
    let reply = UNTextInputNotificationAction(
      identifier: "reply", title: "Reply", options: [], textInputButtonTitle: "Send",
      textInputPlaceholder: "Message")
    let like = UNNotificationAction(
      identifier: "like", title: "Like", options: [.foreground],
      icon: UNNotificationActionIcon(systemImageName: "hand.thumbsup"))
    let category = UNNotificationCategory(
      identifier: "message", actions: [reply, like], intentIdentifiers: [],
      hiddenPreviewsBodyPlaceholder: "%u new messages", options: [.customDismissAction])
    #expect(category.actions.map(\.identifier) == ["reply", "like"])
    #expect(category.hiddenPreviewsBodyPlaceholder == "%u new messages")
    #expect(category.categorySummaryFormat == "")
    #expect(category.options.contains(.customDismissAction))
    #expect(like.icon == UNNotificationActionIcon(systemImageName: "hand.thumbsup"))
    #expect(reply.textInputButtonTitle == "Send" && reply.textInputPlaceholder == "Message")
    let same = UNNotificationCategory(
      identifier: "message", actions: [reply, like], intentIdentifiers: [],
      hiddenPreviewsBodyPlaceholder: "%u new messages", options: [.customDismissAction])
    #expect(Set([category, same]).count == 1)
    let plain = UNNotificationAction(identifier: "reply", title: "Reply", options: [])
    #expect(plain != reply)
  }
}
