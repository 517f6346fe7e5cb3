import Foundation
import PushSimTestSupport
import Testing

/// The README's `pushsim validate` examples run as written: each `$ swift run pushsim …` line
/// in the validate section is run with the built executable, and its standard output followed
/// by its standard error must be the lines the README shows under it.
@Suite struct ValidateReadmeTests {
  struct Example: Sendable, CustomStringConvertible {
    var arguments: [String]
    var expected: String
    var description: String { arguments.joined(separator: " ") }
  }

  static let examples: [Example] = {
    guard let readme = try? String(contentsOf: Repository.url("README.md"), encoding: .utf8),
      let start = readme.range(of: "## Validate a payload: `pushsim validate`")
    else { return [] }
    let section = readme[start.upperBound...].prefix { _ in true }
    let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
    var examples: [Example] = []
    var current: Example?
    for line in section[..<end].split(separator: "\n", omittingEmptySubsequences: false) {
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

  @Test func theReadmeHasExamples() {
    #expect(Self.examples.count >= 5)
  }

  @Test(arguments: examples)
  func readmeExampleRunsAsShown(example: Example) throws {
    let result = try CommandRunner.run(example.arguments)
    #expect(result.standardOutput + result.standardError == example.expected)
  }
}
