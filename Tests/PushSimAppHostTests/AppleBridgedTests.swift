import Foundation
import PushDevice
import PushPayload
import PushSimTestSupport
import Testing
import UserNotifications

@testable import PushSimAppHost

/// Each vocabulary bridged between Apple's mirror and the device has one table
/// (``AppleBridged``): every device case round-trips through Apple's value, and every value
/// Apple's type declares maps to a device case or is named as having no counterpart.
@Suite struct AppleBridgedTests {
  /// The options `type` declares in its mirror source (`public static let name = Type(rawValue:
  /// 1 << n)`), by name: read from the source, so an option added to the mirror is checked.
  static func declaredOptions(of type: String, in file: String) throws -> [(String, UInt)] {
    let text = try String(
      contentsOf: Repository.url("Sources/UserNotifications/\(file)"), encoding: .utf8)
    let regex = try Regex(#"static let (\w+) = "# + type + #"\(rawValue: 1 << (\d+)\)"#)
    let options = text.matches(of: regex).compactMap { match -> (String, UInt)? in
      guard let name = match.output[1].substring, let bit = match.output[2].substring,
        let shift = UInt(bit)
      else { return nil }
      return (String(name), 1 << shift)
    }
    try #require(!options.isEmpty, "no options of \(type) in \(file)")
    return options
  }

  /// Checks one option table both ways.
  static func checkOptions<Option: AppleBridgedOption>(
    _: Option.Type, declaredBy type: String, in file: String
  ) throws where Option.Apple.RawValue == UInt {
    for option in Option.allCases {
      #expect(Option.deviceOptions(option.apple) == [option], "\(option) does not round-trip")
      #expect(!Option.appleOnly.contains(option.apple), "\(option) is also named Apple's only")
    }
    let all = Set(Option.allCases)
    #expect(Option.deviceOptions(Option.appleOptions(all)) == all)
    #expect(Option.appleOptions([]) == [] && Option.deviceOptions([]) == [])
    for (name, raw) in try declaredOptions(of: type, in: file) {
      let apple = Option.Apple(rawValue: raw)
      let mapped = Option.deviceOptions(apple)
      if Option.appleOnly.contains(apple) {
        #expect(mapped.isEmpty, "\(type).\(name) is both mapped and Apple's only")
      } else {
        #expect(mapped.count == 1, "\(type).\(name) has no device counterpart and is not named")
        #expect(Option.appleOptions(mapped) == apple, "\(type).\(name) does not round-trip")
      }
    }
  }

  @Test("category options: one table, both ways")
  func categoryOptions() throws {
    try Self.checkOptions(
      NotificationCategory.Option.self, declaredBy: "UNNotificationCategoryOptions",
      in: "Actions/UNNotificationCategory.swift")
    let category = UNNotificationCategory(
      NotificationCategory(id: "c", options: Set(NotificationCategory.Option.allCases)))
    #expect(category.deviceCategory.options == Set(NotificationCategory.Option.allCases))
  }

  @Test("action options: one table, both ways")
  func actionOptions() throws {
    try Self.checkOptions(
      NotificationAction.Option.self, declaredBy: "UNNotificationActionOptions",
      in: "Actions/UNNotificationAction.swift")
    let action = UNNotificationAction.make(
      NotificationAction(id: "a", options: Set(NotificationAction.Option.allCases)))
    #expect(action.deviceAction.options == Set(NotificationAction.Option.allCases))
  }

  @Test("presentation options: one table, both ways; .alert reads as banner and list")
  func presentationOptions() throws {
    try Self.checkOptions(
      PresentationOption.self, declaredBy: "UNNotificationPresentationOptions",
      in: "Center/UNOptions.swift")
    #expect(
      HostedDelegate.presentationOptions(PresentationOption.appleAlert.union(.sound))
        == [.banner, .list, .sound])
  }

  @Test("authorization options: one table, both ways")
  func authorizationOptions() throws {
    try Self.checkOptions(
      NotificationAuthorization.Option.self, declaredBy: "UNAuthorizationOptions",
      in: "Center/UNOptions.swift")
  }

  @Test("interruption levels: every level of both sides maps, and back")
  func interruptionLevels() {
    for level in InterruptionLevel.allCases {
      #expect(InterruptionLevel.device(level.apple) == level)
    }
    let apple = (0..<16).compactMap { UNNotificationInterruptionLevel(rawValue: $0) }
    #expect(apple.count == InterruptionLevel.allCases.count)
    for level in apple { #expect(InterruptionLevel.device(level)?.apple == level) }
    for level in InterruptionLevel.allCases {
      let content = UNNotificationContent(NotificationContent(interruptionLevel: level))
      #expect(content.interruptionLevel == level.apple)
      #expect(content.deviceContent.interruptionLevel == level)
    }
  }

  @Test("authorization status: every device status maps; only ephemeral is Apple's only")
  func authorizationStatus() {
    for status in NotificationAuthorization.Status.allCases {
      #expect(NotificationAuthorization.Status.device(status.apple) == status)
    }
    let unmapped = (0..<16).compactMap { UNAuthorizationStatus(rawValue: $0) }
      .filter { NotificationAuthorization.Status.device($0) == nil }
    #expect(unmapped == [.ephemeral])
  }

  @Test(
    "sounds: every device sound round-trips through UNNotificationSound",
    arguments: [
      NotificationSound.default, .named("chime.caf"), .critical(name: nil, volume: nil),
      .critical(name: "alarm.caf", volume: 0.5),
    ])
  func sounds(sound: NotificationSound) {
    #expect(UNNotificationSound(deviceSound: sound).deviceSound == sound)
  }

  @Test("sounds: Apple's ringtones are named sounds, a critical volume is clamped")
  func appleSounds() {
    #expect(UNNotificationSound.defaultRingtone.deviceSound == .default)
    #expect(
      UNNotificationSound.ringtoneSoundNamed(UNNotificationSoundName("r.caf")).deviceSound
        == .named("r.caf"))
    #expect(
      UNNotificationSound.defaultCriticalSound(withAudioVolume: 3).deviceSound
        == .critical(name: nil, volume: 1))
  }
}
