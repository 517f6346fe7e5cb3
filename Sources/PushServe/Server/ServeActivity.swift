import Foundation
import PushSimHosting
import Synchronization

/// When `pushsim serve` stops by itself (`--until N`, `--until-idle DURATION`; Rules.md §18.6):
/// counts the pushes APNs accepted and notes when the last request came, and calls its action
/// once, when the first of its conditions is met.
///
/// Fed by ``ServeLog`` with every request's answer; the idle check runs on PushSim's own timer
/// (``HostTimer``), never on a task.
public final class ServeActivity: Sendable {
  /// Stop once this many pushes were accepted (200 on `/3/device/…` or a broadcast).
  public let acceptedLimit: Int?
  /// Stop once no request came for this long.
  public let idleLimit: Duration?
  private let state = Mutex(State())

  private struct State {
    var accepted = 0
    var lastRequest = HostTimer.now()
    var action: (@Sendable () -> Void)?
  }

  /// A watcher of the two conditions (either may be `nil`).
  public init(acceptedLimit: Int?, idleLimit: Duration?) {
    self.acceptedLimit = acceptedLimit
    self.idleLimit = idleLimit
  }

  /// The pushes accepted so far.
  public var accepted: Int { state.withLock { $0.accepted } }

  /// Calls `action` once, `drain` after a condition is met (the idle time counts from now).
  public func start(drain: Duration, _ action: @escaping @Sendable () -> Void) {
    let delayed: @Sendable () -> Void = {
      _ = HostTimer.shared.schedule(after: drain, action)
    }
    state.withLock {
      $0.action = delayed
      $0.lastRequest = HostTimer.now()
    }
    if let acceptedLimit, acceptedLimit <= 0 { fire() }
    scheduleIdleCheck()
  }

  /// Notes a request and its answer: `push` when it was a push to APNs's endpoints.
  func answered(push: Bool, status: Int) {
    let met = state.withLock { state -> Bool in
      state.lastRequest = HostTimer.now()
      guard push, status == 200 else { return false }
      state.accepted += 1
      return acceptedLimit.map { state.accepted >= $0 } ?? false
    }
    if met { fire() }
  }

  private func scheduleIdleCheck() {
    guard let idleLimit else { return }
    let limit = UInt64(idleLimit.clampedNanoseconds)
    let (deadline, overflow) = state.withLock { $0.lastRequest }.addingReportingOverflow(limit)
    guard !overflow else { return }
    _ = HostTimer.shared.schedule(at: deadline) { [self] in
      let idle = state.withLock { HostTimer.now() - $0.lastRequest >= limit }
      if idle { fire() } else { scheduleIdleCheck() }
    }
  }

  private func fire() {
    let action = state.withLock { state -> (@Sendable () -> Void)? in
      defer { state.action = nil }
      return state.action
    }
    action?()
  }
}
