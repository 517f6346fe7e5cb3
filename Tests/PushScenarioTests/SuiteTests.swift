import Foundation
import Testing

@testable import PushScenario

/// The suite layer of `pushsim run`: shards, ordered parallel work.
@Suite struct SuiteTests {
  @Test func shardsDealFilesRoundRobin() throws {
    let files = (1...7).map { "f\($0).json" }
    let first = try #require(SuiteShard("1/3"))
    let third = try #require(SuiteShard("3/3"))
    #expect(first.select(files) == ["f1.json", "f4.json", "f7.json"])
    #expect(third.select(files) == ["f3.json", "f6.json"])
    #expect(SuiteShard("2/4")?.description == "2/4")
    for text in ["", "1", "0/3", "4/3", "1/0", "-1/3", "1/3/4", "a/b", "+1/3", " 1/3", "1/٣"] {
      #expect(SuiteShard(text) == nil, "\(text)")
    }
  }

  @Test func workIsHandedOverInIndexOrderAndStopsWhenAsked() async {
    // Later indices finish first (less work), so order must be restored.
    var seen: [Int] = []
    await forEachInOrder(
      count: 40, jobs: 4,
      work: { index in
        var total = 0
        for value in 0..<((40 - index) * 2000) { total &+= value }
        return (index, total)
      },
      body: { result in
        seen.append(result.0)
        return result.0 < 24
      })
    #expect(seen == Array(0...24))
  }

  @Test func anyNumberOfJobsIsAccepted() async {
    for jobs in [Int.min, 0, 1, 3, Int.max] {
      var seen: [Int] = []
      await forEachInOrder(
        count: 5, jobs: jobs, work: { $0 * 10 },
        body: { value in
          seen.append(value)
          return true
        })
      #expect(seen == [0, 10, 20, 30, 40], "jobs \(jobs)")
    }
    var none = 0
    await forEachInOrder(
      count: 0, jobs: 4, work: { $0 },
      body: { _ in
        none += 1
        return true
      })
    #expect(none == 0)
  }
}
