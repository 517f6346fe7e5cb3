import Foundation

/// Writes a line at `type` through `log`, `message` being a `printf`-style format whose
/// arguments are `args`: `os_log("Downloaded %{public}@", log: log, type: .info, name)`.
///
/// The device's log keeps `%@` and `%s` values as `<private>` unless marked `{public}`, and
/// numbers unless marked `{private}`; standard error shows them in full, as Xcode's console
/// does while debugging (Rules.md §9.11). Each conversion is checked against its
/// argument first (``LogFormat``, Rules.md §9.11): `%s` with a Swift `String` is written as the
/// string, and an argument of the wrong type, or a missing one, is written as
/// `<decode: mismatch for [%@] got [Int]>` or `<decode: missing data>`, never formatted.
public func os_log(
  _ message: StaticString, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default,
  type: OSLogType = .default, _ args: any CVarArg...
) {
  AppLog.write(
    LogFormat.renderRedacted(message.description, args),
    console: LogFormat.render(message.description, args), log: log, level: type)
}

/// Writes a line at `type` through `log` (`os_log(.error, log: log, "Failed: %@", reason)`).
public func os_log(
  _ type: OSLogType, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default,
  _ message: StaticString, _ args: any CVarArg...
) {
  AppLog.write(
    LogFormat.renderRedacted(message.description, args),
    console: LogFormat.render(message.description, args), log: log, level: type)
}

/// Writes an interpolated message at `type` through `log`:
/// `os_log("Got \(count) items", log: log, type: .info)`.
@_disfavoredOverload
public func os_log(
  _ message: OSLogMessage, dso: UnsafeRawPointer = #dsohandle, log: OSLog = .default,
  type: OSLogType = .default
) {
  AppLog.write(message.redacted, console: message.text, log: log, level: type)
}

/// Writes an interpolated message at `type` through `log`: `os_log(.error, "Failed \(id)")`.
@_disfavoredOverload
public func os_log(
  _ type: OSLogType, dso: UnsafeRawPointer = #dsohandle, log: OSLog = .default,
  _ message: OSLogMessage
) {
  AppLog.write(message.redacted, console: message.text, log: log, level: type)
}
