// `Task.sleep`, declared again for the app's code on Linux (Swift prefers these to the standard
// library's, which this module imports), so that a pause in a run of the device's (an
// extension's, or a call into the app's delegate or handlers) is scenario time charged to the
// run's budget, as `DispatchQueue.asyncAfter`'s is (Rules.md §9.10). Outside a run each one is
// the standard library's own, unchanged.

#if canImport(FoundationNetworking)
  extension Task where Success == Never, Failure == Never {
    /// `Task.sleep(for:)`. In a run, returns at once with `duration` charged to the run's
    /// budget; a pause past the budget throws `CancellationError` there, as the extension is
    /// stopped first on iOS.
    public static func sleep(for duration: Duration) async throws {
      guard let device = HostedProcess.current.run?.device else {
        return try await sleep(for: duration, tolerance: nil, clock: ContinuousClock())
      }
      try Task.checkCancellation()
      do {
        try device.wait(untilElapsed: device.elapsed + duration)
      } catch {
        throw _Concurrency.CancellationError()
      }
    }

    /// `Task.sleep(nanoseconds:)`, as ``sleep(for:)``.
    public static func sleep(nanoseconds duration: UInt64) async throws {
      try await sleep(for: .nanoseconds(Int64(clamping: duration)))
    }
  }
#endif
