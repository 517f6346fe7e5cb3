import Foundation
import PushCore
import Testing

/// The one diagnostic type: where a finding is, as reports print it, and its codes.
@Suite struct DiagnosticTests {
  @Test func eachLocationPrintsAsReportsShowIt() {
    #expect(
      DiagnosticLocation.jsonPath("aps.alert.loc-args[1]").description == "aps.alert.loc-args[1]")
    #expect(DiagnosticLocation.header("apns-priority").description == "apns-priority")
    #expect(
      DiagnosticLocation.file("es.lproj/A.strings", line: 3, column: 7).description
        == "es.lproj/A.strings:3:7")
    // A line without a column points at its start; a file alone is just its name.
    #expect(DiagnosticLocation.file("A.strings", line: 3).description == "A.strings:3:1")
    #expect(DiagnosticLocation.file("A.strings").description == "A.strings")
  }

  @Test func aFilePositionKeepsItsParts() {
    let location = DiagnosticLocation.file("A.strings", line: 2, column: 5)
    #expect(location.file == "A.strings")
    #expect(location.line == 2)
    #expect(location.column == 5)
    #expect(DiagnosticLocation.jsonPath("aps.badge").line == nil)
    #expect(DiagnosticLocation.header("apns-id").file == nil)
  }

  @Test func theCompilerShapeNamesLocationSeverityMessageAndCode() {
    let inFile = Diagnostic(
      .error, code: .stringsSyntax, location: .file("A.strings", line: 4, column: 2),
      message: "expected ';'", source: .device)
    #expect(inFile.description == "A.strings:4:2: error: expected ';' [strings-syntax]")
    let whole = Diagnostic(.warning, code: .apsMissing, message: "no aps", source: .lint)
    #expect(whole.description == "warning: no aps [aps-missing]")
    #expect(whole.path == nil)
  }

  @Test func jsonCarriesThePrintedLocationAsPath() throws {
    let diagnostic = Diagnostic(
      .warning, code: .badgeString, path: "aps.badge", message: "a string", source: .device)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(diagnostic), as: UTF8.self)
    #expect(
      json
        == #"{"code":"badge-string","message":"a string","path":"aps.badge","severity":"warning","source":"device"}"#
    )
    #expect(try JSONDecoder().decode(Diagnostic.self, from: Data(json.utf8)) == diagnostic)
  }

  @Test func everyCodeIsListedOnceAndIsKebabCase() {
    let names = DiagnosticCode.all.map(\.rawValue)
    #expect(Set(names).count == names.count)
    for name in names {
      #expect(name.wholeMatch(of: #/[a-z0-9]+(-[a-z0-9]+)*/#) != nil, "\(name)")
    }
    #expect(DiagnosticCode.all.contains(.badgeNotInteger))
    #expect(DiagnosticCode.liveActivityEventInvalid.rawValue == "la-event-invalid")
  }
}
