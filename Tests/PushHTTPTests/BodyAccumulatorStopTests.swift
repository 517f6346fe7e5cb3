import Foundation
import Testing

@testable import PushHTTP

#if canImport(Glibc)
  import Glibc
#endif

/// A stopped download stops using the CPU (issue 36): the decoder works in slices and the
/// stop signal and the deadline are looked at between them, not only while the socket is
/// waited on.
@Suite struct BodyAccumulatorStopTests {
  static let url = URL(string: "http://127.0.0.1/huge.mp4") ?? URL(fileURLWithPath: "/")

  static func accumulator(deadline: SocketDeadline) -> BodyAccumulator {
    BodyAccumulator(
      limit: 1 << 30, wireLimit: 1 << 31, encoding: .deflate, encodingName: "deflate", url: url,
      status: 200, deadline: deadline)
  }

  /// The calling thread's CPU time.
  static func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }

  /// A huge one-block body (64 MiB of zeros in one DEFLATE block, 400 KiB encoded): stopped
  /// mid-body, the next look at the body decodes at most one slice and reports the stop.
  @Test func aDownloadStoppedMidBodyOfAHugeOneBlockStreamStopsDecodingAtTheNextSlice() throws {
    let encoded = ContentDecoderResumeTests.zerosInOneBlock(count: 64 << 20)
    let stop = StopSignal()
    var body = Self.accumulator(
      deadline: SocketDeadline(start: .now, timeout: .seconds(3600), stop: stop))
    // The first 4 KiB (about 650 KB decoded) arrive and are decoded whole.
    body.received = Array(encoded[..<4096])
    try body.check()
    let decodedBeforeStop = body.stream?.decodedCount ?? 0
    #expect(decodedBeforeStop > 600_000)

    stop.raise()
    body.received = Array(encoded[4096...])
    let start = Self.threadCPUTime()
    let error = #expect(throws: HTTPError.self) { try body.check() }
    let used = Self.threadCPUTime() - start
    #expect(error?.code == .timedOut)
    #expect(error?.reason == "the extension was stopped")
    // One slice at most: without the slices, the call decoded the other 63 MiB.
    let decodedAfterStop = (body.stream?.decodedCount ?? 0) - decodedBeforeStop
    #expect(decodedAfterStop <= BodyAccumulator.decodingSlice + 258)
    // Generous (a slice takes milliseconds, a debug build included); decoding the rest of the
    // body took seconds.
    #expect(used < .milliseconds(500), "\(used) of CPU after the stop")
  }

  @Test func aDownloadPastItsDeadlineStopsDecodingAtTheNextSlice() throws {
    let encoded = ContentDecoderResumeTests.zerosInOneBlock(count: 64 << 20)
    var body = Self.accumulator(
      deadline: SocketDeadline(
        start: .now - .seconds(10), timeout: .seconds(1), stop: StopSignal()))
    body.received = encoded
    let error = #expect(throws: HTTPError.self) { try body.check() }
    #expect(error?.code == .timedOut)
    #expect(error?.reason.contains("did not finish within") == true)
    #expect((body.stream?.decodedCount ?? 0) <= BodyAccumulator.decodingSlice + 258)
  }

  @Test func theDeadlineCheckSeesAStopAndTheDeadline() {
    let stop = StopSignal()
    let deadline = SocketDeadline(start: .now, timeout: .seconds(3600), stop: stop)
    #expect(throws: Never.self) { try deadline.check(url: Self.url) }
    stop.raise()
    #expect(throws: HTTPError.self) { try deadline.check(url: Self.url) }
    let late = SocketDeadline(start: .now - .seconds(2), timeout: .seconds(1), stop: StopSignal())
    #expect(throws: HTTPError.self) { try late.check(url: Self.url) }
  }
}
