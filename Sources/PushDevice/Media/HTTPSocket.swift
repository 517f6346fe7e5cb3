import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A flag the fetching task raises when it is cancelled, read by the download thread between
/// socket waits.
final class StopSignal: Sendable {
  private let raised = Mutex(false)

  /// Raises the flag.
  func raise() { raised.withLock { $0 = true } }

  /// Whether the flag was raised.
  var isRaised: Bool { raised.withLock { $0 } }
}

/// When a socket wait must give up: the download's deadline (the extension's remaining budget,
/// real time) or a stop from the fetching task.
struct SocketDeadline: Sendable {
  /// When the fetch started.
  var start: ContinuousClock.Instant
  /// The whole fetch's budget, redirects included.
  var timeout: Duration
  /// Raised when the fetching task is cancelled.
  var stop: StopSignal

  /// How long the fetch has taken so far.
  var elapsed: Duration { start.duration(to: .now) }

  /// Waits until `descriptor` is ready for `events`, in slices of at most 50 ms so that a stop
  /// is seen promptly; throws `timedOut` at the deadline or at a stop.
  func wait(_ descriptor: Int32, for events: Int16, url: URL) throws(MediaFetchError) {
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
        throw MediaFetchError(
          .connection, url: url, reason: "waiting for the socket failed: \(Self.errorText(errno))",
          elapsed: elapsed)
      }
    }
  }

  /// The error for a download that ran out of its budget.
  func timedOut(url: URL) -> MediaFetchError {
    MediaFetchError(
      .timedOut, url: url,
      reason: "the download did not finish within the \(timeout.secondsText) left in the budget",
      elapsed: timeout)
  }

  /// The error for a download whose fetching task was stopped.
  func stopped(url: URL) -> MediaFetchError {
    MediaFetchError(.timedOut, url: url, reason: "the extension was stopped", elapsed: elapsed)
  }

  /// The C library's text for an `errno` value.
  static func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}

/// One TCP connection for ``HTTPFetcher``'s own http client (`http:`): non-blocking, every wait bounded by
/// a ``SocketDeadline``, and a small receive buffer so that what the kernel accepts for a body
/// nobody reads stays small (Rules.md §7).
final class HTTPSocket: ByteStream {
  /// The receive buffer asked for before connecting (Linux doubles it for its bookkeeping): it
  /// also fixes the TCP window, so the kernel never holds more than this of a body the fetcher
  /// has not read.
  static let receiveBufferSize: Int32 = 256 * 1024

  private let descriptor: Int32
  private let url: URL
  private let deadline: SocketDeadline

  private init(descriptor: Int32, url: URL, deadline: SocketDeadline) {
    self.descriptor = descriptor
    self.url = url
    self.deadline = deadline
  }

  deinit { close(descriptor) }

  /// Connects to `host` (a name, or an IP address without brackets) on `port`, trying each
  /// address it resolves to in turn.
  static func open(host: String, port: Int, url: URL, deadline: SocketDeadline)
    throws(MediaFetchError) -> HTTPSocket
  {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    hints.ai_flags = AI_NUMERICSERV
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let first = list else {
      throw MediaFetchError(
        .connection, url: url,
        reason: "the host \(host) cannot be resolved: \(String(cString: gai_strerror(status)))",
        elapsed: deadline.elapsed, bytesReceived: 0)
    }
    defer { freeaddrinfo(list) }
    var failure = "no address"
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let address = entry {
      entry = address.pointee.ai_next
      let descriptor = socket(
        address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
      guard descriptor >= 0 else {
        failure = SocketDeadline.errorText(errno)
        continue
      }
      let connection = HTTPSocket(descriptor: descriptor, url: url, deadline: deadline)
      var size = receiveBufferSize
      _ = setsockopt(
        descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      if connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
        return connection
      }
      guard errno == EINPROGRESS else {
        failure = SocketDeadline.errorText(errno)
        continue
      }
      try deadline.wait(descriptor, for: Int16(POLLOUT), url: url)
      var error: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      _ = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
      if error == 0 { return connection }
      failure = SocketDeadline.errorText(error)
    }
    throw MediaFetchError(
      .connection, url: url, reason: "the connection failed: \(failure)",
      elapsed: deadline.elapsed, bytesReceived: 0)
  }

  /// Sends every byte of `bytes`.
  func write(_ bytes: [UInt8]) throws(MediaFetchError) {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        send(
          descriptor, buffer.baseAddress.map { $0 + sent }, bytes.count - sent,
          Int32(MSG_NOSIGNAL))
      }
      if count > 0 {
        sent += count
      } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
        try deadline.wait(descriptor, for: Int16(POLLOUT), url: url)
      } else {
        throw MediaFetchError(
          .connection, url: url,
          reason: "sending the request failed: \(SocketDeadline.errorText(errno))",
          elapsed: deadline.elapsed, bytesReceived: 0)
      }
    }
  }

  /// Reads what has arrived, at most `buffer.count` bytes, waiting for some; 0 at the end of
  /// the stream. A reset connection ends the stream too: the caller judges what it has.
  func receive(into buffer: inout [UInt8]) throws(MediaFetchError) -> Int {
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count >= 0 { return count }
      switch errno {
      case EAGAIN, EWOULDBLOCK, EINTR:
        try deadline.wait(descriptor, for: Int16(POLLIN), url: url)
      case ECONNRESET:
        return 0
      default:
        throw MediaFetchError(
          .connection, url: url,
          reason: "reading the response failed: \(SocketDeadline.errorText(errno))",
          elapsed: deadline.elapsed)
      }
    }
  }
}
