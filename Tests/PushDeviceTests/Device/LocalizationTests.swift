import Foundation
import PushDevice
import PushLocalization
import PushPayload
import Testing

/// Rules.md §3 as the device applies it: content is localized for the device's
/// languages before presentation; category texts use the chosen table too.
@Suite struct DeviceLocalizationTests {
  static let strings = StringsBundle(
    developmentRegion: "en",
    tables: [
      "en": StringsTable(strings: [
        "NEW_MESSAGE_TITLE": "New message from %@", "NEW_MESSAGE_BODY": "%@",
        "%u more messages": "%u more messages (en)",
      ]),
      "es": StringsTable(strings: [
        "NEW_MESSAGE_TITLE": "Nuevo mensaje de %@", "NEW_MESSAGE_BODY": "%@",
        "%u more messages": "%u mensajes más",
      ]),
    ])

  static let payload: JSONValue = [
    "aps": [
      "alert": [
        "title-loc-key": "NEW_MESSAGE_TITLE", "title-loc-args": ["Ana"],
        "loc-key": "NEW_MESSAGE_BODY", "loc-args": ["¡Hola!"],
      ],
      "thread-id": "t", "category": "message",
    ]
  ]

  static func device(languages: [String]) -> Device {
    Device(
      configuration: DeviceConfiguration(languages: languages),
      app: AppConfiguration(
        categories: [NotificationCategory(id: "message", summaryFormat: "%u more messages")]),
      strings: strings)
  }

  @Test func contentIsLocalizedForTheDeviceLanguage() async {
    var device = Self.device(languages: ["es-MX", "en"])
    device.receive(Self.payload, id: "m1")
    #expect(device.notification("m1")?.title == "Nuevo mensaje de Ana")
    #expect(device.notification("m1")?.body == "¡Hola!")
  }

  @Test func changingTheLanguagesMidRunAffectsLaterPushes() async {
    var device = Self.device(languages: ["es"])
    device.receive(Self.payload, id: "m1")
    var configuration = device.configuration
    configuration.languages = ["en"]
    device.setDevice(configuration)
    device.receive(Self.payload, id: "m2")
    #expect(device.notification("m1")?.title == "Nuevo mensaje de Ana")
    #expect(device.notification("m2")?.title == "New message from Ana")
    #expect(device.center.first?.summary == "1 more messages (en)")
  }

  @Test func theSummaryFormatIsLookedUpInTheTable() async {
    var device = Self.device(languages: ["es"])
    device.receive(Self.payload, id: "m1")
    device.receive(Self.payload, id: "m2")
    #expect(device.center.first?.summary == "1 mensajes más")
  }

  @Test func aMissingLocKeyShowsTheKeyWithADiagnostic() async {
    var device = Device()
    device.receive(["aps": ["alert": ["loc-key": "MISSING_KEY"]]], id: "m1")
    #expect(device.notification("m1")?.body == "MISSING_KEY")
    let diagnostic = device.diagnostics.first { $0.code == .locKeyMissing }
    #expect(diagnostic?.push == "m1")
    #expect(diagnostic?.diagnostic.source == .device)
  }
}
