import Synchronization

/// Random-looking (version 4) UUIDs in lowercase, as APNs writes `apns-id` and
/// `apns-unique-id`: a server makes two for every push, and Foundation's `UUID()` opens and
/// reads `/dev/urandom` for each on Linux. The ids only need to be unique, not secret, so each
/// is SplitMix64's mix of the next two values of a counter that starts at a random number:
/// distinct counter values give distinct words (the mix is a bijection), and threads share the
/// counter without a lock.
final class UUIDSource: Sendable {
  private let counter: Atomic<UInt64>

  /// A source whose counter starts at one of the system's random numbers.
  init() {
    var system = SystemRandomNumberGenerator()
    counter = Atomic(system.next())
  }

  /// The next UUID: `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`, `y` one of `8`, `9`, `a`, `b`.
  func next() -> String {
    let first = counter.add(2, ordering: .relaxed).oldValue
    let high = (Self.mix(first) & ~0xF000) | 0x4000
    let low = (Self.mix(first &+ 1) & ~(0xC << 60)) | (0x8 << 60)
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

  /// SplitMix64's finalizer: a bijection of 64-bit words that scatters neighbouring values.
  private static func mix(_ value: UInt64) -> UInt64 {
    var word = value &+ 0x9E37_79B9_7F4A_7C15
    word = (word ^ (word >> 30)) &* 0xBF58_476D_1CE4_E5B9
    word = (word ^ (word >> 27)) &* 0x94D0_49BB_1331_11EB
    return word ^ (word >> 31)
  }
}
