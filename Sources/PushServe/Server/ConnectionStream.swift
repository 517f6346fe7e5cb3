import CPushTLS

/// A connection's bytes, plain or through TLS: what the HTTP/1.1 and HTTP/2 code read and write.
/// Used on its connection's thread only.
final class ConnectionStream {
  let fd: Int32
  let tls: TLSConnection?
  /// Whether the connection waits for a request (its thread marks it around each read).
  let idle: IdleMark

  init(fd: Int32, tls: TLSConnection?, idle: IdleMark) {
    self.fd = fd
    self.tls = tls
    self.idle = idle
  }

  /// Whether the connection is TLS.
  var isSecure: Bool { tls != nil }

  /// Reads into `buffer`, waiting at most `timeout` milliseconds for the first byte (a TLS
  /// record begun is then read under the socket's receive timeout).
  func read(into buffer: UnsafeMutableRawBufferPointer, timeout: Int) -> Socket.Read {
    guard let tls else { return Socket.read(fd, into: buffer, timeout: timeout) }
    if pushsim_tls_pending(tls.pointer) == 0 {
      switch Socket.wait(fd, timeout: timeout) {
      case .bytes: break
      case let other: return other
      }
    }
    let count = pushsim_tls_read(
      tls.pointer, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count)
    if count > 0 { return .bytes(count) }
    if count == 0 { return .closed }
    // The socket's receive timeout ran out inside a record.
    if count == -1 { return .timedOut }
    return .failed
  }

  /// Writes every byte; false when the peer is gone or stopped reading for too long.
  func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let tls else { return Socket.write(fd, bytes) }
    guard let base = bytes.baseAddress else { return true }
    return pushsim_tls_write(tls.pointer, base.assumingMemoryBound(to: UInt8.self), bytes.count)
      == 1
  }

  /// Writes every byte of `bytes`.
  func write(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { write($0) }
  }
}
