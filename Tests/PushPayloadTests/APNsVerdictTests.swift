import PushPayload
import Testing

@Suite struct APNsVerdictTests {
  static let alertBody = Array(#"{"aps": {"alert": "Hi"}}"#.utf8)

  static func verdict(_ body: [UInt8] = alertBody, _ headers: PushHeaders = PushHeaders())
    -> APNsVerdict
  {
    APNsVerdict(body: body, headers: headers)
  }

  /// A payload of exactly `size` bytes: an alert padded with a custom key.
  static func payload(bytes size: Int) -> [UInt8] {
    let head = #"{"aps":{"alert":"Hi"},"pad":""#
    let tail = #""}"#
    return Array(
      (head + String(repeating: "x", count: size - head.utf8.count - tail.utf8.count) + tail).utf8)
  }

  @Test func acceptsAndInfersTheAlertType() {
    let verdict = Self.verdict()
    #expect(verdict.accepted)
    #expect(verdict.httpStatus == 200)
    #expect(verdict.reason == nil)
    #expect(verdict.pushType == .alert)
    #expect(verdict.pushTypeWasInferred)
    #expect(verdict.priority == 10)
    #expect(verdict.bytes == Self.alertBody.count)
    #expect(verdict.limit == 4096)
    #expect(verdict.diagnostics.map(\.code) == [.pushTypeInferred])
    #expect(verdict.diagnostics.first?.source == .lint)
  }

  @Test func infersBackgroundForContentAvailableOnly() {
    let verdict = Self.verdict(Array(#"{"aps": {"content-available": 1}, "x": 1}"#.utf8))
    #expect(verdict.pushType == .background)
    #expect(verdict.accepted)
  }

  @Test func sizeLimitsAreCountedOnTheExactBytes() {
    #expect(Self.payload(bytes: 4096).count == 4096)
    #expect(Self.verdict(Self.payload(bytes: 4096), PushHeaders(pushType: "alert")).accepted)
    let over = Self.verdict(Self.payload(bytes: 4097), PushHeaders(pushType: "alert"))
    #expect(!over.accepted)
    #expect(over.httpStatus == 413)
    #expect(over.reason == .payloadTooLarge)
    #expect(over.bytes == 4097)
    let voip = Self.verdict(Self.payload(bytes: 5120), PushHeaders(pushType: "voip"))
    #expect(voip.accepted)
    #expect(voip.limit == 5120)
    #expect(
      Self.verdict(Self.payload(bytes: 5121), PushHeaders(pushType: "voip")).httpStatus == 413)
  }

  @Test func emptyAndWhitespaceBodiesArePayloadEmpty() {
    for body in [[], Array(" \n\t\r ".utf8)] as [[UInt8]] {
      let verdict = Self.verdict(body)
      #expect(verdict.reason == .payloadEmpty)
      #expect(verdict.httpStatus == 400)
      #expect(verdict.diagnostics.contains { $0.code == .payloadEmpty && $0.source == .apns })
    }
  }

  @Test func notJSONOrNotAnObjectIsMalformedByModel() {
    for body in ["{\"aps\": ", "[1, 2]", "\"text\"", "{\"a\": 1,}"] {
      let verdict = Self.verdict(Array(body.utf8))
      #expect(verdict.reason == .malformedPayload, "\(body)")
      let diagnostic = verdict.diagnostics.first { $0.code == .malformedPayload }
      #expect(diagnostic?.source == .model)
      #expect(diagnostic?.severity == .error)
    }
  }

  @Test(arguments: [
    (PushHeaders(pushType: "Alert"), APNsReason.invalidPushType, "apns-push-type"),
    (PushHeaders(pushType: "silent"), .invalidPushType, "apns-push-type"),
    (PushHeaders(priority: "7"), .badPriority, "apns-priority"),
    (PushHeaders(priority: ""), .badPriority, "apns-priority"),
    (PushHeaders(pushType: "background", priority: "10"), .badPriority, "apns-priority"),
    (
      PushHeaders(collapseID: String(repeating: "é", count: 33)), .badCollapseId, "apns-collapse-id"
    ),
    (PushHeaders(expiration: "tomorrow"), .badExpirationDate, "apns-expiration"),
    (PushHeaders(expiration: "-5"), .badExpirationDate, "apns-expiration"),
    (PushHeaders(expiration: "1.5"), .badExpirationDate, "apns-expiration"),
    (PushHeaders(apnsID: "123"), .badMessageId, "apns-id"),
    (PushHeaders(apnsID: "123e4567e89b12d3a456426614174000"), .badMessageId, "apns-id"),
    (PushHeaders(pushType: "voip", topic: "com.example.app"), .badTopic, "apns-topic"),
    (PushHeaders(pushType: "liveactivity", topic: "com.example.app.voip"), .badTopic, "apns-topic"),
  ])
  func badHeadersAreRejectedWithTheirReason(
    headers: PushHeaders, reason: APNsReason, path: String
  ) {
    let verdict = Self.verdict(Self.alertBody, headers)
    #expect(!verdict.accepted)
    #expect(verdict.httpStatus == 400)
    #expect(verdict.reason == reason)
    #expect(verdict.diagnostics.contains { $0.code == reason.code && $0.path == path })
  }

  /// A decimal integer too large for the expiration is out of range, not "not a decimal
  /// integer"; the largest one that fits is still read.
  @Test func anExpirationTooLargeIsOutOfRangeNotMalformed() {
    for header in [
      "100000000000000000000", "9223372036854775808", String(repeating: "9", count: 400),
    ] {
      let verdict = Self.verdict(Self.alertBody, PushHeaders(expiration: header))
      #expect(verdict.reason == .badExpirationDate, "\(header)")
      let finding = verdict.diagnostics.first { $0.code == .badExpirationDate }
      #expect(finding?.message.contains("is out of range") == true, "\(finding?.message ?? "")")
      #expect(finding?.message.contains("9223372036854775807") == true)
      #expect(finding?.message.contains("not a decimal integer") == false)
    }
    let largest = Self.verdict(Self.alertBody, PushHeaders(expiration: "9223372036854775807"))
    #expect(largest.accepted)
    #expect(largest.expiration == Int.max)
    let padded = Self.verdict(Self.alertBody, PushHeaders(expiration: "000000000000000000000042"))
    #expect(padded.expiration == 42)
    let malformed = Self.verdict(Self.alertBody, PushHeaders(expiration: "1e20"))
    #expect(
      malformed.diagnostics.first { $0.code == .badExpirationDate }?.message.contains(
        "not a decimal integer") == true)
  }

  @Test func backgroundPriorityTenIsAModelRejection() {
    let verdict = Self.verdict(
      Array(#"{"aps":{"content-available":1}}"#.utf8),
      PushHeaders(pushType: "background", priority: "10"))
    #expect(verdict.reason == .badPriority)
    #expect(verdict.diagnostics.first { $0.code == .badPriority }?.source == .model)
  }

  @Test func collapseIDOfExactly64BytesIsAccepted() {
    let id64 = String(repeating: "a", count: 62) + "é"  // 64 UTF-8 bytes
    #expect(id64.utf8.count == 64)
    let verdict = Self.verdict(Self.alertBody, PushHeaders(collapseID: id64))
    #expect(verdict.accepted)
    #expect(verdict.collapseID == id64)
    #expect(
      Self.verdict(Self.alertBody, PushHeaders(collapseID: id64 + "a")).reason == .badCollapseId)
  }

  @Test func validHeadersAreAcceptedAndRead() {
    let verdict = Self.verdict(
      Self.alertBody,
      PushHeaders(
        pushType: "alert", priority: "5", collapseID: "chat_4521", expiration: "0",
        topic: "com.example.chat", apnsID: "123E4567-e89b-12d3-a456-426614174000"))
    #expect(verdict.accepted)
    #expect(!verdict.pushTypeWasInferred)
    #expect(verdict.priority == 5)
    #expect(verdict.expiration == 0)
    #expect(verdict.diagnostics.isEmpty)
    let voip = Self.verdict(
      Self.alertBody, PushHeaders(pushType: "voip", topic: "com.example.app.voip"))
    #expect(voip.accepted)
  }

  @Test func everyPushTypeIsKnownWithItsLimitAndTopicSuffix() {
    #expect(PushType.allCases.count == 11)
    #expect(PushType.allCases.filter { $0.payloadLimit == 5120 } == [.voip])
    #expect(PushType.liveactivity.topicSuffix == ".push-type.liveactivity")
    #expect(PushType.alert.topicSuffix == nil)
  }

  @Test func headerCheckComesBeforeBodyCheck() {
    let verdict = Self.verdict([], PushHeaders(priority: "3"))
    #expect(verdict.reason == .badPriority)
    #expect(verdict.diagnostics.map(\.code).contains(.payloadEmpty))
  }
}
