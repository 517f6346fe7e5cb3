import PushCore
import Testing

@testable import PushPayload

/// Lint on the push types whose receiver is not the app's notification code (Behavior.md
/// §12.3): silent on the payloads Apple documents for `widgets`, `controls`, `mdm` and
/// `fileprovider`, still loud on real mistakes for them, the same in both readings of a body.
@Suite struct ReceiverPayloadLintTests {
  static func findings(_ body: String, _ type: String) -> [Diagnostic] {
    let headers = PushHeaders(
      pushType: type, priority: type == "background" ? "5" : "10", expiration: "0")
    let tree = PayloadValidation(body: Array(body.utf8), headers: headers)
    let inPlace = PayloadValidation(readingInPlace: Array(body.utf8)[...], headers: headers)
    #expect(tree.diagnostics == inPlace.diagnostics, "\(type): \(body)")
    #expect(tree.verdict.accepted)
    return tree.diagnostics
  }

  @Test(arguments: [
    (#"{"aps":{"content-changed":true}}"#, "widgets"),
    (#"{"aps":{"content-changed":true}}"#, "controls"),
    (#"{"mdm":"A2B7C4D1-PushMagic"}"#, "mdm"),
    (
      #"{"container-identifier":"NSFileProviderWorkingSetContainerItemIdentifier","domain":"d"}"#,
      "fileprovider"
    ),
    (#"{"container-identifier":"NSFileProviderRootContainerItemIdentifier"}"#, "fileprovider"),
  ])
  func theDocumentedPayloadIsSilent(body: String, type: String) {
    #expect(Self.findings(body, type).map(\.message) == [])
  }

  @Test(arguments: ["widgets", "controls"])
  func aTypoOfContentChangedIsNamedAndNotTakenForContentState(type: String) throws {
    let findings = Self.findings(#"{"aps":{"content-change":true}}"#, type)
    let typo = try #require(findings.first { $0.code == .unknownKeyInAps })
    #expect(typo.path == "aps.content-change")
    #expect(typo.message.contains(#"did you mean "content-changed"?"#))
    #expect(findings.contains { $0.code == .pushTypeMismatch })
  }

  @Test(arguments: [
    (#"{"aps":{"content-state":{"n":1}}}"#, "widgets"),
    (#"{"aps":{"content-changed":1}}"#, "controls"),
    (#"{"aps":{"alert":"Reload"}}"#, "widgets"),
    (#"{"content-changed":true}"#, "controls"),
    (#"{"aps":{"alert":"Check in"}}"#, "mdm"),
    (#"{"mdm":1}"#, "mdm"),
    (#"{"aps":{}}"#, "fileprovider"),
    (#"{"containerIdentifier":"x"}"#, "fileprovider"),
  ])
  func aPayloadWithoutTheDocumentedKeyIsAMismatch(body: String, type: String) throws {
    let mismatch = try #require(Self.findings(body, type).first { $0.code == .pushTypeMismatch })
    #expect(mismatch.message.contains("apns-push-type is \(type)"))
    #expect(mismatch.severity == .warning)
  }

  @Test func widgetsAndControlsWithoutAPSStillMissIt() {
    let codes = Self.findings(#"{"content-changed":true}"#, "widgets").map(\.code)
    #expect(codes.contains(.apsMissing))
  }

  @Test(arguments: ["alert", "background", "liveactivity"])
  func contentChangedOnAnotherPushTypeIsIgnoredAndSaysWhy(type: String) throws {
    let body = #"{"aps":{"alert":"Hi","content-available":1,"content-changed":true}}"#
    let finding = try #require(
      Self.findings(body, type).first { $0.path == "aps.content-changed" })
    #expect(finding.code == .unknownKeyInAps)
    #expect(finding.message.contains("read only on widgets and controls pushes"))
    #expect(!finding.message.contains("content-state"))
  }

  @Test func otherTypesWithoutAPSStillMissIt() {
    #expect(Self.findings(#"{"mdm":"x"}"#, "alert").map(\.code).contains(.apsMissing))
    #expect(
      Self.findings(#"{"container-identifier":"x"}"#, "background").map(\.code).contains(
        .apsMissing))
  }
}

extension ReceiverPayloadLintTests {
  /// PushKit, the Location Push Service Extension, Push to Talk and a complication take the
  /// whole dictionary: a payload of custom keys alone wakes them.
  @Test(arguments: ["voip", "location", "pushtotalk", "complication"])
  func receiversOfTheWholeDictionaryNeedNoAPS(type: String) {
    #expect(!Self.findings(#"{"caller":"Ana"}"#, type).map(\.code).contains(.apsMissing))
  }

  @Test func aPushToTalkServiceUpdateIsDocumented() {
    let body = #"{"aps":{"ptt-push-type":"service-update"}}"#
    #expect(!Self.findings(body, "pushtotalk").map(\.code).contains(.unknownKeyInAps))
    #expect(Self.findings(body, "alert").map(\.code).contains(.unknownKeyInAps))
  }
}
