import PushPayload
import Testing

/// Payload readings that used to differ from iOS, and typos a newcomer makes in a payload.
@Suite struct PayloadTypoAndReadingTests {
  static func messages(
    _ body: String, _ headers: PushHeaders = PushHeaders(pushType: "alert", priority: "10")
  ) -> [String: String] {
    var found: [String: String] = [:]
    for diagnostic in PayloadValidation(body: Array(body.utf8), headers: headers).diagnostics {
      if let path = diagnostic.path { found[path] = diagnostic.message }
    }
    return found
  }

  @Test func misspelledKeysNameTheKeyTheyResemble() {
    let found = Self.messages(
      #"{"aps":{"alert":{"titel":"Hi","body":"b"},"thread_id":"t","contentAvailable":1}}"#)
    #expect(
      found["aps.alert.titel"]
        == #"'titel' is not an alert key; it is ignored: did you mean "title"?"#)
    #expect(found["aps.thread_id"] == #"'thread_id' is not an aps key: did you mean "thread-id"?"#)
    #expect(
      found["aps.contentAvailable"]
        == #"'contentAvailable' is not an aps key: did you mean "content-available"?"#)
    // A custom key that resembles nothing keeps the general advice.
    #expect(
      Self.messages(#"{"aps":{"alert":"a","acme-order":1}}"#)["aps.acme-order"]
        == "'acme-order' is not an aps key: APNs ignores custom keys inside aps; put app data at the top level"
    )
  }

  @Test func soundInsideTheAlertOfAnAlertPushIsIgnoredAndSaidSo() {
    let body = #"{"aps":{"alert":{"title":"Hi","sound":"default"}}}"#
    #expect(Self.messages(body)["aps.alert.sound"]?.contains("no sound plays") == true)
    let live =
      #"{"aps":{"event":"update","content-state":{},"timestamp":1,"alert":{"title":"Hi","sound":"default"}}}"#
    #expect(Self.messages(live, PushHeaders(pushType: "liveactivity"))["aps.alert.sound"] == nil)
  }

  @Test func criticalFlagAloneReadsAsACriticalAlert() throws {
    let payload = try #require(
      PayloadValidation(
        body: Array(#"{"aps":{"alert":"a","sound":{"critical":1,"name":"default"}}}"#.utf8),
        headers: PushHeaders(pushType: "alert")
      ).payload)
    #expect(payload.aps.effectiveInterruptionLevel == .critical)
    let activeWins = Self.messages(
      #"{"aps":{"alert":"a","interruption-level":"active","sound":{"critical":1}}}"#)
    #expect(
      activeWins["aps.sound.critical"]?.hasPrefix("a critical sound on an active notification")
        == true)
  }
}
