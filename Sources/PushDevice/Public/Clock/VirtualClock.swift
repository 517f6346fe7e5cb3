public import Foundation
import Synchronization

/// An instant on the device's virtual clock: a calendar date, moved only by the device.
public struct VirtualInstant: InstantProtocol, Sendable, Hashable, Comparable {
  /// The date this instant stands for.
  public var date: Date

  /// Creates the instant at `date`.
  package init(_ date: Date) { self.date = date }

  /// The instant `duration` later (earlier when negative).
  public func advanced(by duration: Duration) -> VirtualInstant {
    VirtualInstant(date.addingTimeInterval(duration.timeInterval))
  }

  /// The time from this instant to `other`.
  public func duration(to other: VirtualInstant) -> Duration {
    .seconds(other.date.timeIntervalSince(date))
  }

  /// Orders instants by date.
  public static func < (lhs: VirtualInstant, rhs: VirtualInstant) -> Bool { lhs.date < rhs.date }
}

/// The device's virtual time as a Swift `Clock`: nothing ever waits for real time on it.
///
/// A ``DeviceHost`` keeps one and moves it whenever the device's time moves (a scenario's
/// `wait`, an extension's run). Code that takes a `Clock` — app logic written against
/// `any Clock<Duration>`, tests — gets virtual time:
/// - ``now`` is the device's current instant;
/// - ``sleep(until:tolerance:)`` returns when the device's time reaches the deadline (after
///   ``DeviceHost/advance(by:)`` moves it there), at once when it already has, and throws
///   `CancellationError` when the sleeping task is cancelled. It never reads the wall clock, so
///   a scenario that waits a day takes no real time (Rules.md, "Time").
///
/// Inside a service extension, use ``ServiceExtensionContext/clock`` instead: sleeping there
/// spends the extension's budget, as the work would on a phone.
///
/// - Complexity: `sleep` and moving the clock are O(s log s) for s sleepers at most.
public final class VirtualClock: Clock, Sendable {
  public typealias Instant = VirtualInstant

  private struct Sleeper {
    let id: UInt64
    let deadline: VirtualInstant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now: VirtualInstant
    var sleepers: [Sleeper] = []
    var nextID: UInt64 = 0
    var cancelled: Set<UInt64> = []
  }

  private let state: Mutex<State>

  /// Creates a clock standing at `now`.
  package init(now: Date = DeviceConfiguration.defaultStart) {
    state = Mutex(State(now: VirtualInstant(now)))
  }

  /// The device's current instant.
  public var now: VirtualInstant { state.withLock { $0.now } }

  /// Virtual time has no resolution limit.
  public var minimumResolution: Duration { .zero }

  /// Suspends until the device's time reaches `deadline`; see the type's documentation.
  public func sleep(until deadline: VirtualInstant, tolerance: Duration? = nil) async throws {
    let id: UInt64 = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let resume: Result<Void, any Error>? = state.withLock { state in
          if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return nil
        }
        if let resume { continuation.resume(with: resume) }
      }
    } onCancel: {
      let sleeper: Sleeper? = state.withLock { state in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
          state.cancelled.insert(id)
          return nil
        }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock to `date` (never back) and wakes every sleeper whose deadline has come.
  func move(to date: Date) {
    let due: [Sleeper] = state.withLock { state in
      if date > state.now.date { state.now = VirtualInstant(date) }
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }
      state.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due.sorted(by: { $0.deadline < $1.deadline }) {
      sleeper.continuation.resume()
    }
  }

  /// The number of tasks sleeping on the clock.
  package var sleeperCount: Int { state.withLock { $0.sleepers.count } }
}
