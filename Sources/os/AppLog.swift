import Foundation
package import PushSimHosting

/// One line the app's code logged, with the handle's subsystem and category.
package struct AppLogLine: Sendable, Equatable {
  /// The line's level.
  package var level: OSLogType
  /// The subsystem of the handle it was written through (empty for `OSLog.default`).
  package var subsystem: String
  /// The category of the handle it was written through (empty for `OSLog.default`).
  package var category: String
  /// The text as the device's log keeps it: private values as `<private>` (Rules.md §9.11).
  package var message: String
  /// The text with every value in full, as Xcode's console shows it while debugging.
  package var console: String

  /// Creates a line; `console` is `message` unless given.
  package init(
    level: OSLogType, subsystem: String, category: String, message: String,
    console: String? = nil
  ) {
    self.level = level
    self.subsystem = subsystem
    self.category = category
    self.message = message
    self.console = console ?? message
  }
}

/// A device's hook for the app's log lines (``AppLog/sink``).
package final class AppLogSink: Sendable {
  /// Takes one line.
  package let write: @Sendable (AppLogLine) -> Void

  /// Makes the hook.
  package init(_ write: @escaping @Sendable (AppLogLine) -> Void) {
    self.write = write
  }
}

/// Where the app's log lines go: the hook a simulated device installs around the app's code it
/// runs, or standard error.
///
/// ```swift
/// AppLog.withSink(AppLogSink { line in context.log(…) }) { extensionCode() }
/// ```
///
/// A slot of the app's process (`AppProcess`), so a device's lines stay its own with devices in parallel: bound on the
/// thread that runs the app's code and inherited by the tasks that code starts. A thread or
/// `DispatchQueue` of the app's own carries none, and its lines go to standard error.
package enum AppLog {
  /// The hook of the device whose code is running; `nil` outside any device.
  ///
  /// A class around the function, not the function itself: Swift 6.3's runtime crashes when a
  /// task-local of a function type is bound on a thread with no task in an optimized build.
  package static var sink: AppLogSink? { AppProcess[SinkSlot.self] }

  /// Runs `body` (and the tasks it starts) with its lines going to `sink`.
  package static func withSink<R>(_ sink: AppLogSink?, _ body: () throws -> R) rethrows -> R {
    try AppProcess.with(SinkSlot.self, sink, body)
  }

  /// Runs `body` (and the tasks it starts) with its lines going to `sink`.
  package static func withSink<R>(
    _ sink: AppLogSink?, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
  ) async rethrows -> R {
    try await AppProcess.with(SinkSlot.self, sink, isolation: isolation, body)
  }

  /// The process slot of ``sink``.
  fileprivate enum SinkSlot: ProcessSlot {
    static let defaultValue: AppLogSink? = nil
  }

  /// Hands `line` to the running device, or writes it to standard error.
  package static func write(_ line: AppLogLine) {
    if let sink {
      sink.write(line)
      return
    }
    let handle = line.subsystem.isEmpty ? "" : "[\(line.subsystem):\(line.category)] "
    // Standard error is where a developer reads it, as Xcode's console: values in full.
    let text = "\(handle)<\(line.level.name)> \(line.console)\n"
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// Writes `message` through `log` at `level`, unless the handle is disabled.
  static func write(_ message: String, console: String, log: OSLog, level: OSLogType) {
    guard !log.isDisabled else { return }
    write(
      AppLogLine(
        level: level, subsystem: log.subsystem, category: log.category, message: message,
        console: console))
  }
}

extension AppProcess {
  /// Where this process's log lines go (``AppLog/sink``): set it on a process the host binds
  /// once around a call into the app's code.
  package var appLogSink: AppLogSink? {
    get { self[AppLog.SinkSlot.self] }
    set { self[AppLog.SinkSlot.self] = newValue }
  }
}
