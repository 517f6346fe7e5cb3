import Foundation
import PushSimTestSupport
import Testing

/// The `pushsim validate` examples of Documentation/Guides/ValidatingPayloads.md run as written:
/// each `$ swift run pushsim …` line in the guide is run with the built executable, and its
/// standard output followed by its standard error must be the lines the guide shows under it.
@Suite struct ValidateGuideTests {
  struct Example: Sendable, CustomStringConvertible {
    var arguments: [String]
    var expected: String
    var description: String { arguments.joined(separator: " ") }
  }

  static let examples: [Example] = {
    let url = Repository.url("Documentation/Guides/ValidatingPayloads.md")
    guard let guide = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    var examples: [Example] = []
    var current: Example?
    for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("$ swift run pushsim ") {
        current = Example(
          arguments: line.dropFirst("$ swift run pushsim ".count).split(separator: " ").map(
            String.init),
          expected: "")
      } else if line.hasPrefix("```"), let example = current {
        examples.append(example)
        current = nil
      } else if current != nil {
        current?.expected += line + "\n"
      }
    }
    return examples
  }()

  @Test func theGuideHasExamples() {
    #expect(Self.examples.count >= 5)
  }

  @Test(arguments: examples)
  func guideExampleRunsAsShown(example: Example) throws {
    let result = try CommandRunner.run(example.arguments)
    #expect(result.standardOutput + result.standardError == example.expected)
  }
}
