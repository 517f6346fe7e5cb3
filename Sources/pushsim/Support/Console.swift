import Foundation
import PushPayload

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output and error, and whether colour may be used on them.
///
/// Colour only on a terminal and never when `NO_COLOR` is set (CommandLine.md). Every command
/// writes through here (see ``OutputStream``), so a failed write becomes an error message and a
/// non-zero exit status in ``finish(_:)``, never a trap.
enum Console {
  /// Whether standard output is a terminal that accepts colour.
  static var colorEnabled: Bool {
    ProcessInfo.processInfo.environment["NO_COLOR"] == nil && isatty(STDOUT_FILENO) == 1
  }

  /// Whether standard error is a terminal (progress is shown only there).
  static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

  /// Writes a line to standard error. Error lines quote file names and scenario or payload
  /// text, so control characters in them are written as escapes (``TerminalText``).
  static func error(_ line: String) {
    OutputStream.standardError.write(TerminalText.escaped(line) + "\n")
  }

  /// Writes text to standard output as is.
  static func write(_ text: String) {
    OutputStream.standardOutput.write(text)
  }

  /// Writes UTF-8 bytes to standard output as they are.
  static func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    OutputStream.standardOutput.write(bytes)
  }

  /// The exit status once a command has returned `status`: a failed write to standard output
  /// is reported on standard error (when that still works) and the command fails with exit
  /// status 2 (its output is unusable), whatever it found; a failed write to standard error
  /// alone also makes the status at least 2, so lost diagnostics never look like success.
  static func finish(_ status: ExitStatus) -> ExitStatus {
    if let message = OutputStream.standardOutput.failureMessage {
      error(message)
      return .unusable
    }
    if OutputStream.standardError.failedErrno != nil { return .unusable }
    return status
  }
}
