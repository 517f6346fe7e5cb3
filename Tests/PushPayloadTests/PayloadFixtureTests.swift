import Foundation
import PushCore
import PushPayload
import PushSimTestSupport
import Testing

/// One parameterised test over `Fixtures/payloads/`: each file is validated with the headers in
/// `expectations.json`, and its verdict and diagnostic codes must match exactly. The seed
/// payloads (`Examples/payloads/`) must all be accepted without errors.
@Suite struct PayloadFixtureTests {
  static let folder = Repository.folder().appendingPathComponent("Fixtures/payloads")

  struct Expectation: Sendable {
    var headers: PushHeaders
    var accepted: Bool
    var httpStatus: Int
    var reason: String?
    var codes: [String]
    var errorPosition: String?
  }

  static let expectations: [String: Expectation] = {
    let url = folder.appendingPathComponent("expectations.json")
    guard let data = try? Data(contentsOf: url),
      let document = try? JSONDocument(parsing: Array(data)),
      let manifest = document.root.objectValue
    else { return [:] }
    var result: [String: Expectation] = [:]
    for member in manifest.members where !member.key.hasPrefix("_") {
      let entry = member.value
      var fields: [String: String] = [:]
      for header in entry["headers"]?.objectValue?.members ?? [] {
        fields[header.key] = header.value.stringValue
      }
      result[member.key] = Expectation(
        headers: PushHeaders(fields: fields), accepted: entry["accepted"]?.boolValue ?? false,
        httpStatus: entry["httpStatus"]?.numberValue?.integer ?? 0,
        reason: entry["reason"]?.stringValue,
        codes: entry["codes"]?.arrayValue?.compactMap(\.stringValue) ?? [],
        errorPosition: entry["error"]?.stringValue)
    }
    return result
  }()

  static let fixtureNames: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    .filter { $0 != "expectations.json" }.sorted()

  @Test func everyFixtureHasAnExpectation() {
    #expect(Self.fixtureNames.count >= 30)
    #expect(Set(Self.fixtureNames) == Set(Self.expectations.keys))
  }

  @Test(arguments: fixtureNames)
  func fixtureMatchesItsExpectation(name: String) throws {
    let expectation = try #require(Self.expectations[name], "no expectation for \(name)")
    let body = try Array(Data(contentsOf: Self.folder.appendingPathComponent(name)))
    let validation = PayloadValidation(
      body: body, headers: expectation.headers,
      ignoredTopLevelKeys: name.hasSuffix(".apns") ? ["Simulator Target Bundle"] : [])
    #expect(validation.verdict.accepted == expectation.accepted)
    #expect(validation.verdict.httpStatus == expectation.httpStatus)
    #expect(validation.verdict.reason?.rawValue == expectation.reason)
    #expect(validation.diagnostics.map(\.code.rawValue) == expectation.codes)
    // An .apns file's "Simulator Target Bundle" never reaches APNs: its bytes are not counted.
    let sent =
      try name.hasSuffix(".apns")
      ? APNsFile.contents(of: body, root: JSONDocument(parsing: body).root).payload.count
      : body.count
    #expect(validation.verdict.bytes == sent)
    if name.hasSuffix(".apns") { #expect(sent < body.count) }
    if let position = expectation.errorPosition {
      #expect(validation.syntaxError.map { "\($0.position)" } == position)
    }
    // Every diagnostic names a JSON path or header, or the whole request, and has a message.
    for diagnostic in validation.diagnostics {
      #expect(!diagnostic.message.isEmpty)
      #expect(!diagnostic.code.rawValue.isEmpty)
    }
  }

  // MARK: - The seed articles' payloads

  static let seedNames: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: Repository.url("Examples/payloads").path))
    ?? []).filter { $0.hasSuffix(".json") }.sorted()

  @Test func allFifteenSeedPayloadsArePresent() {
    #expect(Self.seedNames.count == 15)
  }

  @Test(arguments: seedNames)
  func seedPayloadIsAcceptedWithoutErrors(name: String) throws {
    let body = try Array(Data(contentsOf: Repository.url("Examples/payloads/\(name)")))
    let silent = name.hasSuffix("silent-sync.json")
    let headers =
      silent
      ? PushHeaders(pushType: "background", priority: "5")
      : PushHeaders(pushType: "alert", priority: "10")
    let validation = PayloadValidation(body: body, headers: headers)
    #expect(validation.verdict.accepted)
    #expect(validation.verdict.httpStatus == 200)
    #expect(!validation.hasErrors)
    // With the right headers the only remark is the sync payload's top-level "timestamp",
    // which shares its name with a Live Activity aps key (info).
    #expect(validation.diagnostics.allSatisfy { $0.severity == .info })
    #expect(validation.diagnostics.map(\.code) == (silent ? [.shadowedApsKey] : []))
    // Without headers: still accepted, with the inferred push type.
    let bare = PayloadValidation(body: body)
    #expect(bare.verdict.accepted)
    #expect(!bare.hasErrors)
    #expect(bare.verdict.pushType == (silent ? .background : .alert))
  }

  // MARK: - Generated cases (too large or too regular to commit)

  /// An alert payload of exactly `size` bytes.
  static func alert(bytes size: Int) -> [UInt8] {
    let head = #"{"aps":{"alert":{"title":"Nuevo mensaje","body":""#
    let tail = #""}}}"#
    let filler = String(repeating: "a", count: size - head.utf8.count - tail.utf8.count)
    return Array((head + filler + tail).utf8)
  }

  @Test func sizeLimitIsExactForAlertAndVoip() {
    let fits = PayloadValidation(
      body: Self.alert(bytes: 4096), headers: PushHeaders(pushType: "alert"))
    #expect(fits.verdict.accepted)
    #expect(fits.verdict.bytes == 4096)
    #expect(fits.diagnostics.map(\.code) == [.nearSizeLimit])
    let over = PayloadValidation(
      body: Self.alert(bytes: 4097), headers: PushHeaders(pushType: "alert"))
    #expect(over.verdict.httpStatus == 413)
    #expect(over.verdict.reason == .payloadTooLarge)
    #expect(over.diagnostics.map(\.code) == [.payloadTooLarge])
    let voip = PayloadValidation(
      body: Self.alert(bytes: 5120), headers: PushHeaders(pushType: "voip"))
    #expect(voip.verdict.accepted)
    #expect(voip.verdict.limit == 5120)
    let voipOver = PayloadValidation(
      body: Self.alert(bytes: 5121), headers: PushHeaders(pushType: "voip"))
    #expect(voipOver.verdict.httpStatus == 413)
    // Multi-byte text counts in bytes, not characters.
    let cyrillic =
      Array(#"{"aps":{"alert":""#.utf8) + Array(String(repeating: "Ж", count: 2040).utf8)
      + Array(#""}}"#.utf8)
    #expect(cyrillic.count == 4100)
    #expect(PayloadValidation(body: cyrillic).verdict.reason == .payloadTooLarge)
  }

  @Test func collapseIDOf64BytesIsAcceptedAnd65Rejected() {
    let body = Self.alert(bytes: 100)
    let id64 = String(repeating: "c", count: 64)
    let ok = PayloadValidation(
      body: body, headers: PushHeaders(pushType: "alert", collapseID: id64))
    #expect(ok.verdict.accepted)
    let bad = PayloadValidation(
      body: body, headers: PushHeaders(pushType: "alert", collapseID: id64 + "c"))
    #expect(bad.verdict.reason == .badCollapseId)
    #expect(bad.verdict.httpStatus == 400)
  }

  @Test func tenThousandNestedArraysAreRejectedWithoutTrapping() {
    let body = Array(
      (String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8)
    let validation = PayloadValidation(body: body, headers: PushHeaders(pushType: "alert"))
    #expect(validation.verdict.httpStatus == 413)  // 20,000 bytes: too large first
    #expect(validation.syntaxError?.message == "nesting deeper than 512 arrays and objects")
    let nestedInPayload = Array(
      (#"{"aps":{"alert":"a"},"x":"# + String(repeating: "[", count: 1_000)
        + String(repeating: "]", count: 1_000) + "}").utf8)
    let deep = PayloadValidation(body: nestedInPayload, headers: PushHeaders(pushType: "alert"))
    #expect(deep.verdict.reason == .malformedPayload)
    #expect(deep.syntaxError?.position == SourcePosition(line: 1, column: 537))
  }
}
