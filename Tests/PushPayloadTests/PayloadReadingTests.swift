import Foundation
import PushPayload
import PushSimTestSupport
import Testing

@Suite struct PayloadReadingTests {
  static func payload(_ text: String, pushType: PushType? = nil) throws -> Payload {
    try Payload(document: JSONDocument(parsing: text), pushType: pushType)
  }

  static var seedURLs: [URL] {
    let folder = Repository.url("Examples/payloads")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
  }

  @Test func theSeedChatMessageReadsAsAnAppSeesIt() throws {
    let data = try Data(contentsOf: Repository.url("Examples/payloads/es-chat-message.json"))
    let payload = try Payload(document: JSONDocument(parsing: Array(data)))
    #expect(payload.diagnostics.isEmpty)
    #expect(payload.aps.alert?.title == "Nuevo mensaje")
    #expect(payload.aps.alert?.body == "¡Hola! ¿Cómo estás?")
    #expect(payload.aps.badge == 5)
    #expect(payload.aps.sound == Sound(name: "default"))
    #expect(payload.aps.category == "message")
    #expect(payload.aps.threadID == "chat_4521")
    #expect(payload.aps.mutableContent)
    #expect(!payload.aps.contentAvailable)
    #expect(payload.customKeys == ["sender-id", "chat-id", "message-type", "image-url"])
    #expect(payload.userInfo["chat-id"] as? String == "chat_4521")
    #expect((payload.userInfo["aps"] as? [AnyHashable: Any])?["badge"] as? Int == 5)
  }

  @Test func everySeedPayloadReadsWithoutDiagnostics() throws {
    #expect(Self.seedURLs.count == 15)
    for url in Self.seedURLs {
      let payload = try Payload(document: JSONDocument(parsing: Array(Data(contentsOf: url))))
      #expect(payload.diagnostics.isEmpty, "\(url.lastPathComponent): \(payload.diagnostics)")
    }
  }

  @Test func theLocalizedSeedCarriesKeysAndArguments() throws {
    let data = try Data(contentsOf: Repository.url("Examples/payloads/sr-localized.json"))
    let alert = try #require(Payload(document: JSONDocument(parsing: Array(data))).aps.alert)
    #expect(alert.titleLocKey == "NEW_MESSAGE_TITLE")
    #expect(alert.titleLocArguments == ["Ана"])
    #expect(alert.locKey == "NEW_MESSAGE_BODY")
    #expect(alert.locArguments == ["Здраво!"])
  }

  @Test func aStringAlertIsTheBody() throws {
    let payload = try Self.payload(#"{"aps": {"alert": "Hi"}}"#)
    #expect(payload.aps.alert == Alert(form: .string, body: "Hi"))
  }

  @Test func liveActivityAlertsTakeLocKeyObjectsAndEveryLiveActivityKey() throws {
    let payload = try Self.payload(
      """
      {"aps": {"timestamp": 1700000000, "event": "update", "content-state": {"score": 2},
        "stale-date": 1700003600, "dismissal-date": 1700007200, "relevance-score": 75,
        "attributes-type": "Match", "attributes": {"home": "A"}, "input-push-token": 1,
        "input-push-channel": "ch1",
        "alert": {"title": {"loc-key": "GOAL_TITLE", "loc-args": ["A", 2]},
                  "body": {"loc-key": "GOAL_BODY"}, "sound": "goal.caf"}}}
      """)
    let aps = payload.aps
    #expect(aps.event == "update")
    #expect(aps.timestamp == 1_700_000_000)
    #expect(aps.staleDate == 1_700_003_600)
    #expect(aps.dismissalDate == 1_700_007_200)
    #expect(aps.contentState?["score"]?.numberValue?.integer == 2)
    #expect(aps.attributesType == "Match")
    #expect(aps.attributes?["home"]?.stringValue == "A")
    #expect(aps.inputPushToken)
    #expect(aps.inputPushChannel == "ch1")
    #expect(aps.relevanceScore == 75)  // any number for a Live Activity
    #expect(aps.alert?.titleLocKey == "GOAL_TITLE")
    #expect(aps.alert?.titleLocArguments == ["A", "2"])
    #expect(aps.alert?.locKey == "GOAL_BODY")
    #expect(aps.alert?.sound?.name == "goal.caf")
    #expect(payload.diagnostics.map(\.path) == ["aps.alert.title.loc-args[1]"])
  }

  @Test func everyAlertKeyIsRead() throws {
    let payload = try Self.payload(
      """
      {"aps": {"alert": {"title": "T", "subtitle": "S", "body": "B", "launch-image": "L",
        "title-loc-key": "TK", "title-loc-args": ["1"], "subtitle-loc-key": "SK",
        "subtitle-loc-args": ["2"], "loc-key": "BK", "loc-args": ["3"], "action-loc-key": "AK",
        "action": "Open", "summary-arg": "Ana", "summary-arg-count": 2},
        "target-content-id": "scene", "filter-criteria": "work", "url-args": ["a"]}}
      """)
    let alert = try #require(payload.aps.alert)
    #expect(alert.title == "T")
    #expect(alert.subtitle == "S")
    #expect(alert.body == "B")
    #expect(alert.launchImage == "L")
    #expect(alert.titleLocKey == "TK")
    #expect(alert.titleLocArguments == ["1"])
    #expect(alert.subtitleLocKey == "SK")
    #expect(alert.subtitleLocArguments == ["2"])
    #expect(alert.locKey == "BK")
    #expect(alert.locArguments == ["3"])
    #expect(alert.actionLocKey == "AK")
    #expect(alert.action == "Open")
    #expect(alert.summaryArgument == "Ana")
    #expect(alert.summaryArgumentCount == 2)
    #expect(payload.aps.targetContentID == "scene")
    #expect(payload.aps.filterCriteria == "work")
    #expect(payload.aps.urlArguments == ["a"])
    #expect(alert.unknownKeys.isEmpty)
    #expect(payload.aps.unknownKeys.isEmpty)
  }

  @Test func criticalSoundDictionary() throws {
    let payload = try Self.payload(
      #"{"aps": {"sound": {"critical": 1, "name": "alarm.caf", "volume": 0.5}}}"#)
    #expect(
      payload.aps.sound
        == Sound(name: "alarm.caf", isCritical: true, volume: 0.5, form: .dictionary))
  }
}
