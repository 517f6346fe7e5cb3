#if canImport(FoundationNetworking)
  import Foundation

  /// The device's side of an ``ExtensionRun``: what this module's Foundation and Dispatch entry
  /// points ask of the device that runs the app's code. The hosting device (PushSimAppHost)
  /// implements it; this module knows nothing else of the device.
  package protocol ExtensionRunDevice: AnyObject, Sendable {
    /// The scenario time the run has spent since it began.
    var elapsed: Duration { get }
    /// Charges the run's budget until it has spent `elapsed` of scenario time, and returns at
    /// once: scenario time is virtual, nothing waits in real time (Rules.md §9.10).
    ///
    /// - Throws: When the run's budget runs out first or the run is over: the work waiting
    ///   must not run, as iOS stops the extension first.
    func wait(untilElapsed elapsed: Duration) throws
    /// The body the device answers a `GET` of `url` with, whatever its status, for
    /// `Data(contentsOf:)`.
    ///
    /// - Throws: The `URLError` the request fails with (`notConnectedToInternet` when nothing
    ///   answers it, `timedOut` when the budget runs out).
    func contents(of url: URL) async throws -> Data
    /// Records what a framework call of the app's code did (Rules.md §16).
    func record(_ event: HostedEvent)
  }
#endif
