/// How much a connection may send and how long it may take (Rules.md §18.1).
public struct ServeLimits: Sendable, Equatable {
  /// The largest request head (HTTP/1.1) or header list (HTTP/2), in bytes.
  public var head: Int = 16 * 1024
  /// The largest body read; a longer one is answered 413 `PayloadTooLarge` unread. Above the
  /// largest payload APNs takes (5120 bytes, `voip`), so that APNs's own 413 comes from the
  /// verdict with its size.
  public var body: Int = 16 * 1024
  /// How long a started request may take to arrive, in milliseconds.
  public var requestTimeout: Int = 10_000
  /// How long a connection may stay silent between requests, in milliseconds.
  public var idleTimeout: Int = 300_000
  /// How many connections may be open at once; more are closed at once.
  public var connections: Int = 64
  /// HTTP/2 streams a connection may have open at once (SETTINGS_MAX_CONCURRENT_STREAMS) once
  /// a request on it was authenticated; APNs advertises about 1000 (Rules.md §18.4).
  public var streams: Int = 1000
  /// HTTP/2 streams a connection may have open at once until then: APNs allows one.
  public var streamsBeforeAuthentication: Int = 1
  /// How long a request may wait for its device, in milliseconds, before the answer is 500.
  public var deviceTimeout: Int = 60_000

  /// How many pushes each phone keeps (`--device-window`): the records of its newest pushes,
  /// the events since the oldest of them, and as many notifications in Notification Center
  /// (Rules.md §18.9).
  public var deviceWindow: Int = 64

  /// The defaults above.
  public init() {}
}
