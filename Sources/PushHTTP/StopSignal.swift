import Synchronization

/// A flag the fetching task raises when it is cancelled, read by the download thread between
/// socket waits.
package final class StopSignal: Sendable {
  private let raised = Mutex(false)

  /// A flag not raised yet.
  package init() {}

  /// Raises the flag.
  package func raise() { raised.withLock { $0 = true } }

  /// Whether the flag was raised.
  package var isRaised: Bool { raised.withLock { $0 } }
}
