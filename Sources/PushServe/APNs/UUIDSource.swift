import Synchronization

/// Random (version 4) UUIDs in lowercase, as APNs writes `apns-id` and `apns-unique-id`, from a
/// generator seeded once from the system's (xoshiro256**): a server makes two for every push,
/// and Foundation's `UUID()` opens and reads `/dev/urandom` for each on Linux. The ids only need
/// to be unique, not secret. Callers on any thread share it through its lock.
final class UUIDSource: Sendable {
  private let generator: Mutex<Xoshiro256>

  /// A source seeded from the system's random numbers.
  init() {
    generator = Mutex(Xoshiro256())
  }

  /// The next UUID: `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`, `y` one of `8`, `9`, `a`, `b`.
  func next() -> String {
    let (first, second) = generator.withLock { ($0.next(), $0.next()) }
    let high = (first & ~0xF000) | 0x4000
    let low = (second & ~(0xC << 60)) | (0x8 << 60)
    return String(unsafeUninitializedCapacity: 36) { buffer in
      let digits: StaticString = "0123456789abcdef"
      var position = 0
      for index in 0..<32 {
        if index == 8 || index == 12 || index == 16 || index == 20 {
          buffer[position] = UInt8(ascii: "-")
          position += 1
        }
        let word = index < 16 ? high : low
        let nibble = Int((word >> UInt64(60 - 4 * (index % 16))) & 0xF)
        buffer[position] = digits.utf8Start[nibble]
        position += 1
      }
      return position
    }
  }

}

/// The xoshiro256** generator, seeded from the system's random numbers.
private struct Xoshiro256 {
  private var state: (UInt64, UInt64, UInt64, UInt64)

  init() {
    var system = SystemRandomNumberGenerator()
    state = (system.next(), system.next(), system.next(), system.next())
    if state == (0, 0, 0, 0) { state.0 = 1 }
  }

  /// The next word.
  mutating func next() -> UInt64 {
    let result = ((state.1 &* 5) << 7 | (state.1 &* 5) >> 57) &* 9
    let shifted = state.1 << 17
    state.2 ^= state.0
    state.3 ^= state.1
    state.1 ^= state.2
    state.0 ^= state.3
    state.2 ^= shifted
    state.3 = state.3 << 45 | state.3 >> 19
    return result
  }
}
