import Foundation

/// Writes a line at `type` through `log`, `message` being a `printf`-style format whose
/// arguments are `args`: `os_log("Downloaded %{public}@", log: log, type: .info, name)`.
///
/// The `{public}`/`{private}` annotations are accepted and not applied (values are shown in
/// full, as Xcode's console does while debugging). A format naming more arguments than given is
/// written as it stands, never read past its arguments; `%s` with a Swift `String` is written as
/// the string.
public func os_log(
  _ message: StaticString, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default,
  type: OSLogType = .default, _ args: any CVarArg...
) {
  AppLog.write(LogFormat.render(message.description, args), log: log, level: type)
}

/// Writes a line at `type` through `log` (`os_log(.error, log: log, "Failed: %@", reason)`).
public func os_log(
  _ type: OSLogType, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default,
  _ message: StaticString, _ args: any CVarArg...
) {
  AppLog.write(LogFormat.render(message.description, args), log: log, level: type)
}

/// Writes an interpolated message at `type` through `log`:
/// `os_log("Got \(count) items", log: log, type: .info)`.
@_disfavoredOverload
public func os_log(
  _ message: OSLogMessage, dso: UnsafeRawPointer = #dsohandle, log: OSLog = .default,
  type: OSLogType = .default
) {
  AppLog.write(message.text, log: log, level: type)
}

/// Writes an interpolated message at `type` through `log`: `os_log(.error, "Failed \(id)")`.
@_disfavoredOverload
public func os_log(
  _ type: OSLogType, dso: UnsafeRawPointer = #dsohandle, log: OSLog = .default,
  _ message: OSLogMessage
) {
  AppLog.write(message.text, log: log, level: type)
}

/// `os_log`'s formats: the `{…}` annotations taken out, then `String(format:)`.
enum LogFormat {
  /// `format` with `args`; the format as it stands when it names more arguments than given.
  static func render(_ format: String, _ args: [any CVarArg]) -> String {
    var plain = ""
    var needed = 0
    var scalars = format.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      plain.unicodeScalars.append(scalar)
      guard scalar == "%" else { continue }
      if scalars.first == "%" {
        plain.unicodeScalars.append("%")
        scalars.removeFirst()
        continue
      }
      if scalars.first == "{" {
        // `{public}`, `{private}`, `{bool}`, `{time_t}`, …: dropped.
        guard let close = scalars.firstIndex(of: "}") else { break }
        scalars = scalars[scalars.index(after: close)...]
      }
      // Flags, width, precision and length, then the conversion.
      while let next = scalars.first, "-+ #0123456789.*hlqLjzt'".unicodeScalars.contains(next) {
        if next == "*" { needed += 1 }
        plain.unicodeScalars.append(next)
        scalars.removeFirst()
      }
      guard let conversion = scalars.popFirst() else { break }
      if conversion == "s", needed < args.count, args[needed] is String {
        plain.unicodeScalars.append("@")
      } else {
        plain.unicodeScalars.append(conversion)
      }
      needed += 1
    }
    guard needed <= args.count else { return format }
    return String(format: plain, arguments: args)
  }
}
