/// A logger for a subsystem and category, as extensions make one:
/// `Logger(subsystem: "com.example.app", category: "push")`.
///
/// Each method writes one line at its level (``OSLogType``): `trace` and `debug` at `debug`,
/// `info` at `info`, `notice` and `log` at `default`, `warning` and `error` at `error`,
/// `critical` and `fault` at `fault`. On a simulated device the line becomes an `app.log` event of
/// the push whose code wrote it.
public struct Logger: @unchecked Sendable {
  // @unchecked: the one stored property is an `OSLog`, whose properties are all `let`s.
  private let handle: OSLog

  /// A logger with no subsystem or category (`OSLog.default`).
  public init() { handle = .default }

  /// A logger for `subsystem` and `category`.
  public init(subsystem: String, category: String) {
    handle = OSLog(subsystem: subsystem, category: category)
  }

  /// A logger writing through `logObj`.
  public init(_ logObj: OSLog) { handle = logObj }

  /// Writes `message` at the `default` level.
  public func log(_ message: OSLogMessage) { write(message, .default) }
  /// Writes `message` at `level`.
  public func log(level: OSLogType, _ message: OSLogMessage) { write(message, level) }
  /// Writes `message` at the `debug` level.
  public func trace(_ message: OSLogMessage) { write(message, .debug) }
  /// Writes `message` at the `debug` level.
  public func debug(_ message: OSLogMessage) { write(message, .debug) }
  /// Writes `message` at the `info` level.
  public func info(_ message: OSLogMessage) { write(message, .info) }
  /// Writes `message` at the `default` level.
  public func notice(_ message: OSLogMessage) { write(message, .default) }
  /// Writes `message` at the `error` level.
  public func warning(_ message: OSLogMessage) { write(message, .error) }
  /// Writes `message` at the `error` level.
  public func error(_ message: OSLogMessage) { write(message, .error) }
  /// Writes `message` at the `fault` level.
  public func critical(_ message: OSLogMessage) { write(message, .fault) }
  /// Writes `message` at the `fault` level.
  public func fault(_ message: OSLogMessage) { write(message, .fault) }

  private func write(_ message: OSLogMessage, _ level: OSLogType) {
    AppLog.write(message.redacted, console: message.text, log: handle, level: level)
  }
}
