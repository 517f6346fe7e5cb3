import Foundation
import PushLocalization
import PushSimTestSupport
import Testing

/// The `.strings` reader (Localization.md §1) over a folder of edge cases: each fixture's table and
/// findings are compared with a golden file beside it (`<name>.golden`).
@Suite struct StringsFileTests {
  static let folder = Repository.folder().appendingPathComponent("Fixtures/Strings/Parser")

  static var fixtures: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".strings") }.sorted()
  }

  /// What a reader run printed: the table the device loads, then every finding.
  static func describe(_ file: StringsFile) -> String {
    var text = "format: \(file.format.rawValue)\n"
    text += file.isLoaded ? StringsDump.json(.dictionary(file.values)) : "<not loaded>\n"
    if file.unseenEntryCount > 0 { text += "unseen entries: \(file.unseenEntryCount)\n" }
    text += "--- diagnostics\n"
    for diagnostic in file.diagnostics {
      text += "\(diagnostic.description) source=\(diagnostic.source.rawValue)\n"
    }
    return text
  }

  @Test(arguments: fixtures)
  func matchesGolden(_ name: String) {
    let file = StringsFile.read(contentsOf: Self.folder.appendingPathComponent(name), name: name)
    let golden = Self.folder.appendingPathComponent(
      name.replacingOccurrences(of: ".strings", with: ".golden"))
    Golden.assertMatches(Self.describe(file), golden: golden)
  }

  @Test func everyFindingHasAPosition() {
    for name in Self.fixtures {
      let file = StringsFile.read(contentsOf: Self.folder.appendingPathComponent(name), name: name)
      for diagnostic in file.diagnostics {
        #expect(diagnostic.location?.file == name)
        #expect(diagnostic.location?.line != nil, "\(name): \(diagnostic)")
      }
    }
  }

  @Test func silentTruncationLoadsThePrefixAndCountsTheRest() throws {
    let text = "\"one\" = \"1\";\n\"two\" = \"2\";\u{A0}\n\"three\" = \"3\";\n\"four\" = \"4\";\n"
    let file = StringsFile.read(data: Data(text.utf8), file: "t.strings")
    #expect(file.values == ["one": .string("1"), "two": .string("2")])
    #expect(file.unseenEntryCount == 2)
    let finding = try #require(file.diagnostics.first { $0.code == .silentTruncation })
    #expect(finding.severity == .error)
    #expect(finding.source == .lint)
    #expect(finding.location?.line == 2)
    #expect(finding.location?.column == 13)
    #expect(finding.message.contains("2 entries"))
  }

  @Test func cfEscapesDifferFromSwiftFoundation() {
    // Localization.md §1.3: the C column. \f is U+000C and \v U+000B; \U without digits is U+0000.
    let file = StringsFile.read(data: Data(#""k" = "\f\v\Ux";"#.utf8), file: "e.strings")
    #expect(file.values["k"] == .string("\u{0C}\u{0B}\u{0}x"))
  }

  @Test func duplicateKeysLastWinsWithWarning() {
    let file = StringsFile.read(data: Data("\"a\"=\"1\";\n\"a\"=\"2\";".utf8), file: "d.strings")
    #expect(file.values["a"] == .string("2"))
    #expect(file.entries.count == 2)
    #expect(file.diagnostics.map(\.code) == [.duplicateKey])
    #expect(file.diagnostics.first?.location?.line == 2)
  }

  @Test func aBrokenTableIsEmpty() {
    let file = StringsFile.read(data: Data("\"a\" = \"1\"\n\"b\" = \"2\";".utf8), file: "b.strings")
    #expect(!file.isLoaded)
    #expect(file.table.count == 0)
    #expect(file.diagnostics.first?.code == .stringsSyntax)
    #expect(file.diagnostics.first?.location?.line == 2)
  }

  @Test func parsingIsLinearOnLargeInput() {
    // 20,000 entries with escapes and comments parse in one pass (no quadratic rescans).
    var text = ""
    for index in 0..<20_000 { text += "/* c */ \"k\(index)\" = \"v\\n\(index)\";\n" }
    let file = StringsFile.read(data: Data(text.utf8), file: "big.strings")
    #expect(file.values.count == 20_000)
    #expect(file.values["k19999"] == .string("v\n19999"))
  }
}
