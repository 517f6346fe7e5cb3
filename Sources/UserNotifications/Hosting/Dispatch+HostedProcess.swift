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

  /// `asyncAfter(deadline:execute:)`: the work runs in the caller's process.
  public func asyncAfter(
    deadline: DispatchTime, execute work: @escaping @Sendable @convention(block) () -> Void
  ) {
    let process = HostedProcess.current
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
