// Dispatch's ways to run work after a group's work, declared again for the app's code on
// Linux (with fewer parameters than Dispatch's, so Swift prefers them), so that the work
// carries the app's process (``HostedProcess``) and keeps the extension run busy
// (``RunActivity``) until it has run: an extension that calls its content handler from a
// `DispatchGroup`'s notification is waited for, as iOS waits for the extension's process
// (Rules.md §7). Outside a device each one is Dispatch's own, unchanged.
//
// A `Thread`, an `OperationQueue` or a `DispatchWorkItem` of the app's cannot be followed this
// way (their members have no form with fewer parameters, and declaring the same ones again
// makes the app's calls ambiguous): the device gives such work a real-time grace instead
// (``HostedServiceExtension``).

import Dispatch

extension DispatchQueue {
  /// `async(group:execute:)`: the work runs in the caller's process.
  public func async(
    group: DispatchGroup, execute work: @escaping @Sendable @convention(block) () -> Void
  ) {
    let process = HostedProcess.current
    async(group: group, qos: .unspecified, flags: [], execute: { process.bind(work) })
  }
}

extension DispatchGroup {
  /// `notify(queue:execute:)`: the work runs in the caller's process, which it keeps busy
  /// until then.
  public func notify(
    queue: DispatchQueue, execute work: @escaping @Sendable @convention(block) () -> Void
  ) {
    let process = HostedProcess.current
    notify(qos: .unspecified, flags: [], queue: queue, execute: { process.bind(work) })
  }
}
