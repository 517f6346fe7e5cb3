import Dispatch
import Synchronization

/// Whether a connection waits for a request, and since when: at the connection limit, the one
/// idle longest makes room for a new one (Rules.md §18.9). Its thread marks it without a lock,
/// twice a read, so connections never wait for one another to mark theirs.
final class IdleMark: Sendable {
  /// The uptime (nanoseconds) since which the connection waits; 0 while it is inside a request.
  private let since: Atomic<UInt64>

  /// A mark for a connection just accepted: idle from now.
  init() {
    since = Atomic(Self.now())
  }

  /// Notes that the connection waits for a request (`idle`) or is inside one.
  func mark(idle: Bool) {
    if idle {
      if since.load(ordering: .relaxed) == 0 { since.store(Self.now(), ordering: .relaxed) }
    } else {
      since.store(0, ordering: .relaxed)
    }
  }

  /// Since when the connection is idle; `nil` while it is inside a request.
  var idleSince: UInt64? {
    let value = since.load(ordering: .relaxed)
    return value == 0 ? nil : value
  }

  /// Marks the connection busy if it is still idle since `time`: `true` when it was, and the
  /// caller may close it (it cannot have begun a request meanwhile).
  func claim(idleSince time: UInt64) -> Bool {
    since.compareExchange(expected: time, desired: 0, ordering: .relaxed).exchanged
  }

  private static func now() -> UInt64 {
    max(1, DispatchTime.now().uptimeNanoseconds)
  }
}
