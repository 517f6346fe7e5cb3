import PushCore
import PushPayload
import Testing

/// The push-type rules of `validate` and lint: the topic suffix names the type when the header
/// is missing, the priorities and expirations each type wants, and the shape of a Live Activity
/// payload (Rules.md §1; Codes.md).
@Suite struct PushTypeRuleTests {
  static func validation(_ body: String, _ headers: PushHeaders) -> PayloadValidation {
    PayloadValidation(body: Array(body.utf8), headers: headers)
  }

  static func diagnostic(_ code: DiagnosticCode, _ body: String, _ headers: PushHeaders)
    -> Diagnostic?
  {
    validation(body, headers).diagnostics.first { $0.code == code }
  }

  static let update =
    #"{"aps":{"event":"update","timestamp":1767258010,"content-state":{"status":"Cooking"}}}"#

  @Test(arguments: [
    ("com.example.app.voip", PushType.voip),
    ("com.example.app.voip-ptt", .pushtotalk),
    ("com.example.app.push-type.liveactivity", .liveactivity),
    ("com.example.app.complication", .complication),
    ("com.example.app.pushkit.fileprovider", .fileprovider),
    ("com.example.app.location-query", .location),
    ("com.example.app.push-type.widgets", .widgets),
    ("com.example.app.push-type.controls", .controls),
  ])
  func aTopicSuffixNamesThePushTypeWhenTheHeaderIsMissing(topic: String, type: PushType) throws {
    let validation = Self.validation(#"{"aps":{"alert":"Hi"}}"#, PushHeaders(topic: topic))
    #expect(validation.verdict.accepted)
    #expect(validation.verdict.pushType == type)
    #expect(validation.verdict.pushTypeWasInferred)
    let inferred = try #require(validation.diagnostics.first { $0.code == .pushTypeInferred })
    #expect(inferred.source == .model)
    #expect(inferred.message.contains("from the apns-topic suffix"))
  }

  @Test func aBareBundleIDOrASuffixAloneDoesNotNameAType() {
    #expect(PushType(topicSuffixOf: "com.example.app") == nil)
    #expect(PushType(topicSuffixOf: ".voip") == nil)
    #expect(PushType(topicSuffixOf: "com.example.app.voipx") == nil)
    // Without a suffix the payload decides, as before.
    let alert = Self.validation(
      #"{"aps":{"alert":"Hi"}}"#, PushHeaders(topic: "com.example.app"))
    #expect(alert.verdict.pushType == .alert)
  }

  @Test func voipSizeLimitFollowsTheTopicWhenTheHeaderIsMissing() {
    let body = #"{"aps":{},"pad":""# + String(repeating: "x", count: 4500) + #""}"#
    let voip = Self.validation(body, PushHeaders(topic: "com.example.app.voip"))
    #expect(voip.verdict.accepted)
    #expect(voip.verdict.limit == 5120)
  }

  @Test func liveActivityKeysOnAnAlertPushAreAMismatch() throws {
    let mismatch = try #require(
      Self.diagnostic(
        .pushTypeMismatch, Self.update,
        PushHeaders(pushType: "alert", topic: "com.example.app")))
    #expect(mismatch.source == .apns)
    #expect(mismatch.message.contains("liveactivity"))
    #expect(
      Self.diagnostic(
        .pushTypeMismatch, Self.update,
        PushHeaders(pushType: "liveactivity", topic: "com.example.app.push-type.liveactivity"))
        == nil)
    let notAnActivity = try #require(
      Self.diagnostic(
        .pushTypeMismatch, #"{"aps":{"alert":"Hi"}}"#, PushHeaders(pushType: "liveactivity")))
    #expect(notAnActivity.message.contains("neither event nor content-state"))
  }

  @Test func priorityPerPushType() throws {
    let one = try #require(
      Self.diagnostic(
        .pushTypePriority, Self.update, PushHeaders(pushType: "liveactivity", priority: "1")))
    #expect(one.source == .model)
    #expect(one.path == "apns-priority")
    for priority in ["5", "10"] {
      #expect(
        Self.diagnostic(
          .pushTypePriority, Self.update,
          PushHeaders(pushType: "liveactivity", priority: priority)) == nil)
    }
    let ptt = try #require(
      Self.diagnostic(
        .pushTypePriority, #"{"aps":{}}"#,
        PushHeaders(pushType: "pushtotalk", priority: "5", expiration: "0")))
    #expect(ptt.source == .apns)
    #expect(
      Self.diagnostic(
        .pushTypePriority, #"{"aps":{}}"#,
        PushHeaders(pushType: "pushtotalk", priority: "10", expiration: "0")) == nil)
  }

  @Test func callsAndPushToTalkWantAShortExpiration() throws {
    let voip = try #require(
      Self.diagnostic(.pushTypeExpiration, #"{"aps":{}}"#, PushHeaders(pushType: "voip")))
    #expect(voip.severity == .info)
    #expect(
      Self.diagnostic(
        .pushTypeExpiration, #"{"aps":{}}"#, PushHeaders(pushType: "voip", expiration: "0"))
        == nil)
    #expect(
      Self.diagnostic(
        .pushTypeExpiration, #"{"aps":{}}"#,
        PushHeaders(pushType: "pushtotalk", expiration: "1767258000")) != nil)
    #expect(
      Self.diagnostic(
        .pushTypeExpiration, #"{"aps":{"alert":"Hi"}}"#, PushHeaders(pushType: "alert"))
        == nil)
  }

  @Test func liveActivityPayloadShape() throws {
    let headers = PushHeaders(pushType: "liveactivity")
    let noTimestamp = try #require(
      Self.diagnostic(
        .liveActivityTimestampMissing, #"{"aps":{"event":"update","content-state":{}}}"#, headers))
    #expect(noTimestamp.path == "aps.timestamp")
    #expect(noTimestamp.source == .apns)
    let noState = try #require(
      Self.diagnostic(
        .liveActivityContentStateMissing, #"{"aps":{"event":"update","timestamp":1767258010}}"#,
        headers))
    #expect(noState.path == "aps.content-state")
    // An end may leave the content as it is.
    #expect(
      Self.diagnostic(
        .liveActivityContentStateMissing, #"{"aps":{"event":"end","timestamp":1767258010}}"#,
        headers)
        == nil)
    let milliseconds = try #require(
      Self.diagnostic(
        .liveActivityDateMilliseconds,
        #"{"aps":{"event":"end","timestamp":1767258010,"dismissal-date":1767258010000}}"#,
        headers))
    #expect(milliseconds.path == "aps.dismissal-date")
    #expect(milliseconds.message.contains("1767258010000"))
    #expect(
      Self.diagnostic(
        .liveActivityDateMilliseconds,
        #"{"aps":{"event":"update","timestamp":1767258010,"stale-date":1.0e300,"content-state":{}}}"#,
        headers)?.path == "aps.stale-date")
    // A well-formed update gets none of these.
    let codes = Self.validation(Self.update, headers).diagnostics.map(\.code)
    for code: DiagnosticCode in [
      .liveActivityTimestampMissing, .liveActivityContentStateMissing,
      .liveActivityDateMilliseconds,
    ] {
      #expect(!codes.contains(code))
    }
  }
}
