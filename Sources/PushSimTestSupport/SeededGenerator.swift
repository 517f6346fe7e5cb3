/// SplitMix64: a small, seedable random number generator, so a property test that fails fails
/// the same way every run.
package struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// Creates a generator whose sequence `seed` decides.
  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number from 0 up to, not including, `bound` (which must be positive).
  package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
