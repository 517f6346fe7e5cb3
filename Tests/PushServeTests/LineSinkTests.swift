import Foundation
import Synchronization
import Testing

@testable import PushServe

/// A log's lines reach its output whole and in order, whichever threads give them, and a thread
/// never waits for another's write.
@Suite struct LineSinkTests {
  @Test func linesFromManyThreadsArriveWholeAndInEachThreadsOrder() async {
    let written = Mutex<[String]>([])
    let sink = LineSink { text in written.withLock { $0.append(text) } }
    await withTaskGroup(of: Void.self) { group in
      for thread in 0..<8 {
        group.addTask {
          for line in 0..<500 { sink.write("\(thread) \(line)\n") }
        }
      }
    }
    sink.flush()
    let lines = written.withLock { $0.joined() }.split(separator: "\n")
    #expect(lines.count == 8 * 500)
    for thread in 0..<8 {
      let own = lines.filter { $0.hasPrefix("\(thread) ") }.map(String.init)
      #expect(own == (0..<500).map { "\(thread) \($0)" })
    }
  }

  @Test func aLineGivenWhileAnotherThreadWritesDoesNotWaitForIt() throws {
    let release = DispatchSemaphore(value: 0)
    let entered = DispatchSemaphore(value: 0)
    let written = Mutex<[String]>([])
    let sink = LineSink { text in
      if text == "slow\n" {
        entered.signal()
        release.wait()
      }
      written.withLock { $0.append(text) }
    }
    Thread.detachNewThread { sink.write("slow\n") }
    #expect(entered.wait(timeout: .now() + 60) == .success)
    // The output is stuck in the other thread's write: this returns at once all the same.
    sink.write("quick\n")
    #expect(written.withLock { $0 }.isEmpty)
    release.signal()
    sink.flush()
    #expect(written.withLock { $0 } == ["slow\n", "quick\n"])
  }
}
