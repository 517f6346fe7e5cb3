import Foundation
import PushSimTestSupport
import Testing

/// Every command on an output it cannot write to (a full disk, a pipe whose reader is gone with
/// `SIGPIPE` ignored): it reports the write error on standard error and exits 2 instead of
/// trapping in `FileHandle` or, for `validate --jsonl`, exiting 0 with everything lost.
@Suite struct BrokenOutputTests {
  static let commands: [[String]] = [
    ["run", "Scenarios/center"],
    ["run", "--format", "json", "Scenarios/center"],
    ["validate", "Scenarios/payloads/es-chat-message.json"],
    ["validate", "--jsonl", "Scenarios/payloads/es-chat-message.json"],
    ["render", "Scenarios/payloads/es-chat-message.json", "--languages", "es"],
    ["strings", "dump", "Strings/Orders.xcstrings"],
    ["--help"],
  ]

  @Test(arguments: commands)
  func fullDiskOnStandardOutputIsReportedAndFails(_ arguments: [String]) throws {
    let result = try CommandRunner.run(arguments, broken: .fullDisk)
    #expect(result.status == 2)
    #expect(
      result.standardError.contains(
        "error: cannot write to standard output: No space left on device"))
  }

  @Test(arguments: commands)
  func closedPipeOnStandardOutputIsReportedAndFails(_ arguments: [String]) throws {
    let result = try CommandRunner.run(arguments, broken: .closedPipe)
    #expect(result.status == 2)
    #expect(result.standardError.contains("error: cannot write to standard output: Broken pipe"))
  }

  @Test func lostStandardErrorIsNotSuccess() throws {
    // `validate --jsonl` prints its totals on standard error; an invalid scenario's error line
    // goes there too.
    for arguments in [
      ["validate", "--jsonl", "Scenarios/payloads/es-chat-message.json"],
      ["run", "Tests/EndToEndTests/Fixtures/invalid/unknown-step.json"],
    ] {
      for broken in [CommandRunner.BrokenOutput.fullDisk, .closedPipe] {
        let result = try CommandRunner.run(arguments, broken: broken, stream: .standardError)
        #expect(result.status == 2, "\(arguments) \(broken)")
      }
    }
  }
}
