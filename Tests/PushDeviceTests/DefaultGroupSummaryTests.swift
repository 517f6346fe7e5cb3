import PushDevice
import PushPayload
import Testing

/// The default group summary is grammatical for every count and follows the device's language.
@Suite struct DefaultGroupSummaryTests {
  @Test(arguments: [
    ("en", 1, "%u more notification"), ("en", 2, "%u more notifications"),
    ("en", 21, "%u more notifications"),
    ("es", 1, "%u notificación más"), ("es", 5, "%u notificaciones más"),
    ("es-MX", 1_000_000, "%u de notificaciones más"),
    ("cs", 1, "%u další oznámení"), ("cs", 3, "%u další oznámení"),
    ("cs", 5, "%u dalších oznámení"),
    ("sr", 1, "још %u обавештење"), ("sr", 21, "још %u обавештење"),
    ("sr", 3, "још %u обавештења"), ("sr", 11, "још %u обавештења"),
    ("sr-Latn", 1, "još %u obaveštenje"), ("sr-Latn-RS", 4, "još %u obaveštenja"),
    ("ja", 1, "%u more notification"),
  ])
  func formatFollowsTheLanguageAndItsPluralCategory(
    language: String, count: Int, format: String
  ) {
    #expect(DefaultGroupSummary.format(count: count, languages: [language, "en"]) == format)
  }

  @Test func aGroupOfTwoSaysOneMoreNotificationInTheDeviceLanguage() async {
    var english = Device(app: AppConfiguration(bundleId: "com.example.app"))
    var czech = Device(
      configuration: DeviceConfiguration(languages: ["cs", "en"]),
      app: AppConfiguration(bundleId: "com.example.app"))
    for id in ["a", "b"] {
      let payload: JSONValue = ["aps": ["alert": .init(.string(id)), "thread-id": "t"]]
      english.receive(payload, id: id)
      czech.receive(payload, id: id)
    }
    #expect(english.center.first?.summary == "1 more notification")
    #expect(czech.center.first?.summary == "1 další oznámení")
  }
}
