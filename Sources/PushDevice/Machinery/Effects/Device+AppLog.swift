import Foundation
import PushCore
import PushPayload
internal import PushSimHosting

/// One line the app's code logged (`Logger`, `os_log`), as the device records it: an `app.log`
/// event whose reason is the text as the device's log keeps it, private values redacted
/// (Rules.md §9.11).
package struct AppLogEntry: Sendable, Equatable {
  /// The level's name: `default`, `info`, `debug`, `error` or `fault`.
  package var level: String
  /// The subsystem of the logger (empty for the default log).
  package var subsystem: String
  /// The category of the logger (empty for the default log).
  package var category: String
  /// The text as the device's log keeps it: private values as `<private>`.
  package var message: String
  /// The text with every value in full, as Xcode's console shows it; `nil` when it is
  /// ``message``.
  package var console: String?

  /// Creates an entry.
  package init(
    level: String, subsystem: String, category: String, message: String, console: String? = nil
  ) {
    self.level = level
    self.subsystem = subsystem
    self.category = category
    self.message = message
    self.console = console == message ? nil : console
  }

  /// The event's details: `level`, `subsystem`, `category`, and `console` when the text had
  /// private values.
  package var details: DeviceEvent.AppLog {
    DeviceEvent.AppLog(level: level, subsystem: subsystem, category: category, console: console)
  }
}

/// The push the app's delegate or background handler is being called for, bound by
/// ``DeviceHost`` around the call, so the lines the call logs are events of that push.
package enum AppCallPush {
  /// The push of the running call; `nil` outside one.
  package static var current: String? { AppProcess[CurrentSlot.self] }

  /// Runs `body` (and the tasks it starts) as a call for `push`.
  package static func withCurrent<R>(
    _ push: String?, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
  ) async rethrows -> R {
    try await AppProcess.with(CurrentSlot.self, push, isolation: isolation, body)
  }

  /// The process slot of ``current``.
  private enum CurrentSlot: ProcessSlot {
    static var defaultValue: String? { nil }
  }
}

extension Device {
  /// Records what a call into the app's delegate, background handler or launch code did while
  /// handling `push` (`nil`: none): its requests (`app.request`, `app.requestFailed`), its log
  /// lines and its framework calls (`intent.donated`), in their order, at the current virtual
  /// time (Rules.md §7.1).
  package mutating func recordAppCallEvents(
    _ events: [ServiceExtensionOutcome.Event], push: String?
  ) {
    for event in events {
      log(event, push)
    }
  }
}
