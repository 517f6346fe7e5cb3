import PushDevice
import Synchronization
import os

/// Brings the app's log lines (`Logger`, `os_log`) to the device whose code wrote them, as
/// `app.log` events of the push being handled: the hook bound around each call into the app's
/// code (``AppLog/sink``, a task-local value, so devices in parallel keep their own lines).
/// A call keeps its first and last 100 lines (Rules.md §7.2).
enum HostedLog {
  /// The device's record of `line`.
  static func entry(_ line: AppLogLine) -> AppLogEntry {
    AppLogEntry(
      level: line.level.name, subsystem: line.subsystem, category: line.category,
      message: line.message, console: line.console)
  }

  /// A sink that logs each line in the extension run's log, at the run's virtual time.
  static func sink(for context: ServiceExtensionContext) -> AppLogSink {
    AppLogSink { line in
      let entry = entry(line)
      context.log(entry.details, source: .device, reason: entry.message)
    }
  }

  /// The lines the app's foreground code logs (``DeviceHost/runApp(_:)``), recorded on the
  /// device when it returns: its first 100 and last 100, the rest counted (``AppEventWindow``,
  /// Rules.md §7.2).
  final class Collector: Sendable {
    private let lines = Mutex(AppEventWindow())

    /// The sink to bind around the call.
    var sink: AppLogSink {
      AppLogSink { [self] line in
        let entry = HostedLog.entry(line)
        lines.withLock {
          $0.append(
            ServiceExtensionOutcome.Event(
              offset: .zero, entry.details, source: .device, reason: entry.message))
        }
      }
    }

    /// Records the lines so far on `host`'s device as events of `push`.
    func record(on host: DeviceHost?, push: String?) async {
      let taken = lines.withLock { lines in
        defer { lines = AppEventWindow() }
        return lines.events
      }
      guard let host, !taken.isEmpty else { return }
      await host.appCall { $0.recordAppCallEvents(taken, push: push) }
    }
  }
}
