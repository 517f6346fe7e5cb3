import Foundation
import PushSimTestSupport
import Testing

/// Public on purpose: every `public` or `open` declaration of every module has a doc comment,
/// so what users may rely on is what the documentation says. Protocol witnesses whose meaning
/// is the protocol's (`==`, `<`, `hash(into:)`, the literal initializers, a `Clock`'s
/// `Instant`) are the only exceptions.
@Suite struct PublicAPIDocumentedTests {
  /// Declarations whose meaning is a standard protocol's.
  static let witnesses: [String] = [
    "static func ==", "static func <", "func hash(into", "init(stringLiteral",
    "init(integerLiteral", "init(floatLiteral", "init(booleanLiteral", "init(nilLiteral",
    "init(arrayLiteral", "init(dictionaryLiteral", "typealias Instant",
  ]

  /// The undocumented public declarations of `text`, as `line: declaration`.
  static func undocumented(in text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    var found: [String] = []
    for (index, line) in lines.enumerated() {
      guard line.hasPrefix("public ") || line.hasPrefix("open "),
        !line.hasPrefix("public import "),
        !witnesses.contains(where: { line.contains($0) })
      else { continue }
      if !isDocumented(lines, before: index) { found.append("\(index + 1): \(line)") }
    }
    return found
  }

  /// Whether the lines above `index`, past its attributes (`@available(…)` over several lines
  /// included), end with a doc comment.
  static func isDocumented(_ lines: [String], before index: Int) -> Bool {
    var above = index - 1
    var openParentheses = 0
    while above >= 0 {
      let line = lines[above]
      openParentheses +=
        line.filter { $0 == ")" }.count - line.filter { $0 == "(" }.count
      if openParentheses > 0 || line.hasPrefix("@") {
        above -= 1
        continue
      }
      return line.hasPrefix("///") || line.hasSuffix("*/")
    }
    return false
  }

  @Test func everyPublicDeclarationHasADocComment() throws {
    let sources = Repository.url("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
    var undocumented: [String] = []
    while let path = files.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(
        contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      undocumented += Self.undocumented(in: text).map { "Sources/\(path):\($0)" }
    }
    #expect(undocumented.isEmpty, "\(undocumented.joined(separator: "\n"))")
  }

  @Test func theScanSeesAttributesAndMissingComments() {
    let text = """
      /// Documented.
      @available(
        iOS, deprecated: 17.0,
        message: "Use x instead")
      public var documented: Int
      @discardableResult
      public func bare() -> Int
      public static func == (lhs: Self, rhs: Self) -> Bool
      """
    #expect(Self.undocumented(in: text) == ["7: public func bare() -> Int"])
  }
}
