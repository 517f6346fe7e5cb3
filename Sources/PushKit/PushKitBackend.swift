import Dispatch
import Foundation
package import PushSimHosting

/// Where a `PKPushRegistry` registers: a simulated device's PushKit, or memory.
package protocol PushKitBackend: Sendable {
  /// The app set `registry.desiredPushTypes` to `types`.
  func registry(_ registry: PKPushRegistry, desires types: Set<PKPushType>)
}

/// The backend registries made now take (bound by the host around the app's launch code).
package enum PushKitHosting {
  /// The backend of the device whose app code is running; `nil` outside a device.
  package static var backend: (any PushKitBackend)? { AppProcess[BackendSlot.self] }

  /// The process slot of ``backend``.
  fileprivate enum BackendSlot: ProcessSlot {
    static var defaultValue: (any PushKitBackend)? { nil }
  }
}

/// PushKit outside any device: each desired type gets a deterministic 32-byte token at once
/// (`"b0"`, then the type's first bytes), handed to the delegate on the registry's queue or a
/// global one. No push ever arrives.
struct StandalonePushKitBackend: PushKitBackend {
  func registry(_ registry: PKPushRegistry, desires types: Set<PKPushType>) {
    for type in types.sorted(by: { $0.rawValue < $1.rawValue }) {
      let bytes = [UInt8](type.rawValue.utf8.prefix(31))
      let token = Data([0xB0] + bytes + Array(repeating: 0, count: 31 - bytes.count))
      DispatchQueue.global().async {
        registry.deliverCredentials(token, for: type, done: {})
      }
    }
  }
}

extension AppProcess {
  /// The PushKit backend of this process (``PushKitHosting/backend``): set it on a process
  /// the host binds once around a call into the app's code.
  package var pushKitBackend: (any PushKitBackend)? {
    get { self[PushKitHosting.BackendSlot.self] }
    set { self[PushKitHosting.BackendSlot.self] = newValue }
  }
}
