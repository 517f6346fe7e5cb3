package import PushSimHosting
package import os

/// What the app's code running on a simulated device sees of its process: the device's center
/// (`UNUserNotificationCenter.current()`), its application (`UIApplication.shared`), in a
/// service extension the run its downloads belong to, and where its log lines go.
///
/// One task-local value, bound by the host around each call into the app's code (on the
/// thread that runs it) and inherited by the tasks that code starts; the work it hands to
/// `DispatchQueue`, `URLSession` completion handlers and system callbacks (`INInteraction`'s
/// donation) carries it too. Outside any device, every part is empty and the standalone,
/// in-memory center and application answer.
package struct HostedProcess: Sendable {
  /// The center `UNUserNotificationCenter.current()` gives.
  package var center: UNUserNotificationCenter?
  /// The application `UIApplication.shared` gives.
  package var application: UIApplication?
  #if canImport(FoundationNetworking)
    /// The service extension run, while the app's extension runs.
    package var run: ExtensionRun?
  #endif
  /// What keeps the extension run busy, held by the code running in this process.
  package var activity: RunActivity?
  /// Where the process's log lines go (`Logger`, `os_log`): the device's hook (``AppLog/sink``)
  /// as it was where this value was read (``current``), so that a completion handler or
  /// `DispatchQueue` work logs to the device as the code that started it does; `nil` leaves
  /// the hook bound around ``bind(_:)`` as it is.
  package var log: AppLogSink?

  /// Creates a process view; parts not given are empty.
  package init(center: UNUserNotificationCenter? = nil, application: UIApplication? = nil) {
    self.center = center
    self.application = application
  }

  /// The process bound to the code running now (``bind(_:)``): a slot of the app's process.
  fileprivate enum Slot: ProcessSlot {
    static var defaultValue: HostedProcess { HostedProcess() }
  }

  /// The process of the code running now, with the log hook bound to it (``log``).
  package static var current: HostedProcess {
    var process = AppProcess[Slot.self]
    process.log = AppLog.sink ?? process.log
    return process
  }

  /// Runs `body` in this process (and the tasks it starts), its log lines going to ``log``
  /// when there is one.
  package func bind<R>(_ body: () throws -> R) rethrows -> R {
    var process = AppProcess.current
    process.hosted = self
    return try process.bind(body)
  }

  /// Runs `body` in this process (and the tasks it starts), its log lines going to ``log``
  /// when there is one.
  package func bind<R>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
  ) async rethrows -> R {
    var process = AppProcess.current
    process.hosted = self
    return try await process.bind(isolation: isolation, body)
  }
}

extension AppProcess {
  /// The center, application, extension run and log of this process (``HostedProcess``): set
  /// it on a process the host binds once around a call into the app's code. A hosted process
  /// with a ``HostedProcess/log`` sends the lines there, as ``HostedProcess/bind(_:)`` does.
  package var hosted: HostedProcess {
    get { self[HostedProcess.Slot.self] }
    set {
      self[HostedProcess.Slot.self] = newValue
      if let log = newValue.log { appLogSink = log }
    }
  }
}
