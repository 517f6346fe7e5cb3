import Foundation
import PushCore
import PushSimTestSupport
import Testing

/// `Documentation/Codes.md` ships with the product and names every diagnostic code, event kind,
/// media failure code and attachment error the code can produce. These tests compare it with
/// `DiagnosticCode.all` and with what `Sources/` declares, and fail, naming each, when one is
/// missing from it (or listed there but gone from the code).
@Suite struct CodesReferenceTests {
  @Test func everyDiagnosticCodeIsDocumentedAndEveryDocumentedCodeExists() throws {
    let reference = try CodesReference(url: Repository.url("Documentation/Codes.md"))
    let documented = reference.entries[.diagnostic, default: []]
    let all = Set(DiagnosticCode.all.map(\.rawValue))
    for code in all.subtracting(documented).sorted() {
      Issue.record(
        "diagnostic code `\(code)` is in DiagnosticCode.all but missing from the \"Diagnostic codes\" section of Documentation/Codes.md"
      )
    }
    for code in documented.subtracting(all).sorted() {
      Issue.record(
        "Documentation/Codes.md lists diagnostic code `\(code)`, which is not in DiagnosticCode.all"
      )
    }
    #expect(DiagnosticCode.all.count == all.count, "DiagnosticCode.all lists a code twice")
    #expect(all.count >= 90)
  }

  /// Every `static let` code constant is in `DiagnosticCode.all`, and the constants are the only
  /// place a code is spelled: no `DiagnosticCode(rawValue: "…")` anywhere else in `Sources/`.
  @Test func everyCodeConstantIsInTheListAndCodesAreSpelledOnce() throws {
    let found = try Self.sources.get()
    let declared = found.names[.diagnostic, default: [:]]
    #expect(declared.count == DiagnosticCode.all.count)
    let listed = Set(DiagnosticCode.all.map(\.rawValue))
    for (code, place) in declared.sorted(by: { $0.key < $1.key }) where !listed.contains(code) {
      Issue.record("the constant for `\(code)` (\(place)) is missing from DiagnosticCode.all")
    }
    for (code, place) in found.strayCodes.sorted(by: { $0.key < $1.key }) {
      Issue.record(
        "`\(code)` (\(place)) is spelled outside the DiagnosticCode constants; add a constant")
    }
  }

  /// The scan of `Sources/`, once for all tests.
  static let sources = Result { try SourceCodes.scan(folder: Repository.url("Sources")) }

  @Test func everyEventKindAndFailureCodeInSourcesIsDocumented() throws {
    let found = try Self.sources.get()
    let reference = try CodesReference(url: Repository.url("Documentation/Codes.md"))
    for category in CodeCategory.allCases where category != .diagnostic {
      let documented = reference.entries[category, default: []]
      for (name, place) in found.names[category, default: [:]].sorted(by: { $0.key < $1.key })
      where !documented.contains(name) {
        let section = category.heading
        Issue.record(
          "\(category.singular) `\(name)` (\(place)) is missing from the \"\(section)\" section of Documentation/Codes.md"
        )
      }
    }
    // The scan must keep finding the forms it knows; a refactoring that hides them from it
    // would otherwise make this test pass vacuously.
    #expect(found.names[.diagnostic, default: [:]].count >= 90)
    #expect(found.names[.eventKind, default: [:]].count >= 40)
    #expect(found.names[.mediaFailure, default: [:]].count >= 13)
    #expect(found.names[.attachmentError, default: [:]].count >= 4)
  }

  @Test func everyDocumentedEventKindAndFailureCodeStillExistsInSources() throws {
    let found = try Self.sources.get()
    let reference = try CodesReference(url: Repository.url("Documentation/Codes.md"))
    for category in CodeCategory.allCases where category != .diagnostic {
      for name in reference.entries[category, default: []].sorted()
      where !found.mentions.contains(name) {
        Issue.record(
          "Documentation/Codes.md lists \(category.singular) `\(name)`, which no source file uses")
      }
    }
  }

  @Test func theReferenceHasEverySectionAndNoDuplicateRows() throws {
    let reference = try CodesReference(url: Repository.url("Documentation/Codes.md"))
    for category in CodeCategory.allCases {
      #expect(reference.entries[category] != nil, "no \"\(category.heading)\" section")
    }
    #expect(reference.duplicates.isEmpty, "listed twice: \(reference.duplicates.sorted())")
  }

  /// The code lists of events (`EventCode` types) against the rows of their kinds: a row that
  /// says "`code` is one of" lists exactly the type's `all`, in order, and every such row has
  /// a type, so a check written from Codes.md names codes the device logs. (The codes of
  /// `media.failed` and `attachment.rejected` have sections of their own, checked above.)
  @Test func everyEventCodeListIsItsKindsRowInTheReference() throws {
    let text = try String(
      contentsOf: Repository.url("Documentation/Codes.md"), encoding: .utf8)
    let lists: [EventKind: [String]] = [
      ActivityIgnoredCode.kind: ActivityIgnoredCode.all.map(\.rawValue),
      ActivityFailedCode.kind: ActivityFailedCode.all.map(\.rawValue),
      ThrottledCode.kind: ThrottledCode.all.map(\.rawValue),
      DiscardedCode.kind: DiscardedCode.all.map(\.rawValue),
      AppEventsDroppedCode.kind: AppEventsDroppedCode.all.map(\.rawValue),
    ]
    var documented: [EventKind: [String]] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
      guard cells.count > 2, let list = line.firstRange(of: "`code` is one of") else { continue }
      let kind = EventKind(rawValue: cells[1].trimmingCharacters(in: .whitespaces.union(["`"])))
      let codes = line[list.upperBound...].matches(of: #/`([^`]+)`/#).map { String($0.output.1) }
      // `media.failed` points at its own section ("one of the [media failure codes]").
      if !codes.isEmpty { documented[kind] = codes }
    }
    #expect(Set(documented.keys) == Set(lists.keys))
    for (kind, codes) in lists {
      #expect(documented[kind] == codes, "\(kind.rawValue): Codes.md vs the EventCode type")
      #expect(Set(codes).count == codes.count, "\(kind.rawValue) lists a code twice")
    }
  }

  /// Each form in which the sources name a code is found, and comments are ignored.
  @Test func theScanFindsEveryFormAndIgnoresComments() throws {
    let sample = #"""
      /// A doc comment naming `static let x = DiagnosticCode(rawValue: "in-a-doc-comment")`.
      // static let y = DiagnosticCode(rawValue: "in-a-comment") and log("in-a-comment", nil)
      /* A block comment: DiagnosticCode(rawValue: "in-a-block-comment") /* nested */ still */
      extension DiagnosticCode {
        public static let declared = DiagnosticCode(rawValue: "declared-code")
        static let other =
          DiagnosticCode(rawValue: "declared-on-two-lines")
        static let split = DiagnosticCode(
          rawValue: "declared-split")
      }
      func make() {
        let a = Diagnostic(.warning, code: .declared, message: "x", source: .lint)
        let b = DiagnosticCode(rawValue: "stray-code")
        log("raw-kind", nil, .device, "a \"quoted\" reason")
        log(.init(rawValue: "init-kind"), nil, .apns, "reason")
        let details = ["code": "detail-code", "url": "not-a-code"]
        let s = "DiagnosticCode(rawValue: \"inside-a-string\")"
      }
      extension DeviceEvent.Kind {
        public static let extended: Self = "extended.kind"
      }
      public struct DeviceEvent {
        public struct Kind { public static let nested: Self = "nested-kind" }
      }
      public struct MediaFetchError {
        public struct Code { public static let gone: Self = "media-code" }
      }
      public struct AttachmentFileRejection {
        public enum Code: String, CaseIterable {
          case attachmentOne
          case attachmentTwo, attachmentThree
        }
      }
      enum Schemas {
        static let eventKinds = ["listed-kind", "other-listed-kind"]
      }
      let raw = #"DiagnosticCode(rawValue: "in-a-raw-string")"#
      """#
    var found = SourceCodes()
    found.add(source: sample, file: "Sample.swift")
    let names = found.names.mapValues { Set($0.keys) }
    #expect(names[.diagnostic] == ["declared-code", "declared-on-two-lines", "declared-split"])
    #expect(Set(found.strayCodes.keys) == ["stray-code"])
    #expect(
      names[.eventKind]
        == [
          "raw-kind", "init-kind", "extended.kind", "nested-kind", "listed-kind",
          "other-listed-kind",
        ])
    #expect(names[.mediaFailure] == ["detail-code", "media-code"])
    #expect(names[.attachmentError] == ["attachmentOne", "attachmentTwo", "attachmentThree"])
  }
}

// MARK: - The reference

/// The four kinds of name Codes.md documents, one section each.
enum CodeCategory: CaseIterable, Hashable {
  case diagnostic
  case eventKind
  case mediaFailure
  case attachmentError

  /// The section heading in Codes.md (`## Diagnostic codes`).
  var heading: String {
    switch self {
    case .diagnostic: "Diagnostic codes"
    case .eventKind: "Event kinds"
    case .mediaFailure: "Media failure codes"
    case .attachmentError: "Attachment error codes"
    }
  }

  /// One of them, for messages.
  var singular: String {
    switch self {
    case .diagnostic: "diagnostic code"
    case .eventKind: "event kind"
    case .mediaFailure: "media failure code"
    case .attachmentError: "attachment error code"
    }
  }
}

/// The names Codes.md lists: the backticked first cell of each table row, per section.
struct CodesReference {
  var entries: [CodeCategory: Set<String>] = [:]
  var duplicates: Set<String> = []

  init(url: URL) throws {
    let text = try String(contentsOf: url, encoding: .utf8)
    var section: CodeCategory?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("## ") {
        let title = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
        section = CodeCategory.allCases.first { title.hasPrefix($0.heading) }
        if let section, entries[section] == nil { entries[section] = [] }
        continue
      }
      guard let section, line.hasPrefix("| `") else { continue }
      let cell = line.dropFirst(3)
      guard let end = cell.firstIndex(of: "`") else { continue }
      let name = String(cell[..<end])
      if entries[section, default: []].insert(name).inserted == false { duplicates.insert(name) }
    }
  }
}

// MARK: - The scan

/// The codes and event kinds that Swift sources name, found from the forms the code uses:
///
/// - diagnostic codes: the constants `static let x = DiagnosticCode(rawValue: "…")`; any other
///   `DiagnosticCode(rawValue: "…")` is a stray (a code spelled outside the constants);
/// - event kinds: a `static let x: Self = "…"` in `DeviceEvent.Kind` (nested or extended); a
///   literal or `.init(rawValue: "…")` first argument of `log(`; `Kind(rawValue: "…")`;
///   `kind: "…"`; the `eventKinds` list that `expect` accepts;
/// - media failure codes: `static let` in `MediaFetchError.Code`, and `"code": "…"` in event
///   details;
/// - attachment error codes: the cases of `AttachmentFileRejection.Code` (PushMedia).
struct SourceCodes {
  /// Each name found, with the first place it was seen (`File.swift:12`).
  var names: [CodeCategory: [String: String]] = [:]
  /// Diagnostic codes spelled as `DiagnosticCode(rawValue: "…")` outside a constant, with place.
  var strayCodes: [String: String] = [:]
  /// Every string literal in code (not comments), for the reverse check.
  var mentions: Set<String> = []

  static func scan(folder: URL) throws -> SourceCodes {
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    let urls = (files?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    let sources = try urls.sorted(by: { $0.path < $1.path }).map { url in
      (
        text: SwiftText(try String(contentsOf: url, encoding: .utf8)),
        file: url.path.replacingOccurrences(of: folder.path + "/", with: "")
      )
    }
    var result = SourceCodes()
    for source in sources { result.add(source.text, file: source.file) }
    return result
  }

  /// Adds what one file names.
  mutating func add(source: String, file: String) {
    add(SwiftText(source), file: file)
  }

  private mutating func add(_ text: SwiftText, file: String) {
    let code = String(text.code)
    let skeleton = String(text.skeleton)
    let blocks = Self.typeBlocks(skeleton: skeleton, text: text)

    func place(_ offset: Int) -> String {
      "\(file):\(text.code[..<min(offset, text.code.count)].filter { $0 == "\n" }.count + 1)"
    }
    func record(_ name: String, _ category: CodeCategory, at offset: Int) {
      guard name.wholeMatch(of: #/[A-Za-z0-9][A-Za-z0-9._-]*/#) != nil else { return }
      if names[category, default: [:]][name] == nil {
        names[category, default: [:]][name] = place(offset)
      }
    }
    /// The string literals of the code between two offsets.
    func literals(from start: Int, to end: Int) -> [String] {
      String(text.code[start..<end]).matches(of: #/"([^"\\\n]*)"/#).map { String($0.output.1) }
    }
    /// Matches the pattern on the skeleton (no comments, no string contents) and records the
    /// literals the code holds inside the first capture group.
    func find<Output>(
      _ regex: Regex<Output>, _ category: CodeCategory, block: Bool = false, inCode: Bool = false
    ) {
      let searched = inCode ? code : skeleton
      for match in searched.matches(of: Regex<AnyRegexOutput>(regex)) {
        guard let range = match.output[1].range else { continue }
        let start = text.offset(of: range.lowerBound, in: searched)
        var end = text.offset(of: range.upperBound, in: searched)
        if block {
          guard let close = text.matchingBrace(from: start) else { continue }
          end = close + 1
        }
        for name in literals(from: start, to: end) { record(name, category, at: start) }
      }
    }

    for match in code.matches(of: #/"([^"\\\n]*)"/#) { mentions.insert(String(match.output.1)) }
    let identifier: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "_" }
    for word in text.code.split(whereSeparator: { !identifier($0) }) {
      mentions.insert(String(word))
    }

    // Diagnostic codes: a constant, or a stray spelling anywhere else.
    for match in skeleton.matches(of: #/DiagnosticCode\(\s*rawValue:\s*("[^"\n]*")\)/#) {
      let start = text.offset(of: match.output.1.startIndex, in: skeleton)
      let end = text.offset(of: match.output.1.endIndex, in: skeleton)
      let before = skeleton[..<match.range.lowerBound].suffix(120)
      let isConstant =
        before.contains(#/static\s+let\s+\w+\s*(?::\s*DiagnosticCode\s*)?=\s*$/#)
      for name in literals(from: start, to: end) {
        if isConstant {
          record(name, .diagnostic, at: start)
        } else if strayCodes[name] == nil {
          strayCodes[name] = place(start)
        }
      }
    }

    // Event kinds.
    find(#/\blog\(\s*(?:\.init\(rawValue:\s*)?("[^"\n]*")/#, .eventKind)
    find(#/\bKind\(rawValue:\s*("[^"\n]*")/#, .eventKind)
    find(#/\bkind:\s*("[^"\n]*")/#, .eventKind)
    find(#/\beventKinds\s*(?::[^=\n]*)?=\s*(\[)/#, .eventKind, block: true)

    // Media failure codes given as event details.
    // (the key is text, so this one is matched on the code with its strings)
    find(#/"code"\s*:\s*("[^"\n]*")/#, .mediaFailure, inCode: true)

    // Named constants and enum cases, by the type that holds them.
    for match in skeleton.matches(of: #/static\s+let\s+\w+\s*:\s*(\w+)\s*=\s*("[^"\n]*")/#) {
      let start = text.offset(of: match.output.2.startIndex, in: skeleton)
      let end = text.offset(of: match.output.2.endIndex, in: skeleton)
      let type = Self.typeName(at: start, in: blocks)
      let declared = String(match.output.1)
      guard declared == "Self" || type == declared || type.hasSuffix("." + declared),
        let category = Self.category(ofType: type)
      else { continue }
      for name in literals(from: start, to: end) { record(name, category, at: start) }
    }
    for block in blocks where block.isStringEnum {
      guard let category = Self.category(ofType: block.qualifiedName) else { continue }
      let body = String(text.skeleton[block.open...block.close])
      for match in body.matches(of: #/\bcase\s+([^\n{}]+)/#) {
        for item in match.output.1.split(separator: ",") {
          let caseName = item.split(separator: "=")[0].trimmingCharacters(in: .whitespaces)
          guard !caseName.isEmpty, caseName.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
          else { continue }
          // A raw value given as a literal is the name; else the case name is.
          let rawStart = text.offset(of: item.startIndex, in: body) + block.open
          let raw = literals(from: rawStart, to: rawStart + item.count).first
          record(raw ?? caseName, category, at: block.open)
        }
      }
    }
  }

  /// Which section a constant of `type` belongs to, or `nil` when it is not a code at all.
  static func category(ofType type: String) -> CodeCategory? {
    if type.hasSuffix("Event.Kind") || type == "EventKind" { return .eventKind }
    if type.hasSuffix("MediaFetchError.Code") { return .mediaFailure }
    if type.hasSuffix("AttachmentFileRejection.Code") { return .attachmentError }
    return nil
  }

  /// A type declaration's braces.
  struct TypeBlock {
    var qualifiedName: String
    var open: Int
    var close: Int
    var isStringEnum: Bool
  }

  /// The type declarations of a file, with their names qualified by the types around them.
  static func typeBlocks(skeleton: String, text: SwiftText) -> [TypeBlock] {
    var blocks: [TypeBlock] = []
    let declaration = #/\b(extension|struct|enum|class|actor)\s+([A-Za-z_][\w.]*)([^{;]*)\{/#
    for match in skeleton.matches(of: declaration) {
      let open = text.offset(of: match.range.upperBound, in: skeleton) - 1
      guard let close = text.matchingBrace(from: open) else { continue }
      let outer = typeName(at: open, in: blocks)
      let name = String(match.output.2)
      let isStringEnum =
        match.output.1 == "enum" && match.output.3.contains(#/:\s*String\b/#)
      blocks.append(
        TypeBlock(
          qualifiedName: outer.isEmpty || match.output.1 == "extension" ? name : outer + "." + name,
          open: open, close: close, isStringEnum: isStringEnum))
    }
    return blocks
  }

  /// The innermost type declared around `offset` (`""` at file level).
  static func typeName(at offset: Int, in blocks: [TypeBlock]) -> String {
    blocks.filter { $0.open < offset && offset < $0.close }.max { $0.open < $1.open }?
      .qualifiedName ?? ""
  }
}

/// A Swift file, character for character, with comments blanked out (`code`) and, in
/// `skeleton`, string contents blanked as well, so braces and declarations can be found without
/// being fooled by text.
struct SwiftText {
  private(set) var code: [Character]
  private(set) var skeleton: [Character]
  private let characters: [Character]
  private var index = 0

  init(_ source: String) {
    characters = Array(source)
    code = characters
    skeleton = characters
    scanCode(untilInterpolationEnds: false)
  }

  /// The character offset of a string index of `code` or `skeleton`.
  func offset(of index: String.Index, in string: String) -> Int {
    string.distance(from: string.startIndex, to: index)
  }

  /// The offset of the bracket closing the `{`, `[` or `(` at `open`, in the skeleton.
  func matchingBrace(from open: Int) -> Int? {
    guard open >= 0, open < skeleton.count else { return nil }
    let opening = skeleton[open]
    let closing: Character = opening == "{" ? "}" : opening == "[" ? "]" : ")"
    var depth = 0
    for position in open..<skeleton.count {
      if skeleton[position] == opening { depth += 1 }
      if skeleton[position] == closing {
        depth -= 1
        if depth == 0 { return position }
      }
    }
    return nil
  }

  private func peek(_ ahead: Int) -> Character? {
    index + ahead < characters.count ? characters[index + ahead] : nil
  }

  private mutating func blank(_ position: Int, inCode: Bool) {
    guard position < characters.count, characters[position] != "\n" else { return }
    skeleton[position] = " "
    if inCode { code[position] = " " }
  }

  private mutating func scanCode(untilInterpolationEnds interpolation: Bool) {
    var depth = 0
    while index < characters.count {
      let character = characters[index]
      if character == "/", peek(1) == "/" {
        while index < characters.count, characters[index] != "\n" {
          blank(index, inCode: true)
          index += 1
        }
      } else if character == "/", peek(1) == "*" {
        blockComment()
      } else if character == "#", peek(1) == "\"" || peek(1) == "#" {
        rawString()
      } else if character == "\"" {
        string()
      } else {
        if character == "(" { depth += 1 }
        if character == ")" {
          if interpolation, depth == 0 { return }
          depth -= 1
        }
        index += 1
      }
    }
  }

  private mutating func blockComment() {
    var level = 0
    repeat {
      if characters[index] == "/", peek(1) == "*" {
        level += 1
        blank(index, inCode: true)
        blank(index + 1, inCode: true)
        index += 2
      } else if characters[index] == "*", peek(1) == "/" {
        level -= 1
        blank(index, inCode: true)
        blank(index + 1, inCode: true)
        index += 2
      } else {
        blank(index, inCode: true)
        index += 1
      }
    } while level > 0 && index < characters.count
  }

  private mutating func string() {
    let multiline = peek(1) == "\"" && peek(2) == "\""
    index += multiline ? 3 : 1
    while index < characters.count {
      let character = characters[index]
      if character == "\\" {
        if peek(1) == "(" {
          index += 2
          scanCode(untilInterpolationEnds: true)
          index += 1
          continue
        }
        blank(index, inCode: false)
        blank(index + 1, inCode: false)
        index += 2
      } else if character == "\"", !multiline {
        index += 1
        return
      } else if character == "\"", peek(1) == "\"", peek(2) == "\"" {
        index += 3
        return
      } else if character == "\n", !multiline {
        return
      } else {
        blank(index, inCode: false)
        index += 1
      }
    }
  }

  /// `#"…"#` and `#"""…"""#`: everything up to the closing quote and hashes is text.
  private mutating func rawString() {
    var hashes = 0
    while peek(0) == "#" {
      hashes += 1
      index += 1
    }
    guard peek(0) == "\"" else { return }
    let quotes = peek(1) == "\"" && peek(2) == "\"" ? 3 : 1
    index += quotes
    let terminator =
      Array(repeating: Character("\""), count: quotes)
      + Array(repeating: Character("#"), count: hashes)
    while index < characters.count {
      if Array(characters[index..<min(characters.count, index + terminator.count)]) == terminator {
        index += terminator.count
        return
      }
      blank(index, inCode: false)
      index += 1
    }
  }
}
