import Dispatch

// Dispatch's entry points for running work later, declared again for the app's code on Linux
// (with fewer parameters than Dispatch's, so Swift prefers them), so that the work carries the
// app's process (``HostedProcess``): the device's center, the extension run its requests belong
// to, and what keeps that run busy, as the work of an extension's process does on iOS
// (Rules.md §9.10). Outside a device the process is empty and the work runs as Dispatch's own.

extension DispatchQueue {
  /// `async(execute:)`: the work runs in the caller's process.
  public func async(execute work: @escaping @Sendable @convention(block) () -> Void) {
    let process = HostedProcess.current
    async(group: nil, qos: .unspecified, flags: [], execute: { process.bind(work) })
  }

  /// `asyncAfter(deadline:execute:)`: the work runs in the caller's process. In a run of the
  /// device's (an extension, or a call into the app's delegate or handlers) the wait is scenario
  /// time: the work runs at once and the delay is charged to the run's budget; work put off past
  /// the budget never runs, as iOS stops the extension first (Rules.md §9.10).
  public func asyncAfter(
    deadline: DispatchTime, execute work: @escaping @Sendable @convention(block) () -> Void
  ) {
    let process = HostedProcess.current
    #if canImport(FoundationNetworking)
      if let device = process.run?.device {
        // To the millisecond: the deadline was reckoned from a `now()` taken a moment ago.
        let now = DispatchTime.now().uptimeNanoseconds
        let delay = deadline.uptimeNanoseconds > now ? deadline.uptimeNanoseconds - now : 0
        let milliseconds = delay / 1_000_000 + (delay % 1_000_000 >= 500_000 ? 1 : 0)
        let due = device.elapsed + .milliseconds(Int64(clamping: milliseconds))
        async(group: nil, qos: .unspecified, flags: []) {
          guard (try? device.wait(untilElapsed: due)) != nil else { return }
          process.bind(work)
        }
        return
      }
    #endif
    asyncAfter(
      deadline: deadline, qos: .unspecified, flags: [], execute: { process.bind(work) })
  }

  /// `asyncAfter(wallDeadline:execute:)`: the work runs in the caller's process.
  public func asyncAfter(
    wallDeadline: DispatchWallTime, execute work: @escaping @Sendable @convention(block) () -> Void
  ) {
    let process = HostedProcess.current
    asyncAfter(
      wallDeadline: wallDeadline, qos: .unspecified, flags: [], execute: { process.bind(work) })
  }
}
