import Foundation
import PushCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// When a socket wait must give up: the download's deadline (the extension's remaining budget,
/// real time) or a stop from the fetching task.
package struct SocketDeadline: Sendable {
  /// When the fetch started.
  package var start: ContinuousClock.Instant
  /// The whole fetch's budget, redirects included.
  package var timeout: Duration
  /// Raised when the fetching task is cancelled.
  package var stop: StopSignal

  /// A deadline `timeout` after `start`, stopped early by `stop`.
  package init(start: ContinuousClock.Instant, timeout: Duration, stop: StopSignal) {
    self.start = start
    self.timeout = timeout
    self.stop = stop
  }

  /// How long the fetch has taken so far.
  package var elapsed: Duration { start.duration(to: .now) }

  /// Throws `timedOut` at a stop or past the deadline; for loops that do not wait on a socket
  /// (decoding, reading a fast stream), between slices of work.
  package func check(url: URL) throws(HTTPError) {
    if stop.isRaised { throw stopped(url: url) }
    guard elapsed < timeout else { throw timedOut(url: url) }
  }

  /// Waits until `descriptor` is ready for `events`, in slices of at most 50 ms so that a stop
  /// is seen promptly; throws `timedOut` at the deadline or at a stop.
  package func wait(_ descriptor: Int32, for events: Int16, url: URL) throws(HTTPError) {
    while true {
      if stop.isRaised { throw stopped(url: url) }
      let left = timeout - elapsed
      guard left > .zero else { throw timedOut(url: url) }
      let slice = min(left, .milliseconds(50))
      let (seconds, attoseconds) = slice.components
      let milliseconds = Int32(max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
      var entry = pollfd(fd: descriptor, events: events, revents: 0)
      let ready = poll(&entry, 1, milliseconds)
      if ready > 0 { return }
      if ready < 0 && errno != EINTR {
        throw HTTPError(
          .connection, url: url, reason: "waiting for the socket failed: \(Self.errorText(errno))",
          elapsed: elapsed)
      }
    }
  }

  /// The error for a download that ran out of its budget.
  package func timedOut(url: URL) -> HTTPError {
    HTTPError(
      .timedOut, url: url,
      reason: "the download did not finish within the \(timeout.secondsText) left in the budget",
      elapsed: timeout)
  }

  /// The error for a download whose fetching task was stopped.
  package func stopped(url: URL) -> HTTPError {
    HTTPError(.timedOut, url: url, reason: "the extension was stopped", elapsed: elapsed)
  }

  /// The C library's text for an `errno` value.
  static func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
