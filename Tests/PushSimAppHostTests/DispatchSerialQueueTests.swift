// This file imports PushKit, not Dispatch: as with Apple's frameworks, iOS 17's
// `DispatchSerialQueue` comes with it.
import PushKit
import Synchronization
import Testing

@Suite struct DispatchSerialQueueTests {
  /// Apple's VoIP sample makes its registry's queue this way, in a file that imports Foundation,
  /// CallKit and PushKit.
  @Test func aSerialQueueForTheRegistryRunsOneBlockAtATime() {
    let queue = DispatchSerialQueue(label: "VOIP-Queue")
    let registry = PKPushRegistry(queue: queue)
    registry.desiredPushTypes = [.voIP]
    let order = Mutex<[Int]>([])
    for index in 0..<100 { queue.async { order.withLock { $0.append(index) } } }
    queue.sync {}
    #expect(order.withLock { $0 } == Array(0..<100))
    #expect(registry.desiredPushTypes == [.voIP])
  }
}
