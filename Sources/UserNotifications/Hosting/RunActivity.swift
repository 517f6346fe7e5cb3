/// What keeps a service extension run busy: held by everything the app's code started in the
/// run (the thread running `didReceive`, the tasks and `DispatchQueue` work it started, the
/// requests it made and their completion handlers), through ``HostedProcess/activity``.
///
/// When the last of them lets go, nothing of the extension runs any more: an extension that has
/// not called its content handler by then never will on its own, and the device waits out the
/// budget in virtual time at once instead of in real time (Rules.md §7). Work the device cannot
/// see (a `Thread` the app made itself, a timer) is not counted; such an extension still ends at
/// its real-time watchdog.
package final class RunActivity: Sendable {
  private let onIdle: @Sendable () -> Void

  /// Makes the activity; `onIdle` runs when the last holder lets it go.
  package init(onIdle: @escaping @Sendable () -> Void) {
    self.onIdle = onIdle
  }

  deinit { onIdle() }
}
