import Synchronization

/// A flag the fetching task raises when it is cancelled, read by the download thread while it
/// waits on the socket, before every read, and between slices of decoding
/// (``SocketDeadline/check(url:)``), so a stopped download stops using the CPU at once.
package final class StopSignal: Sendable {
  private let raised = Mutex(false)

  /// A flag not raised yet.
  package init() {}

  /// Raises the flag.
  package func raise() { raised.withLock { $0 = true } }

  /// Whether the flag was raised.
  package var isRaised: Bool { raised.withLock { $0 } }
}
