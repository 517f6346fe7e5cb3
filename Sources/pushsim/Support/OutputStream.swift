import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One of the process's standard streams, written with `write(2)` so that a full disk or a
/// closed pipe is an error the command reports, not a trap.
///
/// `FileHandle.write(_:)` traps when `write(2)` fails (`ENOSPC` on `/dev/full`, `EPIPE` when the
/// reader is gone and `SIGPIPE` is ignored). Every command writes through ``standardOutput`` and
/// ``standardError`` (via ``Console``): the first failure is remembered, later writes to that
/// stream are skipped, and `main` turns it into a message on standard error and a non-zero exit.
final class OutputStream: Sendable {
  /// Standard output.
  static let standardOutput = OutputStream(descriptor: STDOUT_FILENO, name: "standard output")
  /// Standard error.
  static let standardError = OutputStream(descriptor: STDERR_FILENO, name: "standard error")

  /// The file descriptor written to.
  let descriptor: Int32
  /// The stream's name in the error message.
  let name: String
  private let failure = Mutex<Int32?>(nil)

  init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  /// The `errno` of the first failed write, or `nil` while every write succeeded.
  var failedErrno: Int32? { failure.withLock { $0 } }

  /// Writes `text`'s UTF-8 bytes in full, unless an earlier write to this stream failed.
  func write(_ text: String) {
    var text = text
    text.withUTF8 { write($0) }
  }

  /// Writes `bytes` in full, unless an earlier write to this stream failed.
  func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { write($0) }
  }

  /// Writes `buffer` in full (retrying short writes and `EINTR`); the first error is kept and
  /// every later write is skipped.
  func write(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard failedErrno == nil, let base = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
      let written = systemWrite(descriptor, base + offset, buffer.count - offset)
      if written < 0 {
        let code = errno
        if code == EINTR { continue }
        failure.withLock { $0 = $0 ?? code }
        return
      }
      offset += written
    }
  }

  /// The error line for a failed stream: `error: cannot write to standard output: No space
  /// left on device`.
  var failureMessage: String? {
    guard let code = failedErrno else { return nil }
    return "error: cannot write to \(name): \(String(cString: strerror(code)))"
  }
}

/// `write(2)`, named apart from ``OutputStream/write(_:)-(UnsafeBufferPointer<UInt8>)``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
