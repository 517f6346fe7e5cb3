import PushCore
import PushPayload
import Testing

/// The shortcuts `validate --jsonl` takes per line give what the general paths give.
@Suite struct ValidationFastPathTests {
  /// Every alert key reaches its field through the lookup by length and spelling; keys that
  /// only resemble one (same length, other case, one letter off) stay unknown, in order.
  @Test func everyAlertKeyIsReadAndNearKeysAreUnknown() throws {
    let body = #"""
      {"aps":{"alert":{"title":"T","subtitle":"S","body":"B","launch-image":"L",
      "title-loc-key":"TK","title-loc-args":["a"],"subtitle-loc-key":"SK",
      "subtitle-loc-args":["b"],"loc-key":"K","loc-args":["c"],"action-loc-key":"AK",
      "action":"A","summary-arg":"SA","summary-arg-count":2,"sound":"s.caf",
      "titlf":1,"Body":1,"loc-keys":1,"actiom":1,"summary-arg-counts":1}}}
      """#
    let alert = try #require(PayloadValidation(body: Array(body.utf8)).payload?.aps.alert)
    #expect(alert.title == "T")
    #expect(alert.subtitle == "S")
    #expect(alert.body == "B")
    #expect(alert.launchImage == "L")
    #expect(alert.titleLocKey == "TK")
    #expect(alert.titleLocArguments == ["a"])
    #expect(alert.subtitleLocKey == "SK")
    #expect(alert.subtitleLocArguments == ["b"])
    #expect(alert.locKey == "K")
    #expect(alert.locArguments == ["c"])
    #expect(alert.actionLocKey == "AK")
    #expect(alert.action == "A")
    #expect(alert.summaryArgument == "SA")
    #expect(alert.summaryArgumentCount == 2)
    #expect(alert.sound?.name == "s.caf")
    #expect(alert.unknownKeys == ["titlf", "Body", "loc-keys", "actiom", "summary-arg-counts"])
  }

  /// The push type and the key after it are written in one piece: every type, and `null` for
  /// a header that names none, read back as the JSON result says.
  @Test func everyPushTypeIsWrittenByName() throws {
    for type in PushType.allCases {
      let validation = PayloadValidation(
        body: Array(#"{"aps":{}}"#.utf8), headers: PushHeaders(pushType: type.rawValue))
      let result = try JSONDocument(parsing: validation.jsonText(line: 3)).root
      #expect(result["pushType"]?.stringValue == type.rawValue)
      #expect(result["bytes"]?.numberValue?.integer == 10)
      #expect(result["line"]?.numberValue?.integer == 3)
    }
    let invalid = PayloadValidation(body: Array("{}".utf8), headers: PushHeaders(pushType: "nope"))
    let result = try JSONDocument(parsing: invalid.jsonText()).root
    #expect(result["pushType"]?.isNull == true)
    #expect(result["accepted"]?.boolValue == false)
    #expect(result["reason"]?.stringValue == "InvalidPushType")
  }

  /// A validation's values are shared between copies: changing one copy leaves the other as
  /// it was.
  @Test func changingACopyLeavesTheOriginal() {
    var validation = PayloadValidation(body: Array(#"{"aps":{"badge":1}}"#.utf8))
    let original = validation
    validation.diagnostics.append(
      Diagnostic(.info, code: .apsMissing, path: nil, message: "added", source: .lint))
    validation.payload = nil
    #expect(validation.diagnostics.count == original.diagnostics.count + 1)
    #expect(original.diagnostics.allSatisfy { $0.message != "added" })
    #expect(original.payload?.aps.badge == 1)
    #expect(validation.payload == nil)
    #expect(validation.verdict == original.verdict)
  }

  /// The shared list of the usual single finding is copied, not changed, when a header
  /// rejection follows it.
  @Test func theInferredAlertListIsNotChangedByALaterRejection() {
    let rejected = PayloadValidation(
      body: Array(#"{"aps":{"alert":"hi"}}"#.utf8), headers: PushHeaders(priority: "7"))
    #expect(rejected.diagnostics.map(\.code) == [.pushTypeInferred, .badPriority])
    let plain = PayloadValidation(body: Array(#"{"aps":{"alert":"hi"}}"#.utf8))
    #expect(plain.diagnostics.map(\.code) == [.pushTypeInferred])
  }

  /// The inferred-alert warning is written from its prepared JSON whether it is the only
  /// finding (brackets closed with it) or others follow.
  @Test func theInferredAlertIsWrittenAloneOrFirst() throws {
    let cases = [
      (#"{"aps":{"alert":"hi"}}"#, ["push-type-inferred"]),
      (#"{"aps":{"alert":"hi","badge":"3"}}"#, ["push-type-inferred", "badge-string"]),
    ]
    for (body, codes) in cases {
      let validation = PayloadValidation(body: Array(body.utf8))
      let result = try JSONDocument(parsing: validation.jsonText(line: 1)).root
      let written = try #require(result["diagnostics"]?.arrayValue)
      #expect(written.compactMap { $0["code"]?.stringValue } == codes)
      #expect(written.first?["message"]?.stringValue == validation.diagnostics.first?.message)
      #expect(written.first?["path"]?.stringValue == "apns-push-type")
    }
  }

  /// The totals of `validate --jsonl` read the verdict and the diagnostics in place: the
  /// counts agree with the public getters, for accepted, rejected and linted payloads.
  @Test func theInPlaceCountsAgreeWithTheGetters() {
    let bodies = [
      #"{"aps":{"alert":"hi"}}"#, #"{"aps":{"badge":"1","mutable-content":true,"x":1}}"#, "",
      "[1]", #"{"aps":{"content-available":1},"sound":2}"#, "{", #"{"a":1,"a":2}"#,
    ]
    for body in bodies {
      for headers in [PushHeaders(), PushHeaders(pushType: "voip", priority: "7")] {
        let validation = PayloadValidation(body: Array(body.utf8), headers: headers)
        let counts = validation.severityCounts
        #expect(validation.isAccepted == validation.verdict.accepted)
        #expect((counts.errors > 0) == validation.hasErrors)
        #expect(counts.errors == validation.diagnostics.filter { $0.severity == .error }.count)
        #expect(counts.warnings == validation.diagnostics.filter { $0.severity == .warning }.count)
      }
    }
  }
}
