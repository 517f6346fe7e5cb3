import CPushCurl
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One TLS connection for ``HTTPExchange`` over `https:`: libcurl
/// (``LibCurl``) connects and does the TLS handshake, verifying the server's certificate against
/// the system's CA store and its name against the URL's host (SNI sent), then hands over the
/// decrypted byte stream, which is read only when the client asks, every wait bounded by a
/// ``SocketDeadline`` (Rules.md §7).
///
/// The socket gets the same small receive buffer as ``HTTPSocket``, so what the kernel accepts
/// of a body nobody reads stays small. ALPN offers `http/1.1` only. A stop from the fetching
/// task is seen within 50 ms once connected; during the connection and the handshake, libcurl
/// asks about once a second, and the handshake never outlasts the deadline.
final class TLSStream: ByteStream {
  private let curl: LibCurl
  private let handle: LibCurl.Handle
  private let errorBuffer: UnsafeMutablePointer<CChar>
  /// The connected socket, for waits; -1 until the handshake is done.
  private var descriptor: Int32 = -1
  private let url: URL
  private let deadline: SocketDeadline

  private init(
    curl: LibCurl, handle: LibCurl.Handle, errorBuffer: UnsafeMutablePointer<CChar>, url: URL,
    deadline: SocketDeadline
  ) {
    self.curl = curl
    self.handle = handle
    self.errorBuffer = errorBuffer
    self.url = url
    self.deadline = deadline
  }

  deinit {
    curl.cleanup(handle)
    errorBuffer.deallocate()
  }

  /// The size of libcurl's error message buffer (`CURL_ERROR_SIZE`).
  private static let errorBufferSize = 256

  /// Connects to `host` on `port` and completes the TLS handshake.
  ///
  /// - Parameters:
  ///   - host: A name or an IP address (IPv6 without brackets), as resolved and verified.
  ///   - port: The TCP port.
  ///   - url: The URL being downloaded, for messages.
  ///   - deadline: The whole fetch's deadline and stop signal.
  ///   - certificateAuthorityFile: A PEM file to trust in place of the system's CA bundle
  ///     (tests only); `nil` in production.
  ///   - curl: The loaded library.
  static func open(
    host: String, port: Int, url: URL, deadline: SocketDeadline,
    certificateAuthorityFile: String?, curl: LibCurl
  ) throws(HTTPError) -> TLSStream {
    let left = deadline.timeout - deadline.elapsed
    guard left > .zero else { throw deadline.timedOut(url: url) }
    guard let handle = curl.easyInit() else {
      throw HTTPError(
        .connection, url: url, reason: "libcurl could not make a connection handle",
        elapsed: deadline.elapsed, bytesReceived: 0)
    }
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: errorBufferSize)
    errorBuffer.initialize(repeating: 0, count: errorBufferSize)
    // From here the stream owns the handle and the buffer, connected or not.
    let stream = TLSStream(
      curl: curl, handle: handle, errorBuffer: errorBuffer, url: url, deadline: deadline)
    try stream.connect(
      host: host, port: port, left: left, certificateAuthorityFile: certificateAuthorityFile)
    return stream
  }

  /// Sets the options and performs the connection and the handshake.
  private func connect(
    host: String, port: Int, left: Duration, certificateAuthorityFile: String?
  ) throws(HTTPError) {
    let authority = host.contains(":") ? "[\(host)]" : host
    let target = "https://\(authority):\(port)/"
    let (seconds, attoseconds) = left.components
    let milliseconds = max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    var status = curl.setPointer(handle, CurlConstant.errorBuffer, errorBuffer)
    status |= target.withCString { curl.setPointer(handle, CurlConstant.url, $0) }
    status |= curl.setLong(handle, CurlConstant.connectOnly, 1)
    status |= curl.setLong(handle, CurlConstant.noSignal, 1)
    status |= curl.setLong(handle, CurlConstant.connectTimeoutMilliseconds, milliseconds)
    status |= curl.setLong(handle, CurlConstant.verifyPeer, 1)
    status |= curl.setLong(handle, CurlConstant.verifyHost, 2)
    status |= curl.setLong(handle, CurlConstant.httpVersion, CurlConstant.httpVersion1_1)
    status |= curl.setSocketOptionFunction(handle, Self.socketOptions)
    status |= curl.setTransferInfoFunction(handle, Self.progress)
    status |= curl.setPointer(
      handle, CurlConstant.transferInfoData,
      UnsafeRawPointer(Unmanaged.passUnretained(deadline.stop).toOpaque()))
    status |= curl.setLong(handle, CurlConstant.noProgress, 0)
    if let certificateAuthorityFile {
      status |= certificateAuthorityFile.withCString {
        curl.setPointer(handle, CurlConstant.certificateAuthorityFile, $0)
      }
    }
    // https only: `CURLOPT_PROTOCOLS_STR` where the library knows it, else the older bitmask.
    var protocols = "https".withCString {
      curl.setPointer(handle, CurlConstant.protocolsString, $0)
    }
    if protocols == CurlConstant.unknownOption {
      protocols = curl.setLong(handle, CurlConstant.protocols, CurlConstant.protocolHTTPS)
    }
    status |= protocols
    guard status == CurlConstant.ok else {
      throw HTTPError(
        .connection, url: url,
        reason: "libcurl refused the connection settings (\(curl.text(status)))",
        elapsed: deadline.elapsed, bytesReceived: 0)
    }

    let result = curl.perform(handle)
    guard result == CurlConstant.ok else { throw connectionError(result, host: host) }
    var socket: Int32 = -1
    guard curl.getSocket(handle, CurlConstant.activeSocket, &socket) == CurlConstant.ok,
      socket >= 0
    else {
      throw HTTPError(
        .connection, url: url, reason: "libcurl connected but gave no socket",
        elapsed: deadline.elapsed, bytesReceived: 0)
    }
    descriptor = socket
  }

  /// The error for a failed `curl_easy_perform`: the connection, the handshake or the
  /// certificate.
  private func connectionError(_ code: Int32, host: String) -> HTTPError {
    let detail = String(cString: errorBuffer)
    let text = detail.isEmpty ? curl.text(code) : detail
    let reason: String
    switch code {
    case CurlConstant.timedOut:
      return deadline.timedOut(url: url)
    case CurlConstant.abortedByCallback:
      return deadline.stopped(url: url)
    case CurlConstant.couldNotResolveHost:
      reason = "the host \(host) cannot be resolved: \(text)"
    case CurlConstant.couldNotConnect:
      reason = "the connection failed: \(text)"
    case CurlConstant.peerFailedVerification, CurlConstant.issuerError,
      CurlConstant.pinnedKeyMismatch, CurlConstant.invalidCertificateStatus:
      reason = "the server's TLS certificate is not accepted for \(host): \(text)"
    default:
      reason = "the TLS connection to \(host) failed: \(text)"
    }
    return HTTPError(
      .connection, url: url, reason: reason, elapsed: deadline.elapsed, bytesReceived: 0)
  }

  /// Gives every socket libcurl opens the receive buffer ``HTTPSocket`` uses.
  private static let socketOptions: pushsim_curl_sockopt_callback = { _, descriptor, _ in
    var size = HTTPSocket.receiveBufferSize
    _ = setsockopt(
      descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    return CurlConstant.socketOptionOK
  }

  /// Aborts a connection or handshake in progress once the fetching task stops.
  private static let progress: pushsim_curl_xferinfo_callback = { signal, _, _, _, _ in
    guard let signal else { return 0 }
    return Unmanaged<StopSignal>.fromOpaque(signal).takeUnretainedValue().isRaised ? 1 : 0
  }

  /// Sends every byte of `bytes`.
  func write(_ bytes: [UInt8]) throws(HTTPError) {
    var sent = 0
    while sent < bytes.count {
      var count = 0
      let status = bytes.withUnsafeBytes { buffer in
        curl.send(handle, buffer.baseAddress.map { $0 + sent }, bytes.count - sent, &count)
      }
      switch status {
      case CurlConstant.ok:
        sent += count
      case CurlConstant.again:
        try deadline.wait(descriptor, for: Int16(POLLOUT), url: url)
      default:
        throw HTTPError(
          .connection, url: url, reason: "sending the request failed: \(message(status))",
          elapsed: deadline.elapsed, bytesReceived: 0)
      }
    }
  }

  /// Reads what has arrived, decrypted, at most `buffer.count` bytes, waiting for some; 0 at the
  /// end of the stream. A connection that breaks off (reset, or closed without TLS's
  /// `close_notify`) ends the stream too, as a reset does for ``HTTPSocket``: the caller judges
  /// what it has.
  func receive(into buffer: inout [UInt8]) throws(HTTPError) -> Int {
    while true {
      if deadline.stop.isRaised { throw deadline.stopped(url: url) }
      var count = 0
      let status = buffer.withUnsafeMutableBytes {
        curl.receive(handle, $0.baseAddress, $0.count, &count)
      }
      switch status {
      case CurlConstant.ok:
        return count
      case CurlConstant.again:
        try deadline.wait(descriptor, for: Int16(POLLIN), url: url)
      case CurlConstant.receiveError:
        return 0
      default:
        throw HTTPError(
          .connection, url: url, reason: "reading the response failed: \(message(status))",
          elapsed: deadline.elapsed)
      }
    }
  }

  /// libcurl's detailed message for the last failure, else its text for `code`.
  private func message(_ code: Int32) -> String {
    let detail = String(cString: errorBuffer)
    return detail.isEmpty ? curl.text(code) : detail
  }
}
