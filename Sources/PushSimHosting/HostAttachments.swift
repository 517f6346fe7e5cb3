import Synchronization

/// Values other layers keep for one host object (a simulated device), one per type, made on
/// first use: PushSimAppHost keeps a device's ActivityKit center here.
///
/// Each host has its own, behind its own lock, so many devices in parallel never wait for one
/// another; a process-wide table of every device's values was one lock that every hosted call
/// took (Performance.md, "Issue 43"). The values go with the host.
///
/// ```swift
/// let (center, isNew) = host.attachments.value { ActivityHosting.Entry(host: host) }
/// ```
package final class HostAttachments: Sendable {
  private let values = Mutex<[ObjectIdentifier: any Sendable]>([:])

  /// An empty set of values.
  package init() {}

  /// The value of type `Value`, made by `make` (with the lock held, so once) when there is
  /// none yet; `isNew` tells whether it was made by this call.
  package func value<Value: Sendable>(
    _ make: () -> Value
  ) -> (value: Value, isNew: Bool) {
    let key = ObjectIdentifier(Value.self)
    return values.withLock { values in
      if let value = values[key] as? Value { return (value, false) }
      let made = make()
      values[key] = made
      return (made, true)
    }
  }
}
