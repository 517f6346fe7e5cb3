/// The level of a log line (`os_log_type_t`): `default`, `info`, `debug`, `error` or `fault`.
///
/// A simulated device records the level of each line in its `app.log` event (`details.level`).
public struct OSLogType: Equatable, RawRepresentable, Sendable {
  /// The C value (`OS_LOG_TYPE_DEFAULT` is 0).
  public let rawValue: UInt8

  /// Creates a level from its C value.
  public init(_ rawValue: UInt8) { self.rawValue = rawValue }

  /// Creates a level from its C value.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// `OS_LOG_TYPE_DEFAULT`: what `Logger.notice` and `Logger.log` write.
  public static let `default` = OSLogType(0x00)
  /// `OS_LOG_TYPE_INFO`.
  public static let info = OSLogType(0x01)
  /// `OS_LOG_TYPE_DEBUG`: what `Logger.debug` and `Logger.trace` write.
  public static let debug = OSLogType(0x02)
  /// `OS_LOG_TYPE_ERROR`: what `Logger.error` and `Logger.warning` write.
  public static let error = OSLogType(0x10)
  /// `OS_LOG_TYPE_FAULT`: what `Logger.fault` and `Logger.critical` write.
  public static let fault = OSLogType(0x11)

  /// The level's name in the event log: `default`, `info`, `debug`, `error`, `fault`, or the C
  /// value for another.
  package var name: String {
    switch self {
    case .default: "default"
    case .info: "info"
    case .debug: "debug"
    case .error: "error"
    case .fault: "fault"
    default: "level-\(rawValue)"
    }
  }
}
