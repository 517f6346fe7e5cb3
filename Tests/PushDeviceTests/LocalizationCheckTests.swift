import Foundation
import PushDevice
import PushLocalization
import PushPayload
import PushSimTestSupport
import Testing

/// `validate --strings`: every loc-key in every localization (CommandLine.md, Rules.md §3).
@Suite struct LocalizationCheckTests {
  static let check = LocalizationCheck(folder: Repository.url("Strings"))

  static func payload(_ json: String) throws -> Payload {
    try #require(PayloadValidation(body: Array(json.utf8)).payload)
  }

  @Test(arguments: ["cs", "es", "sr"])
  func seedPayloadsResolveEverywhere(_ language: String) throws {
    let data = try Data(contentsOf: Repository.url("Examples/payloads/\(language)-localized.json"))
    let payload = try #require(PayloadValidation(body: Array(data)).payload)
    #expect(Self.check.diagnostics(for: payload).isEmpty)
  }

  @Test func missingKeyIsAnErrorWithoutLiteralAndAWarningWithOne() throws {
    let bare = try Self.payload(#"{"aps":{"alert":{"loc-key":"GONE"}}}"#)
    let found = Self.check.diagnostics(for: bare)
    #expect(found.map(\.code) == [.locKeyMissing])
    #expect(found.first?.severity == .error)
    #expect(found.first?.path == "aps.alert.loc-key")
    #expect(found.first?.source == .device)
    #expect(found.first?.message.contains("every localization (cs, en, es, sr, sr-Latn)") == true)

    let withLiteral = try Self.payload(#"{"aps":{"alert":{"title":"Hi","title-loc-key":"GONE"}}}"#)
    #expect(Self.check.diagnostics(for: withLiteral).map(\.severity) == [.warning])
  }

  @Test func keyMissingFromOneLocalization() throws {
    let bundle = StringsBundle(
      developmentRegion: "en",
      tables: [
        "en": StringsTable(strings: ["K": "%@ says hi", "T": "Title"]),
        "cs": StringsTable(strings: ["T": "Titulek"]),
      ])
    let check = LocalizationCheck(bundle: bundle)
    let payload = try Self.payload(
      #"{"aps":{"alert":{"title-loc-key":"T","loc-key":"K","loc-args":["Ana"]}}}"#)
    let found = check.diagnostics(for: payload)
    #expect(found.map(\.code) == [.locKeyMissing])
    #expect(
      found.first?.message
        == "loc-key \"K\" is missing from cs; a device in that language shows the key itself")
  }

  @Test func formatFindingsNameTheirLocalizations() throws {
    let bundle = StringsBundle(
      developmentRegion: "en",
      tables: [
        "en": StringsTable(strings: ["K": "%1$@ and %2$@"]),
        "es": StringsTable(strings: ["K": "%d y %@"]),
      ])
    let payload = try Self.payload(#"{"aps":{"alert":{"loc-key":"K","loc-args":["a"]}}}"#)
    let found = LocalizationCheck(bundle: bundle).diagnostics(for: payload)
    let codes = found.map(\.code)
    #expect(codes.contains(.missingLocArg))
    #expect(codes.contains(.unsupportedSpecifier))
    let unsupported = found.first { $0.code == .unsupportedSpecifier }
    #expect(unsupported?.message.hasPrefix("[es] loc-key \"K\"") == true)
    let missing = found.first { $0.code == .missingLocArg }
    #expect(missing?.message.hasPrefix("[en, es]") == true)
  }

  @Test func brokenTablesAreReportedWithPositions() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pushsim-check-\(UUID().uuidString)")
    let lproj = folder.appendingPathComponent("en.lproj")
    try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("\"A\" = \"1\";\u{3000}\"B\" = \"2\";".utf8).write(
      to: lproj.appendingPathComponent("Localizable.strings"))
    let check = LocalizationCheck(folder: folder)
    let found = check.diagnostics(for: try Self.payload(#"{"aps":{"alert":{"loc-key":"B"}}}"#))
    #expect(found.map(\.code) == [.silentTruncation, .locKeyMissing])
    #expect(found.first?.path?.hasSuffix("en.lproj/Localizable.strings:1:11") == true)
  }
}
