import Foundation
import PushSimTestSupport
import Testing

/// PushDevice's tree shows its seam (Architecture.md, "Public on purpose"): a file in
/// `Sources/PushDevice/Public/` declares API a Swift user builds on (it may keep `package`
/// helpers of that API beside it), a file in `Sources/PushDevice/Machinery/` declares none, and
/// no file sits elsewhere.
@Suite struct SeamFoldersTests {
  /// Whether `text` declares anything public or open (`public import` aside).
  static func declaresPublicAPI(_ text: String) -> Bool {
    text.split(separator: "\n").contains { line in
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      return (trimmed.hasPrefix("public ") || trimmed.hasPrefix("open "))
        && !trimmed.hasPrefix("public import ")
    }
  }

  @Test func publicAndMachineryFilesAreWhereTheirAccessSays() throws {
    let root = Repository.url("Sources/PushDevice")
    let files = try #require(FileManager.default.enumerator(atPath: root.path))
    var misplaced: [String] = []
    var counts = (public: 0, machinery: 0)
    while let path = files.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      let isPublic = Self.declaresPublicAPI(text)
      if path.hasPrefix("Public/") {
        counts.public += 1
        if !isPublic { misplaced.append("\(path): declares no public API; move it to Machinery/") }
      } else if path.hasPrefix("Machinery/") {
        counts.machinery += 1
        if isPublic { misplaced.append("\(path): declares public API; move it to Public/") }
      } else {
        misplaced.append("\(path): outside Public/ and Machinery/")
      }
    }
    #expect(misplaced.isEmpty, "\(misplaced.joined(separator: "\n"))")
    // The folders were found and read.
    #expect(counts.public > 40 && counts.machinery > 40)
  }

  @Test func theRuleSeesPublicAndOpenDeclarationsOnly() {
    #expect(Self.declaresPublicAPI("public import Foundation\n  public struct A {}"))
    #expect(Self.declaresPublicAPI("open class B {}"))
    #expect(!Self.declaresPublicAPI("public import Foundation\npackage struct C {}"))
    #expect(!Self.declaresPublicAPI("/// A public type.\nstruct D { var publicity = 0 }"))
  }
}
