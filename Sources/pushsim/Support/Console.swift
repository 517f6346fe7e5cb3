import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output and error, and whether colour may be used on them.
///
/// Colour only on a terminal and never when `NO_COLOR` is set (CommandLine.md).
enum Console {
  /// Whether standard output is a terminal that accepts colour.
  static var colorEnabled: Bool {
    ProcessInfo.processInfo.environment["NO_COLOR"] == nil && isatty(STDOUT_FILENO) == 1
  }

  /// Whether standard error is a terminal (progress is shown only there).
  static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

  /// Writes a line to standard error.
  static func error(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// Writes text to standard output as is.
  static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}
