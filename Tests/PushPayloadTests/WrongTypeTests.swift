import PushCore
import PushPayload
import Testing

/// The rules of Rules.md §2, one case each: what the value is treated as, and the
/// diagnostic (path, severity, code, source).
@Suite struct WrongTypeTests {
  static func read(_ aps: String) throws -> Payload {
    try Payload(document: JSONDocument(parsing: "{\"aps\": \(aps)}"))
  }

  struct Expected: Sendable, CustomStringConvertible {
    var aps: String
    var path: String
    var code: DiagnosticCode
    var source: DiagnosticSource
    var description: String { aps }
  }

  @Test(arguments: [
    Expected(aps: #"{"badge": "1"}"#, path: "aps.badge", code: .badgeString, source: .device),
    Expected(aps: #"{"badge": 1.5}"#, path: "aps.badge", code: .badgeNotInteger, source: .model),
    Expected(
      aps: #"{"badge": true}"#, path: "aps.badge", code: .badgeNotInteger, source: .model),
    Expected(aps: #"{"badge": -1}"#, path: "aps.badge", code: .badgeNegative, source: .model),
    Expected(
      aps: #"{"mutable-content": true, "alert": "a"}"#, path: "aps.mutable-content",
      code: .flagBoolean, source: .model),
    Expected(
      aps: #"{"content-available": "1"}"#, path: "aps.content-available", code: .flagInvalid,
      source: .model),
    Expected(
      aps: #"{"content-available": 2}"#, path: "aps.content-available", code: .flagInvalid,
      source: .model),
    Expected(
      aps: #"{"interruption-level": "urgent"}"#, path: "aps.interruption-level",
      code: .interruptionLevelUnknown, source: .model),
    Expected(
      aps: #"{"interruption-level": 2}"#, path: "aps.interruption-level",
      code: .interruptionLevelUnknown, source: .model),
    Expected(
      aps: #"{"relevance-score": 1.5}"#, path: "aps.relevance-score",
      code: .relevanceScoreOutOfRange, source: .model),
    Expected(
      aps: #"{"relevance-score": "high"}"#, path: "aps.relevance-score",
      code: .relevanceScoreNotNumber, source: .model),
    Expected(aps: #"{"alert": 5}"#, path: "aps.alert", code: .alertWrongType, source: .model),
    Expected(
      aps: #"{"alert": {"title": 5}}"#, path: "aps.alert.title", code: .wrongType, source: .model),
    Expected(
      aps: #"{"alert": {"loc-key": ["K"]}}"#, path: "aps.alert.loc-key", code: .wrongType,
      source: .model),
    Expected(aps: #"{"thread-id": 42}"#, path: "aps.thread-id", code: .wrongType, source: .model),
    Expected(aps: #"{"category": null}"#, path: "aps.category", code: .wrongType, source: .model),
    Expected(aps: #"{"sound": 1}"#, path: "aps.sound", code: .wrongType, source: .model),
    Expected(
      aps: #"{"sound": {"critical": 1, "name": 7}}"#, path: "aps.sound.name", code: .wrongType,
      source: .model),
    Expected(
      aps: #"{"alert": {"title-loc-key": "K", "title-loc-args": ["a", 2]}}"#,
      path: "aps.alert.title-loc-args[1]", code: .locArgNotString, source: .model),
    Expected(
      aps: #"{"alert": {"body": "b", "summary-arg": "Ana"}}"#, path: "aps.alert.summary-arg",
      code: .summaryArgDeprecated, source: .device),
  ])
  func wrongTypeAddsOneWarning(expected: Expected) throws {
    let payload = try Self.read(expected.aps)
    #expect(payload.diagnostics.count == 1)
    let diagnostic = try #require(payload.diagnostics.first)
    #expect(diagnostic.path == expected.path)
    #expect(diagnostic.code == expected.code)
    #expect(diagnostic.source == expected.source)
    #expect(diagnostic.severity == .warning)
  }

  @Test func treatedAsAbsentOrDefault() throws {
    #expect(try Self.read(#"{"badge": "1"}"#).aps.badge == nil)
    #expect(try Self.read(#"{"badge": 0}"#).aps.badge == 0)
    #expect(try Self.read(#"{"mutable-content": true}"#).aps.mutableContent)
    #expect(try !Self.read(#"{"mutable-content": false}"#).aps.mutableContent)
    #expect(try !Self.read(#"{"content-available": 0}"#).aps.contentAvailable)
    #expect(try !Self.read(#"{"content-available": "1"}"#).aps.contentAvailable)
    #expect(try Self.read(#"{"content-available": 1}"#).aps.contentAvailable)
    #expect(try Self.read(#"{"interruption-level": "urgent"}"#).aps.interruptionLevel == .active)
    #expect(try Self.read(#"{"interruption-level": "passive"}"#).aps.interruptionLevel == .passive)
    #expect(try Self.read(#"{}"#).aps.interruptionLevel == nil)
    #expect(try Self.read(#"{"relevance-score": 1.5}"#).aps.relevanceScore == 1)
    #expect(try Self.read(#"{"relevance-score": -2}"#).aps.relevanceScore == 0)
    #expect(try Self.read(#"{"relevance-score": "high"}"#).aps.relevanceScore == nil)
    #expect(try Self.read(#"{"alert": 5}"#).aps.alert == nil)
    #expect(try Self.read(#"{"alert": {"title": 5, "body": "b"}}"#).aps.alert?.title == nil)
    #expect(try Self.read(#"{"thread-id": 42}"#).aps.threadID == nil)
    #expect(try Self.read(#"{"sound": 1}"#).aps.sound == nil)
  }

  @Test func relevanceScoreZeroIsZeroNotAbsent() throws {
    let payload = try Self.read(#"{"alert": "a", "relevance-score": 0}"#)
    #expect(payload.aps.relevanceScore == 0)
    #expect(payload.aps.relevanceScore != nil)
    #expect(payload.diagnostics.isEmpty)
  }

  @Test func nonStringLocArgsBecomeTheirJSONText() throws {
    let payload = try Self.read(
      #"{"alert": {"loc-key": "K", "loc-args": ["a", 2, true, null, {"x": [1]}, 1.50]}}"#)
    #expect(payload.aps.alert?.locArguments == ["a", "2", "true", "null", #"{"x":[1]}"#, "1.50"])
    #expect(payload.diagnostics.map(\.path) == (1...5).map { "aps.alert.loc-args[\($0)]" })
  }

  @Test func liveActivityScoresAreNotClamped() throws {
    let payload = try Payload(
      document: JSONDocument(parsing: #"{"aps": {"relevance-score": 50}}"#),
      pushType: .liveactivity)
    #expect(payload.aps.relevanceScore == 50)
    #expect(payload.diagnostics.isEmpty)
  }

  @Test func apsOfTheWrongTypeIsAbsent() throws {
    let payload = try Payload(document: JSONDocument(parsing: #"{"aps": "alert"}"#))
    #expect(payload.aps == APS())
    #expect(payload.diagnostics.map(\.code) == [.apsWrongType])
  }
}
