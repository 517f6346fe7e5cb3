import Foundation
import Testing

@testable import PushCore

/// `--jobs` and `validate --jsonl` use the cores the process may run on: the affinity mask and
/// a cgroup CPU quota narrow the online count, never widen it.
@Suite struct AvailableCoresTests {
  @Test func countIsBetweenOneAndTheOnlineCores() {
    let online = ProcessInfo.processInfo.activeProcessorCount
    #expect(AvailableCores.count >= 1)
    #expect(AvailableCores.count <= online)
  }

  #if os(Linux)
    @Test func affinityMasksAreCountedBitByBit() {
      #expect(AvailableCores.maskCount("3") == 2)
      #expect(AvailableCores.maskCount("\t1\n") == 1)
      #expect(AvailableCores.maskCount("ff,ffffffff") == 40)
      #expect(AvailableCores.maskCount("00000000,00000010") == 1)
      #expect(AvailableCores.maskCount("0") == nil)
      #expect(AvailableCores.maskCount("zz") == nil)
    }

    @Test func cgroupQuotasRoundUpToWholeCores() {
      #expect(AvailableCores.quotaCores("max 100000\n") == nil)
      #expect(AvailableCores.quotaCores("100000 100000\n") == 1)
      #expect(AvailableCores.quotaCores("150000 100000") == 2)
      #expect(AvailableCores.quotaCores("50000 100000") == 1)
      #expect(AvailableCores.quotaCores("") == nil)
      #expect(AvailableCores.quotaCores("-1 100000") == nil)
    }

    /// Under `taskset -c 0` the process sees one core (checked in a child process pinned so).
    @Test func thePinnedMaskTheKernelWritesReadsAsOneCore() throws {
      guard FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset") else { return }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
      process.arguments = ["-c", "0", "grep", "Cpus_allowed:", "/proc/self/status"]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      process.waitUntilExit()
      let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      let mask = line.split(separator: ":").last ?? ""
      #expect(AvailableCores.maskCount(mask) == 1)
    }
  #endif
}
