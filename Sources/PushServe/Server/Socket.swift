#if canImport(Glibc)
  import Glibc

  private let systemListen = Glibc.listen
  private let systemClose = Glibc.close
  private let systemAccept = Glibc.accept
  private let noSignal = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
  import Darwin

  // Built on Linux only (Package.swift); these keep the file compiling elsewhere.
  private let systemListen = Darwin.listen
  private let systemClose = Darwin.close
  private let systemAccept = Darwin.accept
  private let noSignal: Int32 = 0
#endif

/// A server's POSIX sockets: blocking, each read waited for with `poll` under a deadline,
/// each write with `MSG_NOSIGNAL` (a closed peer never raises SIGPIPE).
enum Socket {
  /// What a read brought.
  enum Read {
    /// Bytes (`count` of them, in the buffer given).
    case bytes(Int)
    /// The peer closed its side.
    case closed
    /// Nothing came before the deadline.
    case timedOut
    /// The socket failed (or was shut down by ``PushServer/stop()``).
    case failed
  }

  /// A listening IPv4 TCP socket on `host:port` (`port` 0: one the system picks), and its port.
  static func listen(host: String, port: Int) throws(ServeError) -> (fd: Int32, port: Int) {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    let name = host == "localhost" ? "127.0.0.1" : host
    guard inet_pton(AF_INET, name, &address.sin_addr) == 1 else {
      throw ServeError("--host takes an IPv4 address such as 127.0.0.1, not '\(host)'")
    }
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw ServeError("cannot make a socket: \(Self.lastError())") }
    var yes: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      let message = Self.lastError()
      _ = systemClose(fd)
      throw ServeError("cannot listen on \(host):\(port): \(message)")
    }
    guard systemListen(fd, 128) == 0 else {
      let message = Self.lastError()
      _ = systemClose(fd)
      throw ServeError("cannot listen on \(host):\(port): \(message)")
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, Int(UInt16(bigEndian: actual.sin_port)))
  }

  /// The next connection (blocking); `nil` when the listening socket failed or was shut down.
  static func accept(_ fd: Int32) -> Int32? {
    while true {
      let client = systemAccept(fd, nil, nil)
      if client >= 0 {
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        // Each answer goes out as soon as it is written: with Nagle's algorithm a small write
        // that follows another waits for the client's acknowledgement of the first, which a
        // client waiting for the whole answer delays (HTTP/2 servers such as nghttpd set this).
        var yes: Int32 = 1
        _ = setsockopt(
          client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        return client
      }
      // A connection that went away before it was taken, or a signal: take the next one.
      if errno == EINTR || errno == ECONNABORTED || errno == EPROTO { continue }
      // Out of descriptors for now: the listening socket is still good.
      if errno == EMFILE || errno == ENFILE {
        usleep(10_000)
        continue
      }
      return nil
    }
  }

  /// Waits at most `timeout` milliseconds for `fd` to be readable: `.bytes(0)` when it is.
  static func wait(_ fd: Int32, timeout: Int) -> Read {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while true {
      let ready = poll(&entry, 1, Int32(clamping: timeout))
      if ready == 0 { return .timedOut }
      if ready > 0 { return .bytes(0) }
      if errno != EINTR { return .failed }
    }
  }

  /// Bounds every blocking receive and send on `fd` to `milliseconds` (`SO_RCVTIMEO`,
  /// `SO_SNDTIMEO`): a peer that stops sending inside a TLS record, or stops reading, costs
  /// its connection's thread that long at most.
  static func setTimeouts(_ fd: Int32, milliseconds: Int) {
    var time = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
    let size = socklen_t(MemoryLayout<timeval>.size)
    _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, size)
    _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, size)
  }

  /// Reads into `buffer`, waiting at most `timeout` milliseconds for bytes.
  static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, timeout: Int) -> Read {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while true {
      let ready = poll(&entry, 1, Int32(clamping: timeout))
      if ready == 0 { return .timedOut }
      if ready < 0 {
        if errno == EINTR { continue }
        return .failed
      }
      let count = recv(fd, buffer.baseAddress, buffer.count, 0)
      if count > 0 { return .bytes(count) }
      if count == 0 { return .closed }
      if errno == EINTR || errno == EAGAIN { continue }
      return .failed
    }
  }

  /// Writes every byte; false when the peer is gone.
  static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
      guard let base = bytes.baseAddress else { return false }
      let count = send(fd, base + offset, bytes.count - offset, noSignal)
      if count < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += count
    }
    return true
  }

  /// Writes every byte of `bytes`.
  static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { write(fd, $0) }
  }

  /// Ends both directions (wakes a thread blocked on the socket); the descriptor stays open.
  static func shutDown(_ fd: Int32) { _ = shutdown(fd, Int32(SHUT_RDWR)) }

  /// Ends the reading direction only: a blocked read returns, writes still go out.
  static func shutDownReading(_ fd: Int32) { _ = shutdown(fd, Int32(SHUT_RD)) }

  /// Closes the descriptor.
  static func close(_ fd: Int32) { _ = systemClose(fd) }

  private static func lastError() -> String { String(cString: strerror(errno)) }
}

/// Why the server cannot start, in plain words.
public struct ServeError: Error, Sendable, CustomStringConvertible {
  /// The message.
  public let description: String

  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}

/// The time a started request has left (Rules.md §18.1): a request must arrive whole within
/// the request timeout of its first byte, however slowly its bytes trickle in (slowloris).
struct RequestDeadline {
  /// The request timeout, in milliseconds.
  let limit: Int
  private var start: ContinuousClock.Instant?

  init(limit: Int) { self.limit = limit }

  /// Milliseconds left for the request under way (its clock starts now if it had not); 0
  /// once it is over.
  mutating func remaining() -> Int {
    let now = ContinuousClock.now
    let begun = start ?? now
    start = begun
    let elapsed = begun.duration(to: now).components
    let spent = Int(elapsed.seconds) * 1000 + Int(elapsed.attoseconds / 1_000_000_000_000_000)
    return max(0, limit - spent)
  }

  /// Forgets the request: the next one starts its own clock.
  mutating func reset() { start = nil }
}
