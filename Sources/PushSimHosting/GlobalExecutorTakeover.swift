import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Routes the work of Swift's global concurrent executor (every task without an executor of
/// its own: the app's `Task {}` and `Task.detached`, the center's completion handlers,
/// PushSim's own tasks, a test's cases) to the ``ElasticExecutor``, and its delayed work
/// (`Task.sleep`, `Clock.sleep`) to the ``HostTimer``, which hands it to the same pool.
///
/// Swift gives a process three hooks for this (`swift_task_enqueueGlobal_hook` and its two
/// delayed forms), the ones swift-nio uses to run tasks on its event loops. They are set once,
/// before the first call into the app's code (``install()``); work already queued on the
/// default pool stays there, and every job queued afterwards comes here. Without the runtime's
/// hooks (another Swift runtime), nothing changes and the app's blocked tasks can starve the
/// default pool as before (Architecture.md, "The hosting runtime").
package enum GlobalExecutorTakeover {
  private typealias Original = @convention(thin) (UnownedJob) -> Void
  private typealias EnqueueHook = @convention(thin) (UnownedJob, Original) -> Void
  private typealias DelayOriginal = @convention(thin) (UInt64, UnownedJob) -> Void
  private typealias DelayHook = @convention(thin) (UInt64, UnownedJob, DelayOriginal) -> Void
  private typealias DeadlineOriginal =
    @convention(thin) (Int64, Int64, Int64, Int64, CInt, UnownedJob) -> Void
  private typealias DeadlineHook =
    @convention(thin) (Int64, Int64, Int64, Int64, CInt, UnownedJob, DeadlineOriginal) -> Void

  /// Installs the hooks once; later calls do nothing. `true` when the hooks are in place.
  @discardableResult
  package static func install() -> Bool { installed }

  private static let installed: Bool = {
    #if os(Linux)
      return installHooks()
    #else
      return false
    #endif
  }()

  #if os(Linux)
    private static func installHooks() -> Bool {
      guard let enqueue = hook(named: "swift_task_enqueueGlobal_hook", as: EnqueueHook?.self),
        let delay = hook(named: "swift_task_enqueueGlobalWithDelay_hook", as: DelayHook?.self),
        let deadline = hook(
          named: "swift_task_enqueueGlobalWithDeadline_hook", as: DeadlineHook?.self)
      else { return false }
      _ = ElasticExecutor.shared
      _ = HostTimer.shared
      delay.pointee = { nanoseconds, job, _ in
        HostTimer.shared.schedule(at: HostTimer.now() &+ nanoseconds) {
          ElasticExecutor.shared.enqueue(job)
        }
      }
      deadline.pointee = { seconds, nanoseconds, _, _, clock, job, original in
        guard let now = SwiftClock.now(clock) else {
          return original(seconds, nanoseconds, 0, 0, clock, job)
        }
        let due = SwiftClock.nanoseconds(seconds, nanoseconds)
        let delay = due > now ? UInt64(due - now) : 0
        HostTimer.shared.schedule(at: HostTimer.now() &+ delay) {
          ElasticExecutor.shared.enqueue(job)
        }
      }
      enqueue.pointee = { job, _ in ElasticExecutor.shared.enqueue(job) }
      return true
    }

    private static func hook<T>(named name: String, as type: T.Type) -> UnsafeMutablePointer<T>? {
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
      return symbol.assumingMemoryBound(to: type)
    }
  #endif
}

#if os(Linux)
  /// The clocks of Swift's delayed jobs, read as the runtime reads them on Linux.
  private enum SwiftClock {
    /// `ContinuousClock` and `SuspendingClock`, the runtime's clock identifiers 1 and 2.
    static func now(_ clock: CInt) -> Int64? {
      let id: clockid_t
      switch clock {
      case 1: id = CLOCK_BOOTTIME
      case 2: id = CLOCK_MONOTONIC
      default: return nil
      }
      var time = timespec()
      guard clock_gettime(id, &time) == 0 else { return nil }
      return nanoseconds(Int64(time.tv_sec), Int64(time.tv_nsec))
    }

    static func nanoseconds(_ seconds: Int64, _ nanoseconds: Int64) -> Int64 {
      let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
      return overflow ? .max : whole &+ nanoseconds
    }
  }
#endif
