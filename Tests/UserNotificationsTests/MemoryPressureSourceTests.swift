import Dispatch
import Synchronization
import Testing
import UserNotifications

@Suite struct MemoryPressureSourceTests {
  /// `makeMemoryPressureSource` compiles as on Apple platforms; on Linux the source registers
  /// and cancels as Dispatch's sources do and never fires (Rules.md §9.9).
  @Test func theSourceRegistersCancelsAndNeverFires() async {
    let queue = DispatchQueue(label: "memory")
    let source = DispatchSource.makeMemoryPressureSource(
      eventMask: [.warning, .critical], queue: queue)
    let fired = Mutex(0)
    source.setEventHandler {
      let event: DispatchSource.MemoryPressureEvent = source.data
      if event.contains(.critical) || event.isEmpty { fired.withLock { $0 += 1 } }
    }
    await withCheckedContinuation { (registered: CheckedContinuation<Void, Never>) in
      source.setRegistrationHandler { registered.resume() }
      source.resume()
    }
    await withCheckedContinuation { (cancelled: CheckedContinuation<Void, Never>) in
      source.setCancelHandler { cancelled.resume() }
      source.cancel()
    }
    let mask: DispatchSource.MemoryPressureEvent = source.mask
    #expect(mask == [.warning, .critical])
    #expect(source.isCancelled)
    #expect(fired.withLock { $0 } == 0)
    #expect(DispatchSource.MemoryPressureEvent.all.rawValue == 0x7)
  }
}
