import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One TCP connection for ``HTTPExchange`` (`http:`): non-blocking, every wait bounded by
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
    throws(HTTPError) -> HTTPSocket
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
      throw HTTPError(
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
    throw HTTPError(
      .connection, url: url, reason: "the connection failed: \(failure)",
      elapsed: deadline.elapsed, bytesReceived: 0)
  }

  /// Sends every byte of `bytes`.
  func write(_ bytes: [UInt8]) throws(HTTPError) {
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
        throw HTTPError(
          .connection, url: url,
          reason: "sending the request failed: \(SocketDeadline.errorText(errno))",
          elapsed: deadline.elapsed, bytesReceived: 0)
      }
    }
  }

  /// Reads what has arrived, at most `buffer.count` bytes, waiting for some; 0 at the end of
  /// the stream. A reset connection ends the stream too: the caller judges what it has.
  func receive(into buffer: inout [UInt8]) throws(HTTPError) -> Int {
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count >= 0 { return count }
      switch errno {
      case EAGAIN, EWOULDBLOCK, EINTR:
        try deadline.wait(descriptor, for: Int16(POLLIN), url: url)
      case ECONNRESET:
        return 0
      default:
        throw HTTPError(
          .connection, url: url,
          reason: "reading the response failed: \(SocketDeadline.errorText(errno))",
          elapsed: deadline.elapsed)
      }
    }
  }
}
