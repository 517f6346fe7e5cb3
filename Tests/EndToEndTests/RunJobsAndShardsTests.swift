import Foundation
import PushSimTestSupport
import Testing

/// `pushsim run --jobs N` gives the report `--jobs 1` gives, byte for byte, and `--shard K/N`
/// splits a suite into parts that together play every file once
/// (Documentation/Guides/CIAndSharding.md).
@Suite struct RunJobsAndShardsTests {
  @Test(arguments: ["text", "json", "junit"])
  func twoJobsReportExactlyWhatOneJobReports(format: String) throws {
    let one = try CommandRunner.run(["run", "Scenarios", "--format", format, "--jobs", "1"])
    let two = try CommandRunner.run(["run", "Scenarios", "--format", format, "--jobs", "2"])
    #expect(one.status == 0)
    #expect(two.status == one.status)
    #expect(two.standardError == one.standardError)
    #expect(!one.standardOutput.isEmpty)
    #expect(two.standardOutput == one.standardOutput)
  }

  @Test func failuresAndTheFirstInvalidFileAreTheSameWithSeveralJobs() throws {
    let fixtures = "Tests/EndToEndTests/Fixtures/run"
    let one = try CommandRunner.run(["run", fixtures, "--jobs", "1"])
    let three = try CommandRunner.run(["run", fixtures, "--jobs", "3"])
    #expect(one.status == 1)
    #expect(three.status == 1 && three.standardOutput == one.standardOutput)

    let invalid = "Tests/EndToEndTests/Fixtures/invalid"
    let serial = try CommandRunner.run(["run", invalid, "--jobs", "1"])
    let parallel = try CommandRunner.run(["run", invalid, "--jobs", "4"])
    #expect(serial.status == 2)
    #expect(parallel.status == 2)
    #expect(!serial.standardError.isEmpty)
    #expect(parallel.standardError == serial.standardError)
  }

  /// The `file` of every scenario a JSON report lists.
  static func files(inReport text: String) throws -> [String] {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let scenarios = try #require(object["scenarios"] as? [[String: Any]])
    return scenarios.compactMap { $0["file"] as? String }
  }

  @Test func shardsPartitionTheSuite() throws {
    let all = try Self.files(
      inReport: CommandRunner.run(["run", "Scenarios", "--format", "json"]).standardOutput)
    #expect(all.count >= 10)
    var union: [String] = []
    var sizes: [Int] = []
    for index in 1...3 {
      let result = try CommandRunner.run(
        ["run", "Scenarios", "--format", "json", "--shard", "\(index)/3", "--jobs", "2"])
      #expect(result.status == 0)
      let files = try Self.files(inReport: result.standardOutput)
      sizes.append(files.count)
      union += files
    }
    // Disjoint (no file twice), complete (every file), and balanced (round-robin).
    #expect(Set(union).count == union.count)
    #expect(Set(union) == Set(all))
    #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
  }

  @Test func junitFilesOfShardsHaveDistinctSuiteNames() throws {
    var names: [String] = []
    for index in 1...2 {
      let result = try CommandRunner.run(
        ["run", "Scenarios", "--format", "junit", "--shard", "\(index)/2"])
      #expect(result.status == 0)
      let line = result.standardOutput.split(separator: "\n").first { $0.contains("<testsuite ") }
      names.append(String(line ?? ""))
    }
    #expect(names[0].contains(#"<testsuite name="pushsim run (shard 1/2)""#))
    #expect(names[1].contains(#"<testsuite name="pushsim run (shard 2/2)""#))
  }

  @Test func aShardWithNoFileReportsNothingAndPasses() throws {
    let result = try CommandRunner.run(
      ["run", "Scenarios/seeds/chat-message-es.json", "--shard", "2/2"])
    #expect(result.status == 0)
    #expect(result.standardOutput == "0 passed, 0 failed\n")
  }

  /// A number is digits only in both options: `--jobs +4` was taken as 4 while `--shard +1/2`
  /// was refused.
  @Test(arguments: [
    (["--jobs", "0"], "error: --jobs takes a whole number of at least 1, in digits, not '0'"),
    (["--jobs", "two"], "error: --jobs takes a whole number of at least 1, in digits, not 'two'"),
    (["--jobs", "+4"], "error: --jobs takes a whole number of at least 1, in digits, not '+4'"),
    (["--jobs", " 4"], "error: --jobs takes a whole number of at least 1, in digits, not ' 4'"),
    (["--jobs", "٤"], "error: --jobs takes a whole number of at least 1, in digits, not '٤'"),
    (
      ["--shard", "0/2"],
      "error: --shard takes K/N in digits, with 1 <= K <= N (e.g. 2/4), not '0/2'"
    ),
    (
      ["--shard", "3/2"],
      "error: --shard takes K/N in digits, with 1 <= K <= N (e.g. 2/4), not '3/2'"
    ),
    (["--shard", "1"], "error: --shard takes K/N in digits, with 1 <= K <= N (e.g. 2/4), not '1'"),
    (
      ["--shard", "+1/2"],
      "error: --shard takes K/N in digits, with 1 <= K <= N (e.g. 2/4), not '+1/2'"
    ),
    (
      ["--shard", "1/+2"],
      "error: --shard takes K/N in digits, with 1 <= K <= N (e.g. 2/4), not '1/+2'"
    ),
  ])
  func badJobsOrShardIsAUsageError(flags: [String], message: String) throws {
    let result = try CommandRunner.run(["run", "Scenarios"] + flags)
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError == message + "\n")
  }
}
