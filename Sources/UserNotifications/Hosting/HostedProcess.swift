package import os

/// What the app's code running on a simulated device sees of its process: the device's center
/// (`UNUserNotificationCenter.current()`), its application (`UIApplication.shared`), where its
/// log lines go and, in a service extension, the run its downloads belong to.
///
/// One task-local value, bound by the host around each call into the app's code (on the
/// thread that runs it) and inherited by the tasks that code starts. Outside any device, every
/// part is empty and the standalone, in-memory center and application answer.
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
  /// The device's hook for the app's log lines (``AppLog/sink``), bound again with the process
  /// wherever the process is carried: a request's completion handler, queued work, a system
  /// callback. `nil` leaves the caller's hook as it is.
  package var log: AppLogSink?

  /// Creates a process view; parts not given are empty.
  package init(center: UNUserNotificationCenter? = nil, application: UIApplication? = nil) {
    self.center = center
    self.application = application
  }

  /// The process of the code running now.
  @TaskLocal package static var current = HostedProcess()

  /// Runs `body` in this process (and the tasks it starts), its log lines going to ``log``.
  package func bind<R>(_ body: () throws -> R) rethrows -> R {
    guard let log else { return try Self.$current.withValue(self, operation: body) }
    return try AppLog.$sink.withValue(log) {
      try Self.$current.withValue(self, operation: body)
    }
  }

  /// Runs `body` in this process (and the tasks it starts), its log lines going to ``log``.
  package func bind<R>(_ body: () async throws -> R) async rethrows -> R {
    guard let log else { return try await Self.$current.withValue(self, operation: body) }
    return try await AppLog.$sink.withValue(log) {
      try await Self.$current.withValue(self, operation: body)
    }
  }
}
