import Foundation
import PushSimTestSupport
import Testing

@testable import PushLocalization
@testable import PushPayload

/// `pushsim strings dump` writes its JSON with the project's writer, byte for byte what
/// `JSONSerialization` pretty-printing with sorted keys printed before (the oracle here).
@Suite struct StringsDumpJSONTests {
  /// What `StringsDump.json` printed through `JSONSerialization`.
  static func foundationJSON(_ value: PropertyListValue) -> String {
    let options: JSONSerialization.WritingOptions = [
      .sortedKeys, .prettyPrinted, .withoutEscapingSlashes, .fragmentsAllowed,
    ]
    guard let data = try? JSONSerialization.data(withJSONObject: value.jsonObject, options: options)
    else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func everyBundledAndFixtureTableDumpsAsFoundationDid() throws {
    var checked = 0
    for folder in ["Strings", "Tests/PushLocalizationTests/Fixtures/Strings"] {
      let root = Self.repository.appendingPathComponent(folder)
      let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
      while let relative = enumerator.nextObject() as? String {
        let url = root.appendingPathComponent(relative)
        guard StringsDump.Kind(url: url) != nil else { continue }
        guard let value = StringsDump.dump(contentsOf: url).value else { continue }
        #expect(StringsDump.json(value) == Self.foundationJSON(value), "\(folder)/\(relative)")
        checked += 1
      }
    }
    #expect(checked >= 15)
  }

  @Test func keysSortAsJSONSerializationSortsThem() {
    // Punctuation, digit runs (leading zeros, long runs), case, accents, CJK, emoji, empty.
    let pieces = [
      "", "a", "A", "b", "Z", "é", "É", "e", "ß", "中", "🙂", "0", "00", "01", "1", "2", "10", "9",
      "12345678901234567890", " ", "_", "-", ".", "/", "\\", "\"", "$", "~", "key", "KEY", "Key",
      "title", "TITLE_", "body.", "%@", "\u{00A0}", "ﬁ",
    ]
    var generator = SeededGenerator(seed: 12)
    var keys = Set<String>()
    while keys.count < 3000 {
      let count = Int(generator.next() % 5)
      keys.insert(
        (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined())
    }
    let options: String.CompareOptions = [.numeric, .caseInsensitive, .forcedOrdering]
    // Foundation's sort of these keys depends on the order it starts from (its comparison is
    // not transitive over some mixes of accents and case), so it starts from the same one.
    let foundation = JSONKeyOrder.preordered(keys).sorted {
      $0.compare($1, options: options, range: $0.startIndex..<$0.endIndex, locale: NSLocale.system)
        == .orderedAscending
    }
    #expect(JSONKeyOrder.sorted(keys) == foundation)
  }

  /// Issue 36: keys in Spanish, Czech and Serbian (Cyrillic) are put in an approximate order
  /// first and decided without Foundation where a known primary difference comes first.
  /// Foundation's comparison is not transitive over such keys ("aП" < "aт" < "Áт-" < "aП"),
  /// so its own sort of them depends on the order it is given (`JSONSerialization` sorts a
  /// dictionary's keys, in hash order); what holds whatever the input order: every pair this
  /// type decides itself, Foundation decides alike (so the result is Foundation's sort of the
  /// keys in the order this type starts from), and keys over which Foundation is consistent (a
  /// real table's) come out exactly as Foundation sorts them from any order.
  @Test func nonASCIIKeysSortAsJSONSerializationSortsThem() {
    let pieces = [
      "", "a", "á", "Á", "n", "ñ", "Ñ", "c", "č", "Č", "r", "ř", "ů", "e", "é", "ě", "\u{301}",
      "\u{308}", "¿", "¡", "?", " ", "-", "1", "10", "٣", "а", "А", "б", "в", "д", "ђ", "Ђ", "е",
      "ё", "Ё", "и", "й", "Й", "ј", "л", "љ", "н", "њ", "т", "ћ", "ч", "џ", "ш", "я", "Я", "ž",
      "Pedido", "Поруџбина", "Objednávka", "z",
    ]
    var generator = SeededGenerator(seed: 36)
    var keys = Set<String>()
    while keys.count < 3000 {
      let count = 1 + Int(generator.next() % 4)
      keys.insert(
        (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined())
    }
    let options: String.CompareOptions = [.numeric, .caseInsensitive, .forcedOrdering]
    func foundation(_ a: String, _ b: String) -> ComparisonResult {
      a.compare(b, options: options, range: a.startIndex..<a.endIndex, locale: NSLocale.system)
    }
    let list = Array(keys)
    var decided = 0
    for _ in 0..<20_000 {
      let a = list[Int(generator.next() % UInt64(list.count))]
      let b = list[Int(generator.next() % UInt64(list.count))]
      var first = JSONKeyOrder.Entry(key: a)
      var second = JSONKeyOrder.Entry(key: b)
      first.readPrimaries()
      second.readPrimaries()
      guard let known = JSONKeyOrder.knownOrder(first, second) else { continue }
      decided += 1
      #expect(known == (foundation(a, b) == .orderedAscending), "\(a) vs \(b)")
    }
    #expect(decided > 1_000)
    let exactFromTheSameStart = JSONKeyOrder.preordered(keys).sorted {
      foundation($0, $1) == .orderedAscending
    }
    #expect(JSONKeyOrder.sorted(keys) == exactFromTheSameStart)
    // The order depends on the keys alone, not on the order they come in.
    #expect(JSONKeyOrder.sorted(keys.sorted().reversed()) == JSONKeyOrder.sorted(keys))
    // A real table's keys: source texts in the three languages, numbered.
    var table: [String] = []
    for language in ["es", "cs", "sr"] {
      let text = StringsFile.read(
        data: Data(translatedTable(language).utf8), file: "\(language).strings")
      table += text.values.keys
    }
    let exact = table.sorted { foundation($0, $1) == .orderedAscending }
    #expect(JSONKeyOrder.sorted(table) == exact)
  }

  /// Keys as a Spanish, Czech or Serbian app's source texts (the `dump` benchmark's tables).
  private func translatedTable(_ language: String) -> String {
    let phrases = [
      "es": ["¿Quieres añadir más artículos?", "Añadir a la cesta", "Árbol", "Ñandú", "último"],
      "cs": ["Přidat do košíku", "Čerstvá káva", "Šťastný zákazník", "Žádost", "Ústřední"],
      "sr": ["Поруџбина %1$@ је на путу", "Додај у корпу", "Ћевапи", "Љубазни возач", "Џем"],
    ]
    var text = ""
    for index in 0..<400 {
      let list = phrases[language] ?? []
      text += "\"\(list[index % list.count]) \(index)\" = \"x\";\n"
    }
    return text
  }

  @Test func nestedValuesEscapesAndNumbersPrintAsFoundationPrintsThem() {
    let value = PropertyListValue.dictionary([
      "strings": .array([
        .string("tab\tquote\"slash/back\\\u{01}\u{1F}\u{7F} é 中 🙂"), .string(""),
        .string("line\nfeed\rreturn\u{08}\u{0C}"),
      ]),
      "empty array": .array([]),
      "empty dictionary": .dictionary([:]),
      "nested": .dictionary([
        "deeper": .dictionary(["x": .array([.array([]), .dictionary([:])])]),
        "Deeper": .string("d"),
      ]),
      "numbers": .array([
        .integer(0), .integer(1), .integer(-42), .integer(Int.max), .integer(Int.min), .real(1.0),
        .real(0.5), .real(-0.0), .real(1e20), .real(1.5e-7), .real(123456789.125), .date(0),
        .date(1_767_225_600.5),
      ]),
      "flags": .array([.boolean(true), .boolean(false)]),
      "data": .data([0, 1, 2, 250, 251, 252, 253, 254, 255]),
      "NSStringLocalizedFormatKey": .string("%#@count@"),
    ])
    #expect(StringsDump.json(value) == Self.foundationJSON(value))
    #expect(StringsDump.json(.string("top")) == Self.foundationJSON(.string("top")))
    let infinite = PropertyListValue.dictionary(["n": .real(.infinity)])
    #expect(StringsDump.json(infinite) == Self.foundationJSON(infinite))
  }
}

/// `pushsim strings lint --format json` goes through the same writer: byte for byte what
/// `JSONSerialization` with sorted keys printed before.
@Suite struct StringsLintJSONTests {
  static let fixtures = StringsDumpJSONTests.repository.appendingPathComponent(
    "Tests/PushLocalizationTests/Fixtures/Strings")

  /// What the command printed through `JSONSerialization` before.
  static func foundationJSON(_ report: StringsLinter.Report) -> String {
    let diagnostics: [[String: Any]] = report.diagnostics.map { diagnostic in
      var object: [String: Any] = [
        "severity": diagnostic.severity.rawValue, "code": diagnostic.code.rawValue,
        "message": diagnostic.message, "source": diagnostic.source.rawValue,
      ]
      if let file = diagnostic.location?.file { object["file"] = file }
      if let line = diagnostic.location?.line { object["line"] = line }
      if let column = diagnostic.location?.column { object["column"] = column }
      return object
    }
    let object: [String: Any] = [
      "files": report.files.count, "errors": report.errorCount,
      "warnings": report.warningCount, "diagnostics": diagnostics,
    ]
    let data =
      (try? JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]))
      ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  @Test func everyFixtureFindingPrintsAsJSONSerializationPrintedIt() throws {
    let report = StringsLinter(pushKeys: ["COUNT"]).lint(paths: [Self.fixtures.path])
    // Messages with quotes, slashes, non-ASCII text and positions all take part.
    #expect(report.diagnostics.count >= 20)
    #expect(report.diagnostics.contains { $0.message.contains("\"") })
    #expect(report.json == Self.foundationJSON(report))
  }

  @Test func aCleanRunPrintsAnEmptyList() {
    let report = StringsLinter().lint(paths: [
      StringsDumpJSONTests.repository.appendingPathComponent("Strings/en.lproj").path
    ])
    #expect(report.json == Self.foundationJSON(report))
    #expect(report.json.contains("\"diagnostics\" : ["))
  }
}
